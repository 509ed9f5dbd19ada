/** The referral page, loaded by the router. */
export { ReferralPage } from './referral-page.tsx';
