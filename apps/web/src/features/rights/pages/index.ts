/** The customer's rights pages (public: signed in or out), loaded together. */
export { BajaConfirmPage, WithdrawalConfirmPage } from './confirm-page.tsx';
export { BajaPage, WithdrawalPage } from './rights-page.tsx';
