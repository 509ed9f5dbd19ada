/**
 * Contracting and contracted insurance: processes (resumable answers per step), quotes (premium
 * breakdowns), insurances (the contract, its dates, premium and status) and their risks.
 */
import { sql } from 'drizzle-orm';
import { check, date, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { entities, users } from './accounts.ts';
import { coverages, policies } from './catalog.ts';
import { createdAt, id, moment, optionalRef, premiumCents, ref, timestamps } from './columns.ts';

export const insuranceProcesses = pgTable(
  'insurance_processes',
  {
    id: id(),
    userId: ref('user_id', () => users.id),
    coverageId: ref('coverage_id', () => coverages.id),
    /** Answers by step name (risk, photos, dates, taker), each as validated. */
    answers: jsonb('answers').$type<Record<string, Record<string, unknown>>>().notNull().default({}),
    status: text('status', { enum: ['in_progress', 'completed', 'discarded'] })
      .notNull()
      .default('in_progress'),
    ...timestamps(),
  },
  (t) => [index('insurance_processes_user_idx').on(t.userId, t.status)],
);

export const quotes = pgTable(
  'quotes',
  {
    id: id(),
    userId: ref('user_id', () => users.id),
    processId: ref('process_id', () => insuranceProcesses.id),
    coverageId: ref('coverage_id', () => coverages.id),
    ...premiumCents(),
    /** The answers the quote priced, so a later change of answers cannot reuse it. */
    answersHash: text('answers_hash').notNull(),
    expiresAt: moment('expires_at').notNull(),
    createdAt: createdAt(),
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
    id: id(),
    number: text('number').notNull().unique(),
    userId: ref('user_id', () => users.id),
    processId: optionalRef('process_id', () => insuranceProcesses.id),
    quoteId: optionalRef('quote_id', () => quotes.id),
    coverageId: ref('coverage_id', () => coverages.id),
    policyId: ref('policy_id', () => policies.id),
    takerEntityId: ref('taker_entity_id', () => entities.id),
    billingEntityId: ref('billing_entity_id', () => entities.id),
    startsOn: date('starts_on', { mode: 'string' }),
    endsOn: date('ends_on', { mode: 'string' }),
    ...premiumCents(),
    status: text('status', {
      enum: ['pendiente', 'vigente', 'finalizado', 'cancelado', 'anulado', 'invalido'],
    })
      .notNull()
      .default('pendiente'),
    /** Public certificate check (/verificar/{code}): random, unguessable. */
    verificationCode: text('verification_code').notNull().unique(),
    paidAt: moment('paid_at'),
    cancellationRequestedAt: moment('cancellation_requested_at'),
    /** A cancellation asked for takes effect on this date ('baja programada'). */
    cancelsOn: date('cancels_on', { mode: 'string' }),
    ...timestamps(),
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
    id: id(),
    insuranceId: ref('insurance_id', () => insurances.id),
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
