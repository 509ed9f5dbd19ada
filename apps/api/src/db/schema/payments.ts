/**
 * Money: wallets (money and credit) with append-only movements, and payments through any method.
 * A wallet's cached balance changes in the same transaction as its movement and always equals the
 * balance after its last movement (a trigger, migration 0022); movements cannot be updated or deleted
 * (a trigger). A debit never takes a balance below zero (a CHECK on the movement), except a reversal: a
 * provider took back money that had been credited (a chargeback) or a referral reward was clawed back,
 * and what the balance did not cover stays as a negative balance, the customer's debt (DOMAIN.md
 * "Reversals").
 */
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt, id, moment, optionalRef, ref, timestamps } from './columns.ts';
import { insurances } from './insurance.ts';

export const wallets = pgTable(
  'wallets',
  {
    id: id(),
    userId: ref('user_id', () => users.id),
    kind: text('kind', { enum: ['money', 'credit'] }).notNull(),
    // bigint: a business paying a 10,000-row import holds more than int4 centavos ($ 21.474.836,47).
    balanceCents: bigint('balance_cents', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('wallets_user_kind_idx').on(t.userId, t.kind)],
);

export const payments = pgTable(
  'payments',
  {
    id: id(),
    userId: ref('user_id', () => users.id),
    purpose: text('purpose', { enum: ['insurance', 'money_top_up', 'credit_top_up'] }).notNull(),
    insuranceId: optionalRef('insurance_id', () => insurances.id),
    method: text('method', {
      enum: ['sandbox', 'mercadopago', 'uala', 'money_wallet', 'credit_wallet'],
    }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** Classified status (spec §4): pending, approved, or one of the failing ones. */
    status: text('status').notNull().default('pending'),
    /** What the provider said, as it said it. */
    providerStatus: text('provider_status'),
    providerPaymentId: text('provider_payment_id'),
    /** Sent to the provider and back in returns and notifications; random. */
    externalReference: text('external_reference').notNull().unique(),
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash'),
    approvedAt: moment('approved_at'),
    /** We asked the provider to give it back (a withdrawal, 'arrepentimiento'): its refund is expected. */
    refundRequestedAt: moment('refund_requested_at'),
    /** The provider's id of the refund we asked for. */
    providerRefundId: text('provider_refund_id'),
    /** The provider confirmed the refund we asked for. */
    refundedAt: moment('refunded_at'),
    /** The provider reported it refunded, cancelled or charged back without our asking (a reversal). */
    reversedAt: moment('reversed_at'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('payments_provider_payment_idx').on(t.method, t.providerPaymentId),
    uniqueIndex('payments_idempotency_idx').on(t.userId, t.idempotencyKey),
    index('payments_insurance_idx').on(t.insuranceId),
    check('payments_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

export const walletMovements = pgTable(
  'wallet_movements',
  {
    id: id(),
    walletId: ref('wallet_id', () => wallets.id),
    /** Signed: credits positive, debits negative. */
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    balanceAfterCents: bigint('balance_after_cents', { mode: 'number' }).notNull(),
    kind: text('kind', {
      enum: [
        'top_up',
        'insurance_payment',
        'refund',
        'referral_reward',
        'claim_payout',
        'import_payment',
        'adjustment',
        'reversal',
        'referral_clawback',
      ],
    }).notNull(),
    description: text('description').notNull(),
    paymentId: optionalRef('payment_id', () => payments.id),
    insuranceId: optionalRef('insurance_id', () => insurances.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('wallet_movements_wallet_idx').on(t.walletId, t.id),
    // A payment moves money once: one movement of each kind per payment, whatever is retried.
    uniqueIndex('wallet_movements_payment_kind_idx')
      .on(t.paymentId, t.kind)
      .where(sql`${t.paymentId} is not null`),
    check('wallet_movements_nonzero', sql`${t.amountCents} <> 0`),
    // Only a reversal (or a clawed-back reward) may leave a debt; a credit may leave part of one.
    check(
      'wallet_movements_balance_nonnegative',
      sql`${t.balanceAfterCents} >= 0 or ${t.amountCents} > 0 or ${t.kind} in ('reversal', 'referral_clawback')`,
    ),
  ],
);
