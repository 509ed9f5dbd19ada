/** The billing pages, loaded together by the router. */
export { BillingPage } from './billing-page.tsx';
