/**
 * What /webhooks/mercadopago and /webhooks/uala do (the routes are in webhook-routes.ts): payment
 * providers tell us a payment changed. No session; the signature is checked first (401 with the error body
 * when it is wrong or stale), then the payment is read back from the provider and what the provider says
 * is applied once (applyProviderStatus).
 *
 * Providers retry whatever does not answer 2xx, so: a provider that cannot be read back answers 502 (retry
 * later; nothing was changed), while notifications we will never act on — a payment that is not ours,
 * another topic, an amount that does not match — answer 200 and are logged.
 */

import type { WebhookOutcome } from '@cubierto/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { payments } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { type MercadoPagoProvider, verifyMercadoPagoSignature } from './mercadopago.ts';
import { applyProviderStatus } from './payment-service.ts';
import { type ProviderPayment, providerUnavailable } from './provider-api.ts';
import { UalaNotificationSchema, type UalaProvider, verifyUalaSignature } from './uala.ts';

type Method = 'mercadopago' | 'uala';
export type NoticeOutcome = WebhookOutcome;

const LABELS: Record<Method, string> = { mercadopago: 'Mercado Pago', uala: 'Ualá' };

/** Applies a payment as read back from its provider, if it is one of ours and its amount is ours. */
async function applyReadBack(
  deps: { db: Db; log: FastifyBaseLogger },
  method: Method,
  read: ProviderPayment,
): Promise<NoticeOutcome> {
  const log = deps.log.child({ provider: method, provider_payment_id: read.providerPaymentId });
  if (!read.externalReference || read.status === null) {
    log.warn({ status: read.status }, 'payment notification ignored: no reference or unknown status');
    return 'ignored';
  }
  const [ours] = await deps.db
    .select({ amountCents: payments.amountCents })
    .from(payments)
    .where(and(eq(payments.externalReference, read.externalReference), eq(payments.method, method)));
  if (!ours) {
    log.warn({ external_reference: read.externalReference }, 'payment notification ignored: unknown payment');
    return 'ignored';
  }
  if (read.currency !== 'ARS' || read.amountCents !== ours.amountCents) {
    log.error(
      {
        external_reference: read.externalReference,
        paid: [read.amountCents, read.currency],
        expected: ours.amountCents,
      },
      'payment notification ignored: amount does not match the payment',
    );
    return 'ignored';
  }
  await applyProviderStatus(deps.db, {
    method,
    externalReference: read.externalReference,
    providerPaymentId: read.providerPaymentId,
    providerStatus: read.status,
    payerId: read.payerId ?? null,
  });
  return 'applied';
}

async function readBack(provider: MercadoPagoProvider | UalaProvider, method: Method, id: string) {
  const read = await provider.readPayment(id);
  // Signed, so it exists: the provider's API has not caught up yet. Retry later.
  if (!read) throw providerUnavailable(LABELS[method], new Error(`payment ${id} not found yet`));
  return read;
}

export async function receiveMercadoPagoNotice(
  deps: { db: Db; log: FastifyBaseLogger; provider: MercadoPagoProvider; secret: string },
  input: {
    dataId: string | undefined;
    type: string | undefined;
    signature: string | undefined;
    requestId: string | undefined;
    now?: Date;
  },
): Promise<NoticeOutcome> {
  if (!input.dataId) throw new AppError('bad_request', { message: 'La notificación no indica el recurso.' });
  verifyMercadoPagoSignature({
    secret: deps.secret,
    signature: input.signature,
    requestId: input.requestId,
    dataId: input.dataId,
    now: input.now ?? new Date(),
  });
  if (input.type !== 'payment') {
    deps.log.info(
      { type: input.type, data_id: input.dataId },
      'Mercado Pago notification of another topic ignored',
    );
    return 'ignored';
  }
  return applyReadBack(deps, 'mercadopago', await readBack(deps.provider, 'mercadopago', input.dataId));
}

export async function receiveUalaNotice(
  deps: { db: Db; log: FastifyBaseLogger; provider: UalaProvider; secret: string },
  input: { rawBody: Buffer; signature: string | undefined; now?: Date },
): Promise<NoticeOutcome> {
  verifyUalaSignature({
    secret: deps.secret,
    signature: input.signature,
    rawBody: input.rawBody,
    now: input.now ?? new Date(),
  });
  let notice: z.infer<typeof UalaNotificationSchema>;
  try {
    notice = UalaNotificationSchema.parse(JSON.parse(input.rawBody.toString('utf8')));
  } catch (cause) {
    throw new AppError('bad_request', { message: 'La notificación no es válida.', cause });
  }
  if (notice.status?.toUpperCase() === 'NOT_REFUNDED')
    // The refund we asked for (a withdrawal) failed: the order stays approved and the refund en curso;
    // an operator has to look (the payment has refund_requested_at and no refunded_at).
    deps.log.error({ uuid: notice.uuid }, 'Ualá did not refund the order');
  const read = await readBack(deps.provider, 'uala', notice.uuid);
  const noticed = notice.external_reference ?? null;
  if (read.externalReference && noticed && read.externalReference !== noticed) {
    deps.log.error({ uuid: notice.uuid }, 'Ualá notification ignored: its reference is not the order’s');
    return 'ignored';
  }
  // Orders read back without their reference keep the one the (signed) notification named.
  return applyReadBack(deps, 'uala', { ...read, externalReference: read.externalReference ?? noticed });
}
