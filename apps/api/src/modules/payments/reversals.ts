/**
 * Money that a provider gives back after it was approved (DOMAIN.md "Reversals"). Mercado Pago reports a
 * payment `refunded`, `cancelled` or `charged_back`; Ualá an order REFUNDED (or CANCELLED), read in the
 * same vocabulary (uala.ts). Then:
 *
 * - a refund we asked for (a withdrawal: `refund_requested_at`) is recorded as given back — the insurance
 *   already ended when it was asked;
 * - anything else is a reversal: the payment takes the provider's status, the insurance it paid is voided
 *   (`anulado` by the transition table's `reverse`, with its notification) while it is still pending or in
 *   force, the part of its invoice not yet credited gets a credit note, and every peso credited to a wallet
 *   from it (a top-up, a late payment credited to Mi dinero, a refund at a baja) is debited back whole —
 *   leaving a negative balance, the customer's debt, when the balance does not cover it.
 *
 * Both run in the webhook's transaction, with the payment locked, once: the payment is then final, so a
 * replayed or older notification changes nothing.
 */
import { formatArs } from '@cubierto/contracts';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { insurances, payments, walletMovements, wallets } from '../../db/schema/index.ts';
import { endInsurance } from '../insurances/status.ts';
import { issueCreditNoteForRefund } from '../invoices/service.ts';
import { notifyPaymentReversed } from '../notifications/events.ts';
import { clawBackReferralReward } from '../referrals/service.ts';
import { postMovement } from '../wallets/service.ts';

type PaymentRow = typeof payments.$inferSelect;

/** The provider statuses (Mercado Pago's, Ualá's as read) that say an approved payment was given back. */
export const REVERSAL_STATUSES = ['refunded', 'cancelled', 'charged_back', 'chargedback'] as const;

export function isReversalStatus(status: string | null): status is string {
  return status !== null && (REVERSAL_STATUSES as readonly string[]).includes(status);
}

/** The refund we asked for came through: recorded, nothing else moves (the withdrawal moved it all). */
export async function recordProviderRefund(
  tx: DbOrTx,
  payment: PaymentRow,
  providerStatus: string,
  now: Date,
): Promise<PaymentRow> {
  const [updated] = await tx
    .update(payments)
    .set({ status: 'refunded', providerStatus, refundedAt: now, updatedAt: now })
    .where(eq(payments.id, payment.id))
    .returning();
  return updated!;
}

const REVERSED_AS: Record<string, string> = {
  refunded: 'devuelto',
  cancelled: 'cancelado',
  charged_back: 'desconocido por el titular (contracargo)',
  chargedback: 'desconocido por el titular (contracargo)',
};

/** A reversal we did not ask for: see the module's comment. */
export async function reversePayment(
  tx: DbOrTx,
  payment: PaymentRow,
  providerStatus: string,
  now: Date,
): Promise<PaymentRow> {
  const [updated] = await tx
    .update(payments)
    .set({ status: providerStatus, providerStatus, reversedAt: now, updatedAt: now })
    .where(eq(payments.id, payment.id))
    .returning();

  // What was credited to a wallet from this payment itself: a top-up, or a late payment of an insurance
  // that had stopped waiting (it went to Mi dinero, and the insurance was never paid by it).
  const fromPayment = await tx
    .select({ walletId: walletMovements.walletId, amountCents: walletMovements.amountCents })
    .from(walletMovements)
    .where(and(eq(walletMovements.paymentId, payment.id), gt(walletMovements.amountCents, 0)));
  const credited = [...fromPayment];
  const paidTheInsurance =
    payment.purpose === 'insurance' && payment.insuranceId !== null && fromPayment.length === 0;

  let insuranceNumber: string | null = null;
  if (paidTheInsurance) {
    const [insurance] = await tx
      .select()
      .from(insurances)
      .where(eq(insurances.id, payment.insuranceId!))
      .for('update');
    insuranceNumber = insurance?.number ?? null;
    // Refunds to a wallet at its end (a baja's unused part, a void): the payer has all of it back now.
    const refunds = await tx
      .select({ walletId: walletMovements.walletId, amountCents: walletMovements.amountCents })
      .from(walletMovements)
      .where(
        and(
          eq(walletMovements.insuranceId, payment.insuranceId!),
          eq(walletMovements.kind, 'refund'),
          isNull(walletMovements.paymentId),
          gt(walletMovements.amountCents, 0),
        ),
      );
    credited.push(...refunds);
    const refunded = refunds.reduce((sum, r) => sum + r.amountCents, 0);
    if (
      insurance &&
      (insurance.status === 'vigente' || (insurance.status === 'pendiente' && insurance.paidAt))
    )
      await endInsurance(tx, { insurance, action: 'reverse', now });
    // The invoice of a sale that was not collected after all: credited for what no refund credited yet.
    const uncredited = payment.amountCents - refunded;
    if (insurance && uncredited > 0)
      await issueCreditNoteForRefund(
        tx,
        {
          userId: payment.userId,
          insuranceId: insurance.id,
          amountCents: uncredited,
          refundMovementId: null,
          reason: 'Anulación por reversión del pago',
        },
        now,
      );
  }

  // Debited back whole, wallet by wallet, never more than the payment brought.
  let left = payment.amountCents;
  const byWallet = new Map<number, number>();
  for (const c of credited) byWallet.set(c.walletId, (byWallet.get(c.walletId) ?? 0) + c.amountCents);
  let first = true;
  for (const [walletId, amount] of byWallet) {
    const debit = Math.min(amount, left);
    if (debit <= 0) break;
    left -= debit;
    const [wallet] = await tx
      .select({ userId: wallets.userId, kind: wallets.kind })
      .from(wallets)
      .where(eq(wallets.id, walletId));
    const movement = await postMovement(tx, {
      userId: wallet!.userId,
      kind: wallet!.kind,
      amountCents: -debit,
      movement: 'reversal',
      description: `Reversión de un pago ${REVERSED_AS[providerStatus] ?? providerStatus}${insuranceNumber ? ` (contratación ${insuranceNumber})` : ''}`,
      // One reversal movement per payment (the database's unique key); a second wallet's names no payment.
      paymentId: first ? payment.id : null,
      insuranceId: payment.insuranceId,
    });
    first = false;
    if (movement.balanceAfterCents < 0)
      await notifyPaymentReversed(tx, {
        paymentId: payment.id,
        userId: wallet!.userId,
        walletId,
        amount: formatArs(payment.amountCents),
        how: REVERSED_AS[providerStatus] ?? providerStatus,
        owed: formatArs(-movement.balanceAfterCents),
        wallet: wallet!.kind,
      });
  }
  // An invitee's first payment taken back: their inviter's reward goes too (DOMAIN.md "Referral rewards").
  if (payment.purpose === 'insurance')
    await clawBackReferralReward(tx, { paymentId: payment.id, reason: 'payment_reversed', now });
  return updated!;
}
