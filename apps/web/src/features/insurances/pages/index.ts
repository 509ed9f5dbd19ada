/**
 * "Mis contrataciones" as one lazy module (list, in-progress tab and detail): the first page's router
 * carries one list of files to preload for the three routes instead of two.
 */
export { InsuranceDetailPage } from './insurance-detail-page.tsx';
export { InsurancesPage } from './insurances-page.tsx';
export { OfflineCertificatesPage } from './offline-certificates-page.tsx';
