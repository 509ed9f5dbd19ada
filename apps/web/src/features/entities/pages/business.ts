/** The business center's pages, loaded together by the router. */
export { BusinessCenterPage } from './business-center-page.tsx';
export { BusinessPage } from './business-page.tsx';
export { InvitationPage } from './invitation-page.tsx';
