/**
 * What follows a collected insurance payment, in the transaction that confirms it (every path: wallet
 * payment, provider webhook or return, a CSV import paid from Mi crédito): its invoice, and, if this is
 * an invitee's first paid insurance, the inviter's pending reward (credited later by the referral job,
 * once the insurance has been in force past the withdrawal window). Nothing collected is ever without
 * its invoice.
 *
 * The referral's status and the invoice's facts (the insurance, the recipient, an invoice already issued)
 * are read in one statement; the referral's lock, when this is an invitee's first payment, comes after.
 */
import type { DbOrTx } from '../../db/client.ts';
import { inviteeReferralStatus, recordInviteeFirstPayment } from '../referrals/service.ts';
import { issueInvoiceForImport, issueInvoiceForPayment, readPaymentInvoiceFacts } from './service.ts';

export async function recordCollectedPayment(
  tx: DbOrTx,
  payment: {
    id: number;
    userId: number;
    insuranceId: number | null;
    amountCents: number;
    /** Who paid, `{method}:{provider payer id}`, when the provider tells it (referrals: one payer, one reward). */
    payerKey?: string | null;
  },
  now: Date,
): Promise<void> {
  const { insuranceId } = payment;
  if (!insuranceId) return;
  const { facts, also: referralStatus } = await readPaymentInvoiceFacts(
    tx,
    { ...payment, insuranceId },
    inviteeReferralStatus(payment.userId),
  );
  await recordInviteeFirstPayment(tx, {
    inviteeUserId: payment.userId,
    insuranceId,
    paymentId: payment.id,
    payerKey: payment.payerKey ?? null,
    now,
    seenStatus: referralStatus ?? null,
  });
  await issueInvoiceForPayment(tx, payment, now, facts);
}

/** The same for a CSV import paid from Mi crédito: one invoice for it, and the inviter's pending reward. */
export async function recordCollectedImport(
  tx: DbOrTx,
  input: { userId: number; importId: number; billingEntityId: number; insuranceIds: number[] },
  now: Date,
): Promise<void> {
  if (input.insuranceIds.length === 0) return;
  await recordInviteeFirstPayment(tx, {
    inviteeUserId: input.userId,
    insuranceId: input.insuranceIds[0]!,
    now,
  });
  await issueInvoiceForImport(tx, input, now);
}
