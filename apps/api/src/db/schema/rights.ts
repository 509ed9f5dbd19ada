/**
 * The customer's rights over a contract made online (DOMAIN.md "Botón de arrepentimiento", "Botón de
 * baja"): every request gets a number at once, whether it is made signed in or signed out, and whether or
 * not what a signed-out person typed matches a contract (an unmatched request is kept, and never
 * confirmed). A signed-out request waits for the e-mailed link (single use, 24 h) before it is applied.
 * One request of each kind is applied per insurance (a database fact).
 */
import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { id, moment, optionalRef, timestamps } from './columns.ts';
import { insurances } from './insurance.ts';
import { payments } from './payments.ts';

export const rightsRequests = pgTable(
  'rights_requests',
  {
    id: id(),
    /** What the customer is given at once and by e-mail ('ARR-…' or 'BAJ-…'). */
    number: text('number').notNull().unique(),
    kind: text('kind', { enum: ['withdrawal', 'baja'] }).notNull(),
    /** `account`: asked signed in (applied at once); `public`: asked signed out, confirmed by e-mail. */
    channel: text('channel', { enum: ['account', 'public'] }).notNull(),
    status: text('status', { enum: ['pendiente_confirmacion', 'aplicada', 'rechazada'] }).notNull(),
    /** The contract and its holder; null when what a signed-out person typed matched none. */
    insuranceId: optionalRef('insurance_id', () => insurances.id),
    userId: optionalRef('user_id', () => users.id),
    /** What a signed-out person typed, as typed (kept for the record of the request). */
    givenInsuranceNumber: text('given_insurance_number'),
    givenDocumentNumber: text('given_document_number'),
    givenEmail: text('given_email'),
    /** SHA-256 of the e-mailed confirmation token; cleared once used. */
    tokenHash: text('token_hash').unique(),
    tokenExpiresAt: moment('token_expires_at'),
    /** The Argentine day it was asked for: the withdrawal window is counted up to it. */
    requestedOn: date('requested_on', { mode: 'string' }).notNull(),
    /** Set when applied: the last day of cover, the refund and where it went. */
    endsOn: date('ends_on', { mode: 'string' }),
    refundCents: integer('refund_cents'),
    refundMethod: text('refund_method', { enum: ['money_wallet', 'mercadopago', 'uala', 'credit_wallet'] }),
    /** The provider payment refunded through its provider (Mercado Pago, Ualá): its webhook confirms it. */
    paymentId: optionalRef('payment_id', () => payments.id),
    /** Why it was not applied (rechazada). */
    refusal: text('refusal'),
    appliedAt: moment('applied_at'),
    ...timestamps(),
  },
  (t) => [
    index('rights_requests_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('rights_requests_applied_idx').on(t.insuranceId, t.kind).where(sql`${t.status} = 'aplicada'`),
  ],
);
