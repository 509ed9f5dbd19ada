/**
 * Money that goes back through the provider that collected it (a withdrawal of a Mercado Pago or Ualá
 * payment): the withdrawal's transaction records that we asked (`refund_requested_at`) and enqueues this
 * job; the job asks the provider's refund API, outside any transaction, and is retried with the outbox's
 * backoff while the provider cannot be reached. The provider's webhook then reports the payment refunded:
 * since we asked, that is recorded as our refund (`refunded_at`), not as a reversal (payment-service.ts).
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { payments } from '../../db/schema/index.ts';
import type { JobHandlers } from '../../lib/outbox.ts';
import type { Providers } from './payment-service.ts';
import { canRefund } from './provider-api.ts';

export const PROVIDER_REFUND_JOB = 'payments.provider_refund';

const PayloadSchema = z.object({ paymentId: z.number().int(), amountCents: z.number().int().positive() });

export function paymentJobs(providers: Providers): JobHandlers {
  return {
    [PROVIDER_REFUND_JOB]: {
      maxAttempts: 20,
      async run(payload, { db, now, log }) {
        const { paymentId, amountCents } = PayloadSchema.parse(payload);
        const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
        // Already asked (a job run twice), already given back, or taken back by the provider meanwhile.
        if (!payment || payment.providerRefundId || payment.refundedAt || payment.reversedAt) return;
        if (payment.method !== 'mercadopago' && payment.method !== 'uala')
          throw new Error(`payment ${paymentId} is not a provider's payment`);
        const provider = providers[payment.method];
        if (!canRefund(provider)) throw new Error(`${payment.method} is not configured: cannot refund`);
        if (!payment.providerPaymentId) throw new Error(`payment ${paymentId} has no provider id`);
        const { refundId } = await provider.refundPayment({
          providerPaymentId: payment.providerPaymentId,
          amountCents,
          // The same key on every attempt: the provider answers the same refund to a retry.
          idempotencyKey: `refund-${payment.externalReference}`,
        });
        await db
          .update(payments)
          .set({ providerRefundId: refundId ?? 'requested', updatedAt: now })
          .where(eq(payments.id, paymentId));
        log.info({ payment_id: paymentId, refund_id: refundId }, 'refund asked of the provider');
      },
    },
  };
}
