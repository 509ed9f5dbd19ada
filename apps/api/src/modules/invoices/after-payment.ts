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
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { insurancePaidAfter, payInsuranceOf, payInsuranceOnce, payMoment } from '../insurances/status.ts';
import { inviteeReferralStatus, recordInviteeFirstPayment } from '../referrals/service.ts';
import {
  issueInvoiceForImport,
  issueInvoiceForPayment,
  type PaymentFactsAlso,
  type PaymentFactsIds,
  type PaymentFactsRow,
  type PaymentInvoiceFacts,
  paymentFactsOfRow,
  paymentFactsSelect,
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
  await collectedAfterFacts(tx, { ...payment, insuranceId }, now, facts, also, options.markPaid === true);
}

/**
 * recordCollectedPayment with `markPaid`, its statement's work done by the caller's own statement
 * (collectedPaymentCtes, then collectedFactsColumn): `row` is what that column answered, null when the
 * statement wrote no payment.
 */
export async function recordCollectedPaymentRead(
  tx: DbOrTx,
  payment: { id: number; userId: number; insuranceId: number; amountCents: number },
  now: Date,
  row: PaymentFactsRow<Reads> | null,
): Promise<void> {
  if (!row) throw new Error(`The facts of payment ${payment.id} were not read with it`);
  const { facts, also } = paymentFactsOfRow(row);
  await collectedAfterFacts(tx, payment, now, facts, also, true);
}

/** What follows the facts' statement: the insurance told paid, the invitee's reward, the invoice. */
async function collectedAfterFacts(
  tx: DbOrTx,
  payment: {
    id: number;
    userId: number;
    insuranceId: number;
    amountCents: number;
    payerKey?: string | null;
  },
  now: Date,
  facts: PaymentInvoiceFacts,
  also: Reads,
  markPaid: boolean,
): Promise<void> {
  const { insuranceId } = payment;
  if (markPaid) await insurancePaidAfter(tx, also.paid);
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

/**
 * recordCollectedPayment's statement (with `markPaid`) as CTEs of a caller's statement, a round trip fewer
 * (a wallet payment's first statement, payments/payment-service.ts): `paid` marks the insurance `ids`
 * names paid, `collected_facts` reads the invoice's facts and the invitee's referral. Both must name the
 * caller's CTE that wrote the payment (PostgreSQL runs `paid` whether or not anything reads it: with no
 * payment written, its id is null and nothing is marked). Bound with collectedPaymentValues; the statement's
 * last select reads collectedFactsColumn, handed to recordCollectedPaymentRead.
 */
export function collectedPaymentCtes(ids: PaymentFactsIds): SQL {
  return sql`paid as (${payInsuranceOf(ids.insuranceId)}),
    collected_facts as (${paymentFactsSelect(paidAndReferral, ids)})`;
}

/** The column of collectedPaymentCtes' facts, for the caller's last select. */
export const collectedFactsColumn = sql`(select to_json(collected_facts) from collected_facts) as collected_facts`;

/** The values of collectedPaymentCtes' placeholders. */
export function collectedPaymentValues(userId: number, now: Date): Record<string, unknown> {
  return { ...payMoment(now), referralUserId: userId };
}

/** What collectedFactsColumn answers. */
export type CollectedFactsRow = PaymentFactsRow<Reads>;

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
