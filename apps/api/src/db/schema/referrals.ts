/**
 * Referrals ("Referidos"): each customer's invite code, who registered with whose code, and the reward
 * paid for an invitee (DOMAIN.md "Referral rewards", decisions 009 and 022).
 *
 * A referral is recorded for every account created with a code, and moves through `status`:
 *   registered ──first insurance paid──▶ pending (due on `due_on`) ──the job, still in force──▶ rewarded
 *   pending ──the insurance ended, or its payment was reversed, before `due_on`──▶ refused
 *   rewarded ──its payment reversed, or the insurance withdrawn or voided──▶ clawed_back
 *   registered | pending ──same DNI, device or payer as an earlier invitee──▶ refused
 * `reason` says why a referral was refused or clawed back (a database fact: set exactly then).
 * "Once" is a database fact too: one referral per invitee account, one reward per referral and invitee.
 */
import { REFERRAL_REASONS, REFERRAL_STATUSES } from '@cubierto/contracts';
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { insurances } from './insurance.ts';
import { payments, walletMovements } from './payments.ts';

export const referralCodes = pgTable('referral_codes', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  code: text('code').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const referrals = pgTable(
  'referrals',
  {
    id: serial('id').primaryKey(),
    inviterUserId: integer('inviter_user_id')
      .notNull()
      .references(() => users.id),
    inviteeUserId: integer('invitee_user_id')
      .notNull()
      .references(() => users.id),
    /** The invitee's DNI when they registered: a person earns their inviter a reward once, whatever e-mail they use. */
    inviteeDni: text('invitee_dni').notNull(),
    /** The hash of the app's device id (X-Device-Id) the invitee registered from, when it sent one. */
    inviteeDeviceHash: text('invitee_device_hash'),
    code: text('code').notNull(),
    status: text('status', { enum: REFERRAL_STATUSES }).notNull().default('registered'),
    /** Why it was refused or clawed back (contracts REFERRAL_REASONS). */
    reason: text('reason', { enum: REFERRAL_REASONS }),
    /** The invitee's first paid insurance, its payment (none for a CSV import) and who paid it. */
    insuranceId: integer('insurance_id').references(() => insurances.id),
    paymentId: integer('payment_id').references(() => payments.id),
    /** The payment method's payer as `{method}:{provider payer id}`, when the provider tells it. */
    payerKey: text('payer_key'),
    /** The first Argentine day the reward may be credited: past the withdrawal window, cover started. */
    dueOn: date('due_on', { mode: 'string' }),
    /** When it left `registered`/`pending` for good (rewarded, refused, clawed back). */
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('referrals_invitee_idx').on(t.inviteeUserId),
    index('referrals_invitee_dni_idx').on(t.inviteeDni),
    index('referrals_invitee_device_idx').on(t.inviteeDeviceHash),
    index('referrals_payer_idx').on(t.payerKey),
    index('referrals_inviter_idx').on(t.inviterUserId),
    index('referrals_pending_idx').on(t.dueOn).where(sql`${t.status} = 'pending'`),
    check('referrals_not_self', sql`${t.inviterUserId} <> ${t.inviteeUserId}`),
    check(
      'referrals_reason_when_refused',
      sql`(${t.status} in ('refused', 'clawed_back')) = (${t.reason} is not null)`,
    ),
    check(
      'referrals_pending_has_insurance',
      sql`${t.status} not in ('pending', 'rewarded') or (${t.insuranceId} is not null and ${t.dueOn} is not null)`,
    ),
  ],
);

export const referralRewards = pgTable(
  'referral_rewards',
  {
    id: serial('id').primaryKey(),
    referralId: integer('referral_id')
      .notNull()
      .references(() => referrals.id),
    inviterUserId: integer('inviter_user_id')
      .notNull()
      .references(() => users.id),
    inviteeUserId: integer('invitee_user_id')
      .notNull()
      .references(() => users.id),
    /** The invitee's first paid insurance. */
    insuranceId: integer('insurance_id')
      .notNull()
      .references(() => insurances.id),
    amountCents: integer('amount_cents').notNull(),
    walletMovementId: integer('wallet_movement_id')
      .notNull()
      .references(() => walletMovements.id),
    /** Clawed back: the debit of the inviter's Mi dinero, and what it could not take (none when a debt is allowed). */
    clawedBackAt: timestamp('clawed_back_at', { withTimezone: true }),
    clawbackMovementId: integer('clawback_movement_id').references(() => walletMovements.id),
    clawbackOutstandingCents: integer('clawback_outstanding_cents').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('referral_rewards_referral_idx').on(t.referralId),
    uniqueIndex('referral_rewards_invitee_idx').on(t.inviteeUserId),
    check('referral_rewards_amount_positive', sql`${t.amountCents} > 0`),
    check(
      'referral_rewards_outstanding_in_range',
      sql`${t.clawbackOutstandingCents} >= 0 and ${t.clawbackOutstandingCents} <= ${t.amountCents}`,
    ),
  ],
);
