/** 'Mis importaciones de seguros' as one lazy module: the list with a new import, and one import. */
export { ImportPage } from './import-page.tsx';
export { ImportsPage } from './imports-page.tsx';
