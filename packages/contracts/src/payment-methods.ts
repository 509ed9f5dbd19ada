/**
 * Payment statuses as the spec classifies them (§4 "Payment result status"): one function, used by the
 * API when a provider reports and by the app when a customer comes back from paying. No zod here: the
 * app's first page needs the checkout methods (app config) without loading the schemas.
 */
export const FAILING_PAYMENT_STATUSES = [
  'inprocess',
  'inmediation',
  'rejected',
  'cancelled',
  'refunded',
  'chargedback',
  'failure',
] as const;
export type PaymentOutcome = 'failing' | 'pending' | 'approved';

/** null or absent counts as failing, like every status not named pending or approved/success. */
export function classifyPaymentStatus(status: string | null | undefined): PaymentOutcome {
  if (status === 'approved' || status === 'success') return 'approved';
  if (status === 'pending') return 'pending';
  return 'failing';
}

export const PAYMENT_METHODS = ['sandbox', 'mercadopago', 'uala', 'money_wallet', 'credit_wallet'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** The methods that leave the app for a checkout page; which of them the API offers is in app-config. */
export const CHECKOUT_METHODS = ['mercadopago', 'uala', 'sandbox'] as const;
export type CheckoutMethod = (typeof CHECKOUT_METHODS)[number];
