/**
 * Which payment method a payment screen (the contract's summary, the pay page) chooses before the
 * customer does (issue 19): Mi dinero only when its balance covers the whole premium; otherwise the first
 * checkout the server offers (app-config's `checkout_methods`, in its order). A method whose payment was
 * just rejected or left pending is passed over, so the customer is offered another one; it is chosen again
 * only when nothing else is left. Mi crédito is never chosen for the customer.
 */
import type { CheckoutMethod, PaymentMethod } from '@cubierto/contracts';

export type PreselectInput = {
  /** What is to be paid, in centavos. */
  totalCents: number;
  /** Mi dinero's balance in centavos; null when it is not known (not read yet, or unreadable). */
  moneyBalanceCents: number | null;
  /** The checkouts the server has configured, in its order. */
  checkoutMethods: readonly CheckoutMethod[];
  /** The method of a payment that just failed or was left pending, offered last. */
  passOver?: PaymentMethod | null;
};

export function preselectPaymentMethod({
  totalCents,
  moneyBalanceCents,
  checkoutMethods,
  passOver = null,
}: PreselectInput): PaymentMethod {
  const covers = moneyBalanceCents !== null && moneyBalanceCents >= totalCents;
  if (covers && passOver !== 'money_wallet') return 'money_wallet';
  const checkout = checkoutMethods.find((method) => method !== passOver);
  if (checkout) return checkout;
  if (covers) return 'money_wallet';
  return checkoutMethods[0] ?? 'money_wallet';
}
