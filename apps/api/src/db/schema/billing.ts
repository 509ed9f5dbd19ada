/**
 * Invoices ("Facturación"): each customer's invoice profile (the designated billing party), invoices and
 * credit notes with their lines and IVA in centavos, and the WSAA access tickets of ARCA's web services.
 * A document is written in the transaction that collects (or refunds) the money, `pendiente_cae` and
 * without a number; ARCA's CAE and number come later from the authorisation job (decision 024). The
 * old internal counters (`invoice_counters`, decision 009) are gone: an internal number before the CAE
 * was a number without fiscal effect; those given before migration 0025 are kept in `legacy_number`.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt, id, moment, optionalRef, ref, timestamps } from './columns.ts';
import { provinces } from './common.ts';
import { imports } from './imports.ts';
import { insurances } from './insurance.ts';
import { payments, walletMovements } from './payments.ts';

const TAX_CONDITION_VALUES = ['consumidor_final', 'monotributo', 'responsable_inscripto', 'exento'] as const;
/** Where a document stands with ARCA: waiting for its CAE, authorised, or rejected (an operator retries). */
export const ARCA_STATUS_VALUES = ['pendiente_cae', 'autorizada', 'rechazada'] as const;
/** ARCA's Observaciones / Errores of the last answer, as stored (`{ code, message }`). */
export type StoredArcaMessage = { code: number; message: string; kind: 'observation' | 'error' | 'local' };

export const invoiceProfiles = pgTable('invoice_profiles', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  name: text('name').notNull(),
  documentType: text('document_type', { enum: ['DNI', 'CUIT'] }).notNull(),
  documentNumber: text('document_number').notNull(),
  taxCondition: text('tax_condition', { enum: TAX_CONDITION_VALUES }).notNull(),
  street: text('street').notNull(),
  streetNumber: text('street_number').notNull(),
  floorApartment: text('floor_apartment').notNull().default(''),
  locality: text('locality').notNull(),
  stateId: ref('state_id', () => provinces.id),
  zipCode: text('zip_code').notNull(),
  ...timestamps(),
});

/**
 * The lock of one ARCA numbering sequence (point of sale and voucher type): the authorisation job holds
 * the row's lease across its calls to ARCA, so two instances never ask a CAE for the same number. A
 * lease and not a transaction's row lock, so the number being tried is committed before ARCA is called
 * (a process that dies mid-call leaves it for the next attempt to consult) and no connection is held
 * during the call (PGlite has only one).
 */
export const arcaSequences = pgTable(
  'arca_sequences',
  {
    pointOfSale: integer('point_of_sale').notNull(),
    voucherType: integer('voucher_type').notNull(),
    /** Who holds it (a random token per job run) and until when; free when null or past. */
    lockedBy: text('locked_by'),
    lockedUntil: moment('locked_until'),
  },
  (t) => [primaryKey({ columns: [t.pointOfSale, t.voucherType] })],
);

/** WSAA access tickets (token and sign, valid 12 h) per service, shared by every instance. */
export const arcaTickets = pgTable('arca_tickets', {
  service: text('service').primaryKey(),
  token: text('token').notNull(),
  sign: text('sign').notNull(),
  generatedAt: moment('generated_at').notNull(),
  expiresAt: moment('expires_at').notNull(),
  updatedAt: moment('updated_at').notNull().defaultNow(),
});

export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    userId: ref('user_id', () => users.id),
    kind: text('kind', { enum: ['invoice', 'credit_note'] }).notNull(),
    letter: text('letter', { enum: ['A', 'B'] }).notNull(),
    pointOfSale: integer('point_of_sale').notNull(),
    /** ARCA's number, once authorised (null before): the number the customer sees. */
    number: integer('number'),
    /** The internal number a document had before migration 0025 (no fiscal effect; history only). */
    legacyNumber: integer('legacy_number'),
    issuedAt: moment('issued_at').notNull(),
    insuranceId: optionalRef('insurance_id', () => insurances.id),
    /** The collected payment an invoice is for (one invoice per payment). */
    paymentId: optionalRef('payment_id', () => payments.id),
    /** Or the CSV import paid from Mi crédito it is for (one invoice per import, a line per insurance). */
    importId: optionalRef('import_id', () => imports.id),
    /** A credit note's invoice. */
    invoiceId: integer('invoice_id'),
    /** The refund a credit note is for (one credit note per refund). */
    refundMovementId: optionalRef('refund_movement_id', () => walletMovements.id),
    recipientName: text('recipient_name').notNull(),
    recipientDocumentType: text('recipient_document_type', { enum: ['DNI', 'CUIT'] }).notNull(),
    recipientDocumentNumber: text('recipient_document_number').notNull(),
    recipientTaxCondition: text('recipient_tax_condition', { enum: TAX_CONDITION_VALUES }).notNull(),
    recipientAddress: text('recipient_address').notNull(),
    // bigint: one invoice for a 10,000-row import totals more than int4 centavos ($ 21.474.836,47).
    netCents: bigint('net_cents', { mode: 'number' }).notNull(),
    ivaCents: bigint('iva_cents', { mode: 'number' }).notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    /** ARCA: pendiente_cae until the job gets its CAE (autorizada) or ARCA rejects it (rechazada). */
    arcaStatus: text('arca_status', { enum: ARCA_STATUS_VALUES }).notNull().default('pendiente_cae'),
    /** WSFEv1 CbteTipo: Factura A 1, Nota de crédito A 3, Factura B 6, Nota de crédito B 8. */
    arcaVoucherType: integer('arca_voucher_type').notNull(),
    /** CondicionIVAReceptorId (RG 5616/2024): 1 responsable inscripto, 4 exento, 5 consumidor final, 6 monotributo. */
    receiverIvaConditionId: integer('receiver_iva_condition_id').notNull(),
    cae: text('cae'),
    caeDueOn: date('cae_due_on', { mode: 'string' }),
    /** CbteFch: the voucher's date as authorised (the day the job asked). */
    arcaIssuedOn: date('arca_issued_on', { mode: 'string' }),
    /**
     * The number asked for in a call whose answer never came (timeout): ARCA may have authorised it, so
     * the next attempt consults it before asking any other number (never a second voucher).
     */
    arcaPendingNumber: integer('arca_pending_number'),
    /** ARCA's observations and errors of the last answer (or why it could not be asked). */
    arcaMessages: jsonb('arca_messages').$type<StoredArcaMessage[]>().notNull().default([]),
    arcaAttempts: integer('arca_attempts').notNull().default(0),
    arcaLastAttemptAt: moment('arca_last_attempt_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invoices_arca_number_idx')
      .on(t.pointOfSale, t.arcaVoucherType, t.number)
      .where(sql`${t.number} is not null`),
    uniqueIndex('invoices_arca_pending_number_idx')
      .on(t.pointOfSale, t.arcaVoucherType, t.arcaPendingNumber)
      .where(sql`${t.arcaPendingNumber} is not null`),
    index('invoices_arca_status_idx').on(t.arcaStatus, t.id),
    check(
      'invoices_authorised_has_cae',
      sql`(${t.arcaStatus} = 'autorizada') = (${t.cae} is not null and ${t.number} is not null)`,
    ),
    uniqueIndex('invoices_payment_idx').on(t.paymentId).where(sql`${t.kind} = 'invoice'`),
    uniqueIndex('invoices_import_idx').on(t.importId).where(sql`${t.kind} = 'invoice'`),
    uniqueIndex('invoices_refund_idx').on(t.refundMovementId).where(sql`${t.refundMovementId} is not null`),
    index('invoices_user_idx').on(t.userId, t.issuedAt),
    check('invoices_amounts_add_up', sql`${t.totalCents} = ${t.netCents} + ${t.ivaCents}`),
    check('invoices_total_positive', sql`${t.totalCents} > 0`),
    check(
      'invoices_credit_note_references_invoice',
      sql`(${t.kind} = 'credit_note') = (${t.invoiceId} is not null)`,
    ),
  ],
);

export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: id(),
    invoiceId: ref('invoice_id', () => invoices.id),
    description: text('description').notNull(),
    /** The insurance the line is for, so a refund of it finds its invoice. */
    insuranceId: optionalRef('insurance_id', () => insurances.id),
    netCents: integer('net_cents').notNull(),
    ivaRateBps: integer('iva_rate_bps').notNull(),
    ivaCents: integer('iva_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
  },
  (t) => [
    index('invoice_lines_invoice_idx').on(t.invoiceId),
    index('invoice_lines_insurance_idx').on(t.insuranceId),
    check('invoice_lines_amounts_add_up', sql`${t.totalCents} = ${t.netCents} + ${t.ivaCents}`),
  ],
);
