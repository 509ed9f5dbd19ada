/** The claims pages ('Reclamos'), loaded together by the router. */
export { ClaimDetailPage } from './claim-detail-page.tsx';
export { ClaimsPage } from './claims-page.tsx';
export { NewClaimPage } from './new-claim-page.tsx';
