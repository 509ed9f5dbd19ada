/**
 * What the app does when a customer comes back from a checkout (spec §2 "Payment return links", §4
 * "Payment result status" and "After a payment return", §8 payment toasts). `decidePaymentReturn` reads
 * the query string into a decision; `handlePaymentReturn` confirms it with the server and acts on it.
 *
 * An insurance's payment (issue 19): approved, the customer lands on 'Estás cubierto' (the poll is offered
 * there, below); failing or pending, back on the contract's summary (or the pay page, for an insurance not
 * contracted through the flow) with the reason beside the button and another method chosen, under the
 * spec's 'not paid yet' modal. The screens say the outcome, so no toast; top-ups keep the spec's toasts.
 */
import { classifyPaymentStatus, type Payment, type PaymentOutcome } from '@cubierto/contracts';
import { SIGN_IN_RETURN_PARAMS } from '../../../shared/session/after-login.ts';
import { fetchInsurance } from '../../insurances/api/insurance.ts';
import { findPaymentByReference } from '../api/payment-by-reference.ts';
import { openNotPaidDialog, showPaymentToast } from './payment-feedback.ts';
import { coveredPath, type ReturnedPayment } from './payment-panel.tsx';

/**
 * The query parameters of a return (spec §2), removed once handled. code, state and access_token are a
 * social provider's answer, never a credential of ours: a signed-in customer has no use for them, so
 * they only leave the address (signed out, the login page finishes them; DOMAIN.md "Return links").
 */
export const PAYMENT_RETURN_PARAMS = [
  'status',
  'custom_status',
  'external_reference',
  'insurance_id',
  'mercado_pago_transfer',
  'uala_transfer',
  'credit_wallet',
  ...SIGN_IN_RETURN_PARAMS,
] as const;

/** Spec §9: deep-link handling waits 500 ms. */
export const PAYMENT_RETURN_DELAY = 500;

export type PaymentReturn =
  | {
      kind: 'insurance';
      insuranceId: number;
      outcome: PaymentOutcome;
      status: string | null;
      ref: string | null;
    }
  | { kind: 'money-wallet' | 'credit-wallet' | 'payment'; outcome: PaymentOutcome; ref: string | null };

/** null when the query string is not a payment return. */
export function decidePaymentReturn(params: URLSearchParams): PaymentReturn | null {
  // custom_status is used when status is absent (spec §4).
  const status = params.get('status') || params.get('custom_status') || null;
  const ref = params.get('external_reference') || null;
  const moneyTransfer =
    params.get('mercado_pago_transfer') === 'true' || params.get('uala_transfer') === 'true';
  const creditTransfer = params.get('credit_wallet') === 'true';
  if (!status && !ref && !moneyTransfer && !creditTransfer) return null;
  // null counts as failing: an external reference alone is not paid.
  const outcome = classifyPaymentStatus(status);
  const insuranceId = Number(params.get('insurance_id'));
  if (Number.isInteger(insuranceId) && insuranceId > 0)
    return { kind: 'insurance', insuranceId, outcome, status, ref };
  if (moneyTransfer) return { kind: 'money-wallet', outcome, ref };
  if (creditTransfer) return { kind: 'credit-wallet', outcome, ref };
  return { kind: 'payment', outcome, ref };
}

/** The return's query string without the payment parameters (other parameters stay). */
export function withoutPaymentParams(search: string): string {
  const params = new URLSearchParams(search);
  for (const name of PAYMENT_RETURN_PARAMS) params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/** The payment as the server has it, by the reference the checkout came back with; null if unreadable. */
async function readPayment(ref: string | null): Promise<Payment | null> {
  if (!ref) return null;
  try {
    return await findPaymentByReference(ref);
  } catch {
    return null;
  }
}

/**
 * A success is only shown once the server says so: a webhook may still be on its way, so the payment's
 * own status (by its reference) wins over the link's. Unreadable → treated as pending, never as paid.
 */
function confirmedOutcome(decision: PaymentReturn, payment: Payment | null): PaymentOutcome {
  if (decision.outcome !== 'approved' || !decision.ref) return decision.outcome;
  return payment ? classifyPaymentStatus(payment.status) : 'pending';
}

export type PaymentReturnDeps = {
  navigate: (to: string, state?: { returnedPayment: ReturnedPayment }) => void;
  wait?: (ms: number) => Promise<void>;
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Where an unpaid insurance is paid: its contract's summary, or the pay page when it has none. */
async function payScreenOf(insuranceId: number): Promise<{ path: string; paid: boolean }> {
  try {
    const insurance = await fetchInsurance(insuranceId);
    if (insurance.paid_at) return { path: coveredPath(insuranceId), paid: true };
    if (insurance.process_id !== null)
      return { path: `/contract-insurance/${insurance.process_id}`, paid: false };
  } catch {
    // Unreadable now: the pay page reads it again and says why.
  }
  return { path: `/customers/insurances/${insuranceId}/pay`, paid: false };
}

export async function handlePaymentReturn(decision: PaymentReturn, deps: PaymentReturnDeps): Promise<void> {
  await (deps.wait ?? sleep)(PAYMENT_RETURN_DELAY);
  const payment = await readPayment(decision.ref);
  const outcome = confirmedOutcome(decision, payment);

  if (decision.kind === 'insurance') {
    const { insuranceId } = decision;
    if (outcome === 'approved') {
      deps.navigate(coveredPath(insuranceId));
      return;
    }
    const screen = await payScreenOf(insuranceId);
    // Paid meanwhile (another attempt went through): nothing to ask.
    if (screen.paid) {
      deps.navigate(screen.path);
      return;
    }
    deps.navigate(screen.path, { returnedPayment: { outcome, method: payment?.method ?? null } });
    if ((await openNotPaidDialog()) === 'later') deps.navigate(`/customers/insurances/${insuranceId}`);
    return;
  }
  showPaymentToast(outcome);
  if (decision.kind === 'money-wallet') {
    // Spec §4: home first, then the wallet.
    deps.navigate('/tabs');
    deps.navigate('/customers/money-wallet');
  } else if (decision.kind === 'credit-wallet') {
    deps.navigate('/customers/credit-wallet');
  }
}
