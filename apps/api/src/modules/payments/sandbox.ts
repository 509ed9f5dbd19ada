/**
 * The sandbox payment provider of the embedded default: its own checkout page where the customer
 * approves, leaves pending or rejects, then returns through the same links a real provider uses
 * (spec §2 "Payment return links") after the same status update a webhook would make. The routes are in
 * sandbox-routes.ts.
 */
import { formatArs } from '@cubierto/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { payments } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { escapeHtml } from '../../lib/mail.ts';
import { approvedReturnStatus, checkoutTitle, returnUrl } from './checkout.ts';
import { applyProviderStatus, type CheckoutProvider } from './payment-service.ts';

export function createSandboxProvider(publicUrl: string): CheckoutProvider {
  return {
    async createCheckout(payment) {
      return `${publicUrl}/sandbox/checkout/${payment.externalReference}`;
    },
  };
}

type PaymentRow = typeof payments.$inferSelect;

const ACTIONS = { approve: 'approved', pending: 'pending', reject: 'rejected' } as const;

function page(payment: PaymentRow): string {
  const what = checkoutTitle(payment);
  const action = (name: keyof typeof ACTIONS, label: string, style: string) =>
    `<form method="post" action="/sandbox/checkout/${escapeHtml(payment.externalReference)}/${name}"><button type="submit" style="${style}">${label}</button></form>`;
  const base =
    'width:100%;padding:14px;border-radius:10px;font-size:16px;font-weight:600;cursor:pointer;margin-top:10px;';
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Pago de prueba · Cubierto</title></head>
<body style="margin:0;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f1f5f7;color:#102a33">
<main style="max-width:420px;margin:40px auto;padding:28px;background:#fff;border-radius:16px;box-shadow:0 4px 20px rgba(0,0,0,.08)">
<p style="margin:0 0 6px;color:#4a5f66;font-size:14px">Entorno de pruebas · ningún pago es real</p>
<h1 style="margin:0 0 18px;font-size:24px">Pago de prueba</h1>
<p style="margin:0;color:#4a5f66">${what}</p>
<p style="margin:6px 0 22px;font-size:32px;font-weight:700">${escapeHtml(formatArs(payment.amountCents))}</p>
${action('approve', 'Aprobar el pago', `${base}background:#0b6e7f;color:#fff;border:0`)}
${action('pending', 'Dejar pendiente', `${base}background:#fff;color:#0b4f5c;border:2px solid #0b6e7f`)}
${action('reject', 'Rechazar el pago', `${base}background:#fff;color:#a61b1b;border:2px solid #a61b1b`)}
</main></body></html>`;
}

/** The sandbox payment its checkout page names; any other payment does not exist here. */
export async function findSandboxPayment(deps: { db: Db }, input: { ref: string }): Promise<PaymentRow> {
  const [payment] = await deps.db.select().from(payments).where(eq(payments.externalReference, input.ref));
  if (payment?.method !== 'sandbox') throw new AppError('not_found', { message: 'El pago no existe.' });
  return payment;
}

/** GET /sandbox/checkout/{ref}: the checkout page, as HTML. */
export async function sandboxCheckoutPage(deps: { db: Db }, input: { ref: string }): Promise<string> {
  return page(await findSandboxPayment(deps, input));
}

export type SandboxAction = keyof typeof ACTIONS;
export const SANDBOX_ACTIONS = Object.keys(ACTIONS) as [SandboxAction, ...SandboxAction[]];

/**
 * POST /sandbox/checkout/{ref}/{action}: applies the customer's choice as a provider's notification would,
 * and answers where the customer returns to (the universal link form, as Mercado Pago and Ualá return: in
 * the apps it opens the app again).
 */
export async function decideSandboxPayment(
  deps: { db: Db; publicUrl: string },
  input: { ref: string; action: SandboxAction },
): Promise<string> {
  const payment = await findSandboxPayment(deps, input);
  const status = ACTIONS[input.action];
  const updated = await applyProviderStatus(deps.db, {
    method: 'sandbox',
    externalReference: payment.externalReference,
    providerPaymentId: `sbx-${payment.id}`,
    providerStatus: status,
  });
  const returned = updated.status === 'approved' ? approvedReturnStatus(updated) : status;
  return `${deps.publicUrl}${returnUrl(updated, returned)}`;
}
