/**
 * The catalogue's pages as one lazy module: the router loads them together, so the first page's router
 * carries one list of files to preload for the three routes instead of three.
 */
export { CatalogPage } from './catalog-page.tsx';
export { PublicRiskTypePage } from './public-risk-type-page.tsx';
export { RiskTypePage } from './risk-type-page.tsx';
