/**
 * Contracting and contracted insurance: processes (resumable answers per step), quotes (premium
 * breakdowns), insurances (the contract, its dates, premium and status) and their risks.
 */
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { entities, users } from './accounts.ts';
import { coverages, policies } from './catalog.ts';

export const insuranceProcesses = pgTable(
  'insurance_processes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    coverageId: integer('coverage_id')
      .notNull()
      .references(() => coverages.id),
    /** Answers by step name (risk, photos, dates, taker), each as validated. */
    answers: jsonb('answers').$type<Record<string, Record<string, unknown>>>().notNull().default({}),
    status: text('status', { enum: ['in_progress', 'completed', 'discarded'] })
      .notNull()
      .default('in_progress'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('insurance_processes_user_idx').on(t.userId, t.status)],
);

export const quotes = pgTable(
  'quotes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    processId: integer('process_id')
      .notNull()
      .references(() => insuranceProcesses.id),
    coverageId: integer('coverage_id')
      .notNull()
      .references(() => coverages.id),
    netCents: integer('net_cents').notNull(),
    surchargesCents: integer('surcharges_cents').notNull(),
    taxesCents: integer('taxes_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    /** The answers the quote priced, so a later change of answers cannot reuse it. */
    answersHash: text('answers_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('quotes_process_idx').on(t.processId),
    check(
      'quotes_total',
      sql`${t.totalCents} = ${t.netCents} + ${t.surchargesCents} + ${t.taxesCents} and ${t.netCents} > 0`,
    ),
  ],
);

export const insurances = pgTable(
  'insurances',
  {
    id: serial('id').primaryKey(),
    number: text('number').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    processId: integer('process_id').references(() => insuranceProcesses.id),
    quoteId: integer('quote_id').references(() => quotes.id),
    coverageId: integer('coverage_id')
      .notNull()
      .references(() => coverages.id),
    policyId: integer('policy_id')
      .notNull()
      .references(() => policies.id),
    takerEntityId: integer('taker_entity_id')
      .notNull()
      .references(() => entities.id),
    billingEntityId: integer('billing_entity_id')
      .notNull()
      .references(() => entities.id),
    startsOn: date('starts_on', { mode: 'string' }),
    endsOn: date('ends_on', { mode: 'string' }),
    netCents: integer('net_cents').notNull(),
    surchargesCents: integer('surcharges_cents').notNull(),
    taxesCents: integer('taxes_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    status: text('status', {
      enum: ['pendiente', 'vigente', 'finalizado', 'cancelado', 'anulado', 'invalido'],
    })
      .notNull()
      .default('pendiente'),
    /** Public certificate check (/verificar/{code}): random, unguessable. */
    verificationCode: text('verification_code').notNull().unique(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    cancellationRequestedAt: timestamp('cancellation_requested_at', { withTimezone: true }),
    /** A cancellation asked for takes effect on this date ('baja programada'). */
    cancelsOn: date('cancels_on', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('insurances_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('insurances_process_idx').on(t.processId),
    check('insurances_total', sql`${t.totalCents} = ${t.netCents} + ${t.surchargesCents} + ${t.taxesCents}`),
  ],
);

export const insuranceRisks = pgTable(
  'insurance_risks',
  {
    id: serial('id').primaryKey(),
    insuranceId: integer('insurance_id')
      .notNull()
      .references(() => insurances.id),
    kind: text('kind').notNull(),
    /** The validated answers of the risk step (object, people, address …). */
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    photoFileIds: jsonb('photo_file_ids').$type<number[]>().notNull().default([]),
    /** Searchable identifiers: IMEI, plate, frame number. */
    identifier: text('identifier'),
  },
  (t) => [
    index('insurance_risks_insurance_idx').on(t.insuranceId),
    index('insurance_risks_identifier_idx').on(t.identifier),
  ],
);
