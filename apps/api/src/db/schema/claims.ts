/**
 * Claims ('Reclamos'): a customer's report of a loss on a risk of an in-force insurance, its status
 * history (append-only, one row per status: a claim is paid at most once, whatever is retried), the
 * messages both ways (append-only) and its attachments (photos and PDFs kept in `files`).
 */
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { entities, users } from './accounts.ts';
import { createdAt, id, moment, optionalRef, ref, timestamps } from './columns.ts';
import { files } from './files.ts';
import { insuranceRisks, insurances } from './insurance.ts';
import { operators } from './operators.ts';
import { walletMovements } from './payments.ts';

const claimStatus = ['recibido', 'en_revision', 'aprobado', 'rechazado', 'pagado'] as const;

export const claims = pgTable(
  'claims',
  {
    id: id(),
    userId: ref('user_id', () => users.id),
    /** The insurance's taker when the claim was filed. */
    entityId: ref('entity_id', () => entities.id),
    insuranceId: ref('insurance_id', () => insurances.id),
    riskId: ref('risk_id', () => insuranceRisks.id),
    incidentDate: date('incident_date', { mode: 'string' }).notNull(),
    description: text('description').notNull(),
    place: text('place').notNull(),
    status: text('status', { enum: claimStatus }).notNull().default('recibido'),
    approvedAmountCents: integer('approved_amount_cents'),
    /** The money wallet movement that paid it: set once, in the transaction that marks it pagado. */
    payoutMovementId: optionalRef('payout_movement_id', () => walletMovements.id),
    paidAt: moment('paid_at'),
    /** The customer's Idempotency-Key: a retried filing answers the claim already filed. */
    idempotencyKey: text('idempotency_key').notNull(),
    ...timestamps(),
  },
  (t) => [
    index('claims_user_idx').on(t.userId, t.createdAt),
    index('claims_status_idx').on(t.status, t.createdAt),
    index('claims_insurance_idx').on(t.insuranceId),
    uniqueIndex('claims_idempotency_idx').on(t.userId, t.idempotencyKey),
    uniqueIndex('claims_payout_movement_idx').on(t.payoutMovementId),
    check(
      'claims_approved_amount_positive',
      sql`${t.approvedAmountCents} is null or ${t.approvedAmountCents} > 0`,
    ),
    check(
      'claims_paid_has_payout',
      sql`(${t.status} = 'pagado') = (${t.payoutMovementId} is not null and ${t.paidAt} is not null)`,
    ),
  ],
);

export const claimEvents = pgTable(
  'claim_events',
  {
    id: id(),
    claimId: ref('claim_id', () => claims.id),
    status: text('status', { enum: claimStatus }).notNull(),
    message: text('message'),
    /** Who: the customer (filing), an operator, or the operations token. */
    actor: text('actor', { enum: ['customer', 'operator', 'ops_token'] }).notNull(),
    operatorId: optionalRef('operator_id', () => operators.id),
    /** The operator's Idempotency-Key: a retried change answers the claim as it is. */
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
  },
  (t) => [
    // Statuses only move forward, so each happens once per claim: it is paid at most once.
    uniqueIndex('claim_events_claim_status_idx').on(t.claimId, t.status),
    uniqueIndex('claim_events_idempotency_idx')
      .on(t.claimId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
  ],
);

export const claimMessages = pgTable(
  'claim_messages',
  {
    id: id(),
    claimId: ref('claim_id', () => claims.id),
    author: text('author', { enum: ['customer', 'operator'] }).notNull(),
    operatorId: optionalRef('operator_id', () => operators.id),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('claim_messages_claim_idx').on(t.claimId, t.id)],
);

/** Uploaded before the claim is filed (claim_id null), then attached to it when it is. */
export const claimAttachments = pgTable(
  'claim_attachments',
  {
    id: id(),
    userId: ref('user_id', () => users.id),
    claimId: optionalRef('claim_id', () => claims.id),
    fileId: ref('file_id', () => files.id).unique(),
    /** The name the customer's file had, for showing and downloading; never used as a path. */
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('claim_attachments_claim_idx').on(t.claimId),
    index('claim_attachments_user_idx').on(t.userId),
  ],
);
