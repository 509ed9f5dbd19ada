/**
 * What follows a collected insurance payment, in the transaction that confirms it (every path: wallet
 * payment, provider webhook or return, a CSV import paid from Mi crédito): its invoice, and, if this is
 * an invitee's first paid insurance, the inviter's pending reward (credited later by the referral job,
 * once the insurance has been in force past the withdrawal window). Nothing collected is ever without
 * its invoice.
 *
 * The referral's status and the invoice's facts (the insurance, the recipient, an invoice already issued)
 * are read in one statement, which may also mark the insurance paid; the referral's lock, when this is an
 * invitee's first payment, comes after.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { insurancePaidAfter, payInsuranceOnce } from '../insurances/status.ts';
import { inviteeReferralStatus, recordInviteeFirstPayment } from '../referrals/service.ts';
import {
  issueInvoiceForImport,
  issueInvoiceForPayment,
  type PaymentFactsAlso,
  readPaymentInvoiceFacts,
} from './service.ts';

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
  options: {
    /**
     * The insurance is marked paid (insurances/status.ts, payInsuranceOnce) in the statement that reads
     * the invoice's facts: one round trip for both. Refused, as markInsurancesPaid refuses, when it may
     * not be paid.
     */
    markPaid?: boolean;
  } = {},
): Promise<void> {
  const { insuranceId } = payment;
  if (!insuranceId) return;
  const { facts, also } = await readPaymentInvoiceFacts(
    tx,
    { ...payment, insuranceId },
    options.markPaid
      ? {
          reads: paidAndReferral,
          values: { ...payInsuranceOnce.values(insuranceId, now), referralUserId: payment.userId },
        }
      : { reads: referralOnly, values: { referralUserId: payment.userId } },
  );
  if (options.markPaid) await insurancePaidAfter(tx, also.paid);
  await recordInviteeFirstPayment(tx, {
    inviteeUserId: payment.userId,
    insuranceId,
    paymentId: payment.id,
    payerKey: payment.payerKey ?? null,
    now,
    seenStatus: also.referral ?? null,
  });
  await issueInvoiceForPayment(tx, payment, now, facts);
}

type PaidRow = Parameters<typeof insurancePaidAfter>[1];
type Reads = { referral: string | null; paid: PaidRow | null };

/** What the facts' statement reads for recordCollectedPayment, built once (invoices/service.ts). */
const referralOnly: PaymentFactsAlso<Reads> = {
  with: null,
  also: sql<Reads>`json_build_object('referral', ${inviteeReferralStatus(sql.placeholder('referralUserId'))},
    'paid', null)`,
};
const paidAndReferral: PaymentFactsAlso<Reads> = {
  with: sql`paid as (${payInsuranceOnce.sql})`,
  also: sql<Reads>`json_build_object('referral', ${inviteeReferralStatus(sql.placeholder('referralUserId'))},
    'paid', (select row_to_json(paid) from paid))`,
};

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
