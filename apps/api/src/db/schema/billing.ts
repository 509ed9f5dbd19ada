/**
 * Invoices ("Facturación"): each customer's invoice profile (the designated billing party), the
 * correlative counters per point of sale and receipt type, and invoices and credit notes with their lines
 * and IVA in centavos. Numbers come from a counter row updated inside the transaction that confirms the
 * payment, so a number exists exactly when its payment committed: no gaps, no repeats (decision 009).
 */
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt, id, moment, optionalRef, ref, timestamps } from './columns.ts';
import { provinces } from './common.ts';
import { imports } from './imports.ts';
import { insurances } from './insurance.ts';
import { payments, walletMovements } from './payments.ts';

const TAX_CONDITION_VALUES = ['consumidor_final', 'monotributo', 'responsable_inscripto', 'exento'] as const;

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

/** The last number given per point of sale, kind and letter; incremented under its row lock. */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    pointOfSale: integer('point_of_sale').notNull(),
    kind: text('kind', { enum: ['invoice', 'credit_note'] }).notNull(),
    letter: text('letter', { enum: ['A', 'B'] }).notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.pointOfSale, t.kind, t.letter] }),
    check('invoice_counters_positive', sql`${t.lastNumber} > 0`),
  ],
);

export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    userId: ref('user_id', () => users.id),
    kind: text('kind', { enum: ['invoice', 'credit_note'] }).notNull(),
    letter: text('letter', { enum: ['A', 'B'] }).notNull(),
    pointOfSale: integer('point_of_sale').notNull(),
    number: integer('number').notNull(),
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
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invoices_number_idx').on(t.pointOfSale, t.kind, t.letter, t.number),
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
