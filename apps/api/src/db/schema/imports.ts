/**
 * Bulk insurance imports: one `imports` row per uploaded CSV (for one entity and one coverage), and one
 * `import_rows` row per line with its check and, once issued, its insurance. The same file for the same
 * coverage and entity is one import (unique content hash), so uploading it twice issues nothing twice.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
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
import { insurances } from './insurance.ts';
import { walletMovements } from './payments.ts';

export const imports = pgTable(
  'imports',
  {
    id: serial('id').primaryKey(),
    /** Who uploaded it; every user acting for the entity sees it. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    entityId: integer('entity_id')
      .notNull()
      .references(() => entities.id),
    coverageId: integer('coverage_id')
      .notNull()
      .references(() => coverages.id),
    policyId: integer('policy_id')
      .notNull()
      .references(() => policies.id),
    riskType: text('risk_type').notNull(),
    fileName: text('file_name').notNull(),
    /** SHA-256 of the coverage id and the file's bytes: the import's idempotency key. */
    contentHash: text('content_hash').notNull(),
    status: text('status', { enum: ['validated', 'issued'] })
      .notNull()
      .default('validated'),
    rowCount: integer('row_count').notNull(),
    validCount: integer('valid_count').notNull(),
    invalidCount: integer('invalid_count').notNull(),
    /** The sum of the valid rows' premiums: what confirming debits from the credit wallet. */
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    /** The credit wallet's debit that paid it. */
    movementId: integer('movement_id').references(() => walletMovements.id),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('imports_entity_content_idx').on(t.entityId, t.contentHash),
    index('imports_entity_idx').on(t.entityId, t.createdAt),
    check('imports_counts', sql`${t.rowCount} = ${t.validCount} + ${t.invalidCount}`),
  ],
);

export const importRows = pgTable(
  'import_rows',
  {
    id: serial('id').primaryKey(),
    importId: integer('import_id')
      .notNull()
      .references(() => imports.id),
    /** The line in the file, counting the header as 1 (what a spreadsheet shows). */
    rowNumber: integer('row_number').notNull(),
    status: text('status', { enum: ['valid', 'invalid', 'issued'] }).notNull(),
    /** The validated answers (risk, dates) of a valid row. */
    answers: jsonb('answers').$type<Record<string, unknown>>(),
    identifier: text('identifier'),
    errors: jsonb('errors').$type<string[]>().notNull().default([]),
    netCents: integer('net_cents'),
    surchargesCents: integer('surcharges_cents'),
    taxesCents: integer('taxes_cents'),
    totalCents: integer('total_cents'),
    insuranceId: integer('insurance_id').references(() => insurances.id),
  },
  (t) => [uniqueIndex('import_rows_import_row_idx').on(t.importId, t.rowNumber)],
);
