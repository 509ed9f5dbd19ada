/**
 * Referrals ("Referidos"): each customer's invite code, who registered with whose code, and the reward
 * paid for an invitee. "Once" is a database fact: one referral per invitee (and per invitee DNI, so a
 * second account of the same person is not invited again) and one reward per invitee (decision 009).
 */
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { insurances } from './insurance.ts';
import { walletMovements } from './payments.ts';

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
    /** The invitee's DNI when they registered: a person is invited once, whatever e-mail they use. */
    inviteeDni: text('invitee_dni').notNull(),
    code: text('code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('referrals_invitee_idx').on(t.inviteeUserId),
    uniqueIndex('referrals_invitee_dni_idx').on(t.inviteeDni),
    check('referrals_not_self', sql`${t.inviterUserId} <> ${t.inviteeUserId}`),
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('referral_rewards_referral_idx').on(t.referralId),
    uniqueIndex('referral_rewards_invitee_idx').on(t.inviteeUserId),
    check('referral_rewards_amount_positive', sql`${t.amountCents} > 0`),
  ],
);
