/**
 * What every checkout provider (sandbox, Mercado Pago, Ualá) shows and sends the customer back with:
 * the title of what is paid and the return links with the spec's parameters (§2 "Payment return links").
 */
import type { payments } from '../../db/schema/index.ts';

type PaymentRow = typeof payments.$inferSelect;

export function checkoutTitle(payment: PaymentRow): string {
  if (payment.purpose === 'insurance') return 'Pago de tu contratación';
  return payment.purpose === 'money_top_up' ? 'Ingreso de dinero a Mi dinero' : 'Carga de Mi crédito';
}

/**
 * The status a successful return carries: `approved` for an insurance (the app then opens the poll and
 * the insurance), `success` for a wallet transfer (spec §4 "After a payment return").
 */
export function approvedReturnStatus(payment: PaymentRow): 'approved' | 'success' {
  return payment.purpose === 'insurance' ? 'approved' : 'success';
}

/** Where the customer lands after paying (a path of the web app), with the spec's return parameters. */
export function returnUrl(payment: PaymentRow, status: string): string {
  const params = new URLSearchParams({ status, external_reference: payment.externalReference });
  if (payment.purpose === 'insurance' && payment.insuranceId)
    params.set('insurance_id', String(payment.insuranceId));
  if (payment.purpose === 'money_top_up') {
    params.set(payment.method === 'uala' ? 'uala_transfer' : 'mercado_pago_transfer', 'true');
  }
  if (payment.purpose === 'credit_top_up') params.set('credit_wallet', 'true');
  return `/tabs?${params.toString()}`;
}
