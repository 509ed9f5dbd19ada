/**
 * Bulk insurance imports: one `imports` row per uploaded CSV (for one entity and one coverage), and one
 * `import_rows` row per line with its check and, once issued, its insurance. The same file for the same
 * coverage and entity is one import (unique content hash), so uploading it twice issues nothing twice.
 */
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { entities, users } from './accounts.ts';
import { coverages, policies } from './catalog.ts';
import { createdAt, id, moment, optionalRef, ref } from './columns.ts';
import { insurances } from './insurance.ts';
import { walletMovements } from './payments.ts';

export const imports = pgTable(
  'imports',
  {
    id: id(),
    /** Who uploaded it; every user acting for the entity sees it. */
    userId: ref('user_id', () => users.id),
    entityId: ref('entity_id', () => entities.id),
    coverageId: ref('coverage_id', () => coverages.id),
    policyId: ref('policy_id', () => policies.id),
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
    movementId: optionalRef('movement_id', () => walletMovements.id),
    issuedAt: moment('issued_at'),
    createdAt: createdAt(),
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
    id: id(),
    importId: ref('import_id', () => imports.id),
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
    insuranceId: optionalRef('insurance_id', () => insurances.id),
  },
  (t) => [uniqueIndex('import_rows_import_row_idx').on(t.importId, t.rowNumber)],
);
