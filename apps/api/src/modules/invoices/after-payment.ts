/**
 * What follows a collected insurance payment, in the transaction that confirms it (every path: wallet
 * payment, provider webhook or return, a CSV import paid from Mi crédito): its invoice, and the
 * inviter's reward if this is the invitee's first paid insurance. Nothing collected is ever without its
 * invoice.
 *
 * Lock order: wallets first, the invoice counter last. Every money transaction locks wallet rows before
 * it gets here (the payer's debit) and the reward locks the inviter's wallet, so the reward goes before
 * the invoice; otherwise an invitee's payment (counter, then inviter's wallet) and the inviter's own
 * wallet payment (wallet, then counter) could deadlock. Taking the counter last also keeps the one row
 * every payment queues on locked for the shortest time.
 */
import type { DbOrTx } from '../../db/client.ts';
import { rewardReferrer } from '../referrals/service.ts';
import { issueInvoiceForImport, issueInvoiceForPayment } from './service.ts';

export async function recordCollectedPayment(
  tx: DbOrTx,
  payment: { id: number; userId: number; insuranceId: number | null; amountCents: number },
  now: Date,
): Promise<void> {
  if (!payment.insuranceId) return;
  await rewardReferrer(tx, { inviteeUserId: payment.userId, insuranceId: payment.insuranceId });
  await issueInvoiceForPayment(tx, payment, now);
}

/** The same for a CSV import paid from Mi crédito: one invoice for it, and the inviter's reward. */
export async function recordCollectedImport(
  tx: DbOrTx,
  input: { userId: number; importId: number; billingEntityId: number; insuranceIds: number[] },
  now: Date,
): Promise<void> {
  if (input.insuranceIds.length === 0) return;
  await rewardReferrer(tx, { inviteeUserId: input.userId, insuranceId: input.insuranceIds[0]! });
  await issueInvoiceForImport(tx, input, now);
}
