/**
 * Invoices ("Facturación"): the invoice profile (designated billing party), one invoice per collected
 * insurance payment, issued inside the transaction that confirms the payment, and one credit note per
 * refund, referencing its invoice. Each is written `pendiente_cae` and its ARCA authorisation enqueued in
 * that same transaction; the number the customer sees is the one ARCA authorised with the CAE
 * (arca-job.ts, decision 024).
 */
import {
  formatInvoiceNumber,
  INVOICE_KIND_LABELS,
  type Invoice,
  type InvoiceKind,
  type InvoiceLetter,
  type InvoiceProfile,
  type InvoiceProfileBody,
  InvoiceProfileBodySchema,
  invoiceLetterFor,
  ivaRateFor,
  niceAmounts,
  RISK_TYPES,
  type RiskTypeCode,
  splitIva,
  TAX_CONDITIONS,
  type TaxCondition,
} from '@cubierto/contracts';
import {
  and,
  asc,
  count,
  desc,
  eq,
  inArray,
  type Placeholder,
  type SQL,
  sql,
  type WithSubquery,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Db, type DbOrTx, rowsOf, statementOnce } from '../../db/client.ts';
import {
  entities,
  insurances,
  invoiceLines,
  invoiceProfiles,
  invoices,
  places,
  policies,
  provinces,
  riskTypes,
} from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { type AsJson, jsonObject } from '../../lib/json-rows.ts';
import type { ListQuery } from '../../lib/list-query.ts';
import { holdWrite } from '../../lib/outbox.ts';
import { preparedPerDatabase } from '../../lib/prepared.ts';
import { arcaAmounts, enqueueArcaAuthorization, RECEIVER_IVA_CONDITION, voucherTypeOf } from './arca-job.ts';
import { invoiceListSpec } from './queries.ts';

/** The point of sale a document is written with; the ARCA job sets the configured one (ARCA_POINT_OF_SALE). */
export const POINT_OF_SALE = 1;

type ProfileRow = typeof invoiceProfiles.$inferSelect;
type InvoiceRow = typeof invoices.$inferSelect;
type LineRow = typeof invoiceLines.$inferSelect;
type Recipient = {
  name: string;
  documentType: 'DNI' | 'CUIT';
  documentNumber: string;
  taxCondition: TaxCondition;
  address: string;
};

function profileOut(row: ProfileRow, stateName: string): InvoiceProfile {
  return {
    name: row.name,
    document_type: row.documentType,
    document_number: row.documentNumber,
    tax_condition: row.taxCondition,
    street: row.street,
    street_number: row.streetNumber,
    floor_apartment: row.floorApartment,
    locality: row.locality,
    state_id: row.stateId,
    state_name: stateName,
    zip_code: row.zipCode,
    invoice_letter: invoiceLetterFor(row.taxCondition),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The caller's invoice profile, or null while they have none (invoices then go to the insurance's billing entity). */
export async function findInvoiceProfile(
  deps: { db: Db },
  input: { userId: number },
): Promise<InvoiceProfile | null> {
  const [row] = await preparedProfile(deps.db).execute({ userId: input.userId });
  return row ? profileOut(row.profile, row.stateName) : null;
}

function selectProfile(db: DbOrTx, userId: number | Placeholder<'userId', number>) {
  return db
    .select({ profile: invoiceProfiles, stateName: provinces.name })
    .from(invoiceProfiles)
    .innerJoin(provinces, eq(provinces.id, invoiceProfiles.stateId))
    .where(eq(invoiceProfiles.userId, userId));
}

/** GET /customers/invoice-profile, read by the summary and 'Facturación': prepared (lib/prepared.ts). */
const preparedProfile = preparedPerDatabase((db: Db) =>
  selectProfile(db, sql.placeholder('userId')).prepare('invoices_find_profile'),
);

async function profileOf(db: DbOrTx, userId: number): Promise<InvoiceProfile | null> {
  const [row] = await selectProfile(db, userId);
  return row ? profileOut(row.profile, row.stateName) : null;
}

/** PUT /customers/invoice-profile: creates or replaces the caller's invoice profile. */
export async function saveInvoiceProfile(
  deps: { db: Db },
  { userId, body }: { userId: number; body: InvoiceProfileBody },
): Promise<InvoiceProfile> {
  const { db } = deps;
  const input = InvoiceProfileBodySchema.parse(body);
  const [province] = await db
    .select({ id: provinces.id })
    .from(provinces)
    .where(eq(provinces.id, input.state_id));
  if (!province) {
    throw new AppError('validation_failed', {
      validations: { state_id: ['Elegí una provincia de la lista.'] },
    });
  }
  const values = {
    name: input.name,
    documentType: input.document_type,
    documentNumber: input.document_number,
    taxCondition: input.tax_condition,
    street: input.street,
    streetNumber: input.street_number,
    floorApartment: input.floor_apartment,
    locality: input.locality,
    stateId: input.state_id,
    zipCode: input.zip_code.toUpperCase(),
    updatedAt: new Date(),
  };
  await db
    .insert(invoiceProfiles)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: invoiceProfiles.userId, set: values });
  return (await profileOf(db, userId))!;
}

function addressOf(parts: {
  street: string | null;
  streetNumber: string | null;
  floor: string | null;
  locality: string | null;
  state: string | null;
  zip: string | null;
}): string {
  const street = [parts.street, parts.streetNumber, parts.floor].filter(Boolean).join(' ');
  const place = [parts.locality, parts.state].filter(Boolean).join(', ');
  return [street, place, parts.zip ? `CP ${parts.zip}` : null].filter(Boolean).join(' · ');
}

function profileRecipient(profile: InvoiceProfile): Recipient {
  return {
    name: profile.name,
    documentType: profile.document_type,
    documentNumber: profile.document_number,
    taxCondition: profile.tax_condition,
    address: addressOf({
      street: profile.street,
      streetNumber: profile.street_number,
      floor: profile.floor_apartment,
      locality: profile.locality,
      state: profile.state_name,
      zip: profile.zip_code,
    }),
  };
}

function entityRecipient(
  entity: typeof entities.$inferSelect,
  place: typeof places.$inferSelect | null,
  state: string | null,
): Recipient {
  const condition = (TAX_CONDITIONS as readonly string[]).includes(entity.taxCondition ?? '')
    ? (entity.taxCondition as TaxCondition)
    : 'consumidor_final';
  return {
    name: entity.name,
    documentType: entity.documentType,
    documentNumber: entity.documentNumber,
    taxCondition: condition,
    address: addressOf({
      street: place?.street ?? null,
      streetNumber: place?.streetNumber ?? null,
      floor: place?.floorBlock ?? null,
      locality: null,
      state,
      zip: place?.zipCode ?? null,
    }),
  };
}

/**
 * Who an invoice goes to (decision 009): the customer's invoice profile when they have one; otherwise the
 * insurance's designated billing entity as registered (by default their own name and DNI, consumidor
 * final).
 */
async function recipientFor(tx: DbOrTx, userId: number, billingEntityId: number): Promise<Recipient> {
  const profile = await profileOf(tx, userId);
  if (profile) return profileRecipient(profile);
  const [row] = await tx
    .select({ entity: entities, place: places, state: provinces.name })
    .from(entities)
    .leftJoin(places, eq(places.id, entities.placeId))
    .leftJoin(provinces, eq(provinces.id, places.provinceId))
    .where(eq(entities.id, billingEntityId));
  return entityRecipient(row!.entity, row!.place, row!.state);
}

type NewLine = { description: string; totalCents: number; ivaRateBps: number; insuranceId: number | null };
/** A document just written: it has no number until ARCA authorises it (arca-job.ts). */
export type IssuedDocument = { id: number; letter: InvoiceLetter; number: number | null };

type TakenIdDocumentValue =
  | 'invoiceId'
  | 'invoiceUserId'
  | 'invoiceKind'
  | 'invoiceLetter'
  | 'invoicePointOfSale'
  | 'invoiceIssuedAt'
  | 'invoiceInsuranceId'
  | 'invoicePaymentId'
  | 'invoiceImportId'
  | 'invoiceInvoiceId'
  | 'invoiceRefundMovementId'
  | 'invoiceRecipientName'
  | 'invoiceRecipientDocumentType'
  | 'invoiceRecipientDocumentNumber'
  | 'invoiceRecipientTaxCondition'
  | 'invoiceRecipientAddress'
  | 'invoiceNetCents'
  | 'invoiceIvaCents'
  | 'invoiceTotalCents'
  | 'invoiceVoucherType'
  | 'invoiceReceiverIvaCondition'
  | 'invoiceLines';

/** A value of takenIdDocumentSql, as a placeholder (named apart from the held statement's other parts). */
const documentParam = (name: TakenIdDocumentValue) => sql.placeholder(name);

/** The lines' columns, as insertDocument's statements read them from their JSON. */
const lineColumns = sql`x.insurance_id, x.description, x.net_cents, x.iva_rate_bps, x.iva_cents, x.total_cents`;
function lineSourceOf(lineRows: string | Placeholder): SQL {
  return sql`jsonb_to_recordset(${lineRows}::jsonb) as x(insurance_id int, description text,
        net_cents int, iva_rate_bps int, iva_cents int, total_cents int)`;
}
const insertLines = sql`insert into ${invoiceLines} (invoice_id, insurance_id, description, net_cents,
        iva_rate_bps, iva_cents, total_cents)`;
const documentColumns = sql`user_id, kind, letter, point_of_sale, issued_at, insurance_id,
        payment_id, import_id, invoice_id, refund_movement_id, recipient_name, recipient_document_type,
        recipient_document_number, recipient_tax_condition, recipient_address, net_cents, iva_cents,
        total_cents, arca_status, arca_voucher_type, receiver_iva_condition_id`;

/**
 * A document whose id was taken beforehand, and its lines (insertDocument): two writes, built once with
 * placeholders, held for the transaction's last statement (lib/outbox.ts holdWrite) or run together.
 */
const takenIdDocumentSql: readonly SQL[] = [
  sql`insert into ${invoices} (id, ${documentColumns}) values (${documentParam('invoiceId')}::int,
    ${documentParam('invoiceUserId')}, ${documentParam('invoiceKind')}, ${documentParam('invoiceLetter')},
    ${documentParam('invoicePointOfSale')}, ${documentParam('invoiceIssuedAt')}::timestamptz,
    ${documentParam('invoiceInsuranceId')}::int, ${documentParam('invoicePaymentId')}::int,
    ${documentParam('invoiceImportId')}::int, ${documentParam('invoiceInvoiceId')}::int,
    ${documentParam('invoiceRefundMovementId')}::int, ${documentParam('invoiceRecipientName')},
    ${documentParam('invoiceRecipientDocumentType')}, ${documentParam('invoiceRecipientDocumentNumber')},
    ${documentParam('invoiceRecipientTaxCondition')}, ${documentParam('invoiceRecipientAddress')},
    ${documentParam('invoiceNetCents')}, ${documentParam('invoiceIvaCents')},
    ${documentParam('invoiceTotalCents')}, 'pendiente_cae', ${documentParam('invoiceVoucherType')},
    ${documentParam('invoiceReceiverIvaCondition')})`,
  sql`${insertLines} select ${documentParam('invoiceId')}::int, ${lineColumns}
    from ${lineSourceOf(documentParam('invoiceLines'))}`,
];

/** takenIdDocumentSql run on its own, outside a transaction that holds its writes. */
const takenIdDocument = statementOnce<Record<TakenIdDocumentValue, unknown>>(
  () => sql`with document as (${takenIdDocumentSql[0]}) ${takenIdDocumentSql[1]}`,
);

/**
 * Writes an invoice or credit note and its lines, `pendiente_cae` and without a number, and enqueues its
 * ARCA authorisation in the same transaction (arca-job.ts): the CAE and ARCA's number come from the job.
 * Nothing here waits on a shared row: payments no longer queue on a counter (decision 024).
 */
async function insertDocument(
  tx: DbOrTx,
  input: {
    userId: number;
    kind: InvoiceKind;
    recipient: Recipient;
    lines: NewLine[];
    issuedAt: Date;
    insuranceId: number | null;
    paymentId?: number | null;
    importId?: number | null;
    invoiceId?: number | null;
    refundMovementId?: number | null;
    letter?: InvoiceLetter;
    /**
     * Its id, taken beforehand (readPaymentInvoiceFacts): in a transaction holding its outbox jobs
     * (lib/outbox.ts holdWrite) the document and its lines are then written with those jobs, in one
     * statement, a round trip fewer.
     */
    id?: number | null;
  },
): Promise<IssuedDocument> {
  const letter = input.letter ?? invoiceLetterFor(input.recipient.taxCondition);
  const lines = input.lines.map((l) => ({ ...l, ...splitIva(l.totalCents, l.ivaRateBps) }));
  const r = input.recipient;
  // The document's net and IVA as ARCA is told them: each rate's total split once (arca-job.ts).
  const amounts = arcaAmounts(lines);
  const totalCents = amounts.totalCentavos;
  const ivaCents = amounts.vatCentavos;
  const netCents = totalCents - ivaCents;
  const lineRows = JSON.stringify(
    lines.map((l) => ({
      insurance_id: l.insuranceId,
      description: l.description,
      net_cents: l.netCents,
      iva_rate_bps: l.ivaRateBps,
      iva_cents: l.ivaCents,
      total_cents: l.totalCents,
    })),
  );
  const documentValues = sql`${input.userId}, ${input.kind}, ${letter}, ${POINT_OF_SALE},
        ${input.issuedAt.toISOString()}::timestamptz, ${input.insuranceId}::int, ${input.paymentId ?? null}::int,
        ${input.importId ?? null}::int, ${input.invoiceId ?? null}::int, ${input.refundMovementId ?? null}::int,
        ${r.name}, ${r.documentType}, ${r.documentNumber}, ${r.taxCondition}, ${r.address},
        ${netCents}, ${ivaCents}, ${totalCents}, 'pendiente_cae',
        ${voucherTypeOf(input.kind, letter)}, ${RECEIVER_IVA_CONDITION[r.taxCondition]}`;
  const takenId = input.id ?? null;
  if (takenId !== null) {
    // Its id known: the document and its lines in one statement (the lines' foreign key is checked at
    // its end), held for the transaction's last statement when it holds its writes. Its text is built
    // once (takenIdDocumentSql), its values bound on every call.
    const write = {
      ctes: takenIdDocumentSql,
      values: {
        invoiceId: takenId,
        invoiceUserId: input.userId,
        invoiceKind: input.kind,
        invoiceLetter: letter,
        invoicePointOfSale: POINT_OF_SALE,
        invoiceIssuedAt: input.issuedAt.toISOString(),
        invoiceInsuranceId: input.insuranceId,
        invoicePaymentId: input.paymentId ?? null,
        invoiceImportId: input.importId ?? null,
        invoiceInvoiceId: input.invoiceId ?? null,
        invoiceRefundMovementId: input.refundMovementId ?? null,
        invoiceRecipientName: r.name,
        invoiceRecipientDocumentType: r.documentType,
        invoiceRecipientDocumentNumber: r.documentNumber,
        invoiceRecipientTaxCondition: r.taxCondition,
        invoiceRecipientAddress: r.address,
        invoiceNetCents: netCents,
        invoiceIvaCents: ivaCents,
        invoiceTotalCents: totalCents,
        invoiceVoucherType: voucherTypeOf(input.kind, letter),
        invoiceReceiverIvaCondition: RECEIVER_IVA_CONDITION[r.taxCondition],
        invoiceLines: lineRows,
      } satisfies Record<TakenIdDocumentValue, unknown>,
    };
    if (!holdWrite(tx, write)) await takenIdDocument(tx, write.values);
    await enqueueArcaAuthorization(tx, takenId);
    return { id: takenId, letter, number: null };
  }
  // One statement: the invoice (its id from the column's default) and its lines; the id comes back for
  // the ARCA job.
  const [written] = rowsOf<{ id: number }>(
    await tx.execute(sql`
    with document as (
      insert into ${invoices} (${documentColumns})
      values (${documentValues})
      returning id
    ),
    document_lines as (
      ${insertLines} select document.id, ${lineColumns} from document, ${lineSourceOf(lineRows)}
    )
    select id::int as id from document
  `),
  );
  const id = Number(written!.id);
  await enqueueArcaAuthorization(tx, id);
  return { id, letter, number: null };
}

async function insurancesForInvoice(tx: DbOrTx, insuranceIds: number[]) {
  return tx
    .select({
      id: insurances.id,
      number: insurances.number,
      billingEntityId: insurances.billingEntityId,
      totalCents: insurances.totalCents,
      startsOn: insurances.startsOn,
      endsOn: insurances.endsOn,
      policy: policies.name,
      riskType: riskTypes.shortCode,
    })
    .from(insurances)
    .innerJoin(policies, eq(policies.id, insurances.policyId))
    .innerJoin(riskTypes, eq(riskTypes.id, policies.riskTypeId))
    .where(inArray(insurances.id, insuranceIds))
    .orderBy(asc(insurances.id));
}

async function insuranceForInvoice(tx: DbOrTx, insuranceId: number) {
  const [row] = await insurancesForInvoice(tx, [insuranceId]);
  return row!;
}

type InsuranceForInvoice = Awaited<ReturnType<typeof insurancesForInvoice>>[number];

function lineFor(insurance: InsuranceForInvoice, totalCents: number): NewLine {
  const risk = RISK_TYPES[insurance.riskType as RiskTypeCode]?.name ?? insurance.riskType;
  return {
    description: `${insurance.number} · Seguro ${risk} — ${insurance.policy} (vigencia ${dateEs(insurance.startsOn)} al ${dateEs(insurance.endsOn)})`,
    totalCents,
    ivaRateBps: ivaRateFor(insurance.riskType),
    insuranceId: insurance.id,
  };
}

const issuedOf = (row: InvoiceRow): IssuedDocument => ({
  id: row.id,
  letter: row.letter,
  number: row.number,
});

function dateEs(iso: string | null): string {
  if (!iso) return '—';
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
}

const profileState = alias(provinces, 'profile_state');
const entityState = alias(provinces, 'entity_state');

/** What the invoice of a collected insurance payment is written from, read in one statement. */
export type PaymentInvoiceFacts = {
  /** The payment's invoice when it already has one. */
  existing: IssuedDocument | null;
  insurance: InsuranceForInvoice;
  recipient: Recipient;
  /** The new invoice's id, taken when there was none. */
  nextId: number | null;
};

/**
 * Everything the invoice of a collected payment needs, in one statement: the payment's invoice if it
 * exists, the insurance with its policy and risk type, and the recipient (decision 009: the customer's
 * invoice profile, else the insurance's billing entity with its place). `also` is read in the same
 * statement for the caller (after-payment.ts: the invitee's referral), a round trip fewer.
 */
export async function readPaymentInvoiceFacts<T>(
  tx: DbOrTx,
  payment: { id: number; userId: number; insuranceId: number },
  also: SQL<T>,
  /** CTEs the statement runs first (`also` may read them): a caller's write folded into this read. */
  ctes: WithSubquery[] = [],
): Promise<{ facts: PaymentInvoiceFacts; also: T }> {
  const [row] = await (ctes.length > 0 ? tx.with(...ctes) : tx)
    .select({
      existing: { id: invoices.id, letter: invoices.letter, number: invoices.number },
      insurance: {
        id: insurances.id,
        number: insurances.number,
        billingEntityId: insurances.billingEntityId,
        totalCents: insurances.totalCents,
        startsOn: insurances.startsOn,
        endsOn: insurances.endsOn,
        policy: policies.name,
        riskType: riskTypes.shortCode,
      },
      profile: invoiceProfiles,
      profileState: profileState.name,
      entity: entities,
      place: places,
      entityState: entityState.name,
      // The id of the invoice to write, taken in this read when there is none yet (insertDocument).
      nextId: sql<
        number | null
      >`case when ${invoices.id} is null then nextval('invoices_id_seq'::regclass)::int end`,
      also: also,
    })
    .from(insurances)
    .innerJoin(policies, eq(policies.id, insurances.policyId))
    .innerJoin(riskTypes, eq(riskTypes.id, policies.riskTypeId))
    .leftJoin(invoices, and(eq(invoices.paymentId, payment.id), eq(invoices.kind, 'invoice')))
    .leftJoin(invoiceProfiles, eq(invoiceProfiles.userId, payment.userId))
    .leftJoin(profileState, eq(profileState.id, invoiceProfiles.stateId))
    .leftJoin(entities, eq(entities.id, insurances.billingEntityId))
    .leftJoin(places, eq(places.id, entities.placeId))
    .leftJoin(entityState, eq(entityState.id, places.provinceId))
    .where(eq(insurances.id, payment.insuranceId));
  if (!row) throw new Error(`The insurance ${payment.insuranceId} of payment ${payment.id} does not exist`);
  const recipient =
    row.profile && row.profileState !== null
      ? profileRecipient(profileOut(row.profile, row.profileState))
      : entityRecipient(row.entity!, row.place, row.entityState);
  return {
    facts: {
      existing: row.existing,
      insurance: row.insurance,
      recipient,
      nextId: row.nextId === null ? null : Number(row.nextId),
    },
    also: row.also,
  };
}

/**
 * The invoice of a collected insurance payment; call it inside the transaction that marks the payment
 * approved. Issuing it twice for one payment answers the first invoice. `facts`, when the caller read them
 * (readPaymentInvoiceFacts), are not read again.
 */
export async function issueInvoiceForPayment(
  tx: DbOrTx,
  payment: { id: number; userId: number; insuranceId: number | null; amountCents: number },
  now: Date,
  facts?: PaymentInvoiceFacts,
): Promise<IssuedDocument | null> {
  const { insuranceId } = payment;
  if (!insuranceId) return null;
  const { existing, insurance, recipient, nextId } =
    facts ?? (await readPaymentInvoiceFacts(tx, { ...payment, insuranceId }, sql<null>`null`)).facts;
  if (existing) return existing;
  return insertDocument(tx, {
    id: nextId,
    userId: payment.userId,
    kind: 'invoice',
    recipient,
    issuedAt: now,
    insuranceId: insurance.id,
    paymentId: payment.id,
    lines: [lineFor(insurance, payment.amountCents)],
  });
}

/**
 * The invoice of a CSV import paid from Mi crédito: one line per insurance it issued, to the customer's
 * invoice profile or else the import's entity. Call it inside the transaction that confirms the import;
 * issuing it twice answers the first invoice.
 */
export async function issueInvoiceForImport(
  tx: DbOrTx,
  input: { userId: number; importId: number; billingEntityId: number; insuranceIds: number[] },
  now: Date,
): Promise<IssuedDocument | null> {
  if (input.insuranceIds.length === 0) return null;
  const [existing] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.importId, input.importId), eq(invoices.kind, 'invoice')));
  if (existing) return issuedOf(existing);
  const issued: InsuranceForInvoice[] = [];
  // In parts, as the import itself does: thousands of ids in one IN list are slow to plan.
  for (let i = 0; i < input.insuranceIds.length; i += 1000)
    issued.push(...(await insurancesForInvoice(tx, input.insuranceIds.slice(i, i + 1000))));
  const recipient = await recipientFor(tx, input.userId, input.billingEntityId);
  return insertDocument(tx, {
    userId: input.userId,
    kind: 'invoice',
    recipient,
    issuedAt: now,
    insuranceId: null,
    importId: input.importId,
    lines: issued.map((insurance) => lineFor(insurance, insurance.totalCents)),
  });
}

/**
 * The credit note of a refund of an insurance's premium, referencing the invoice of its payment, with
 * the same letter and recipient. Call it inside the transaction that posts the refund. Nothing is issued
 * when the insurance was never invoiced (nothing was collected).
 */
export async function issueCreditNoteForRefund(
  tx: DbOrTx,
  input: {
    userId: number;
    insuranceId: number;
    amountCents: number;
    /** The refund's wallet movement; null when the money goes back through the provider that collected it. */
    refundMovementId: number | null;
    reason: string;
  },
  now: Date,
): Promise<IssuedDocument | null> {
  const [found] = await tx
    .select({ invoice: invoices, line: invoiceLines })
    .from(invoiceLines)
    .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
    .where(
      and(
        eq(invoiceLines.insuranceId, input.insuranceId),
        eq(invoices.userId, input.userId),
        eq(invoices.kind, 'invoice'),
      ),
    )
    .orderBy(desc(invoices.id))
    .limit(1);
  if (!found) return null;
  const { invoice, line } = found;
  const insurance = await insuranceForInvoice(tx, input.insuranceId);
  return insertDocument(tx, {
    userId: input.userId,
    kind: 'credit_note',
    letter: invoice.letter,
    recipient: {
      name: invoice.recipientName,
      documentType: invoice.recipientDocumentType,
      documentNumber: invoice.recipientDocumentNumber,
      taxCondition: invoice.recipientTaxCondition,
      address: invoice.recipientAddress,
    },
    issuedAt: now,
    insuranceId: input.insuranceId,
    invoiceId: invoice.id,
    refundMovementId: input.refundMovementId,
    lines: [
      {
        // The invoice's number once ARCA gave it (the credit note's PDF names it too, as CbtesAsoc).
        description: `${input.reason}, contratación ${insurance.number} (factura ${invoice.letter}${invoice.number === null ? '' : ` ${formatInvoiceNumber(invoice.pointOfSale, invoice.number)}`})`,
        totalCents: Math.min(input.amountCents, line.totalCents),
        ivaRateBps: line.ivaRateBps,
        insuranceId: input.insuranceId,
      },
    ],
  });
}

/** The columns of an invoice its answer shows (invoiceOut), and no other. */
const shownInvoiceColumns = {
  id: invoices.id,
  kind: invoices.kind,
  letter: invoices.letter,
  pointOfSale: invoices.pointOfSale,
  number: invoices.number,
  arcaStatus: invoices.arcaStatus,
  arcaVoucherType: invoices.arcaVoucherType,
  cae: invoices.cae,
  caeDueOn: invoices.caeDueOn,
  issuedAt: invoices.issuedAt,
  insuranceId: invoices.insuranceId,
  paymentId: invoices.paymentId,
  importId: invoices.importId,
  invoiceId: invoices.invoiceId,
  recipientName: invoices.recipientName,
  recipientDocumentType: invoices.recipientDocumentType,
  recipientDocumentNumber: invoices.recipientDocumentNumber,
  recipientTaxCondition: invoices.recipientTaxCondition,
  recipientAddress: invoices.recipientAddress,
  netCents: invoices.netCents,
  ivaCents: invoices.ivaCents,
  totalCents: invoices.totalCents,
};
type ShownInvoiceRow = Pick<InvoiceRow, keyof typeof shownInvoiceColumns>;

export function invoiceOut(
  row: ShownInvoiceRow,
  extra: { insuranceNumber: string | null; lines?: LineRow[] },
): Invoice {
  return {
    id: row.id,
    kind: row.kind,
    kind_label: INVOICE_KIND_LABELS[row.kind],
    letter: row.letter,
    point_of_sale: row.pointOfSale,
    number: row.number,
    full_number: row.number === null ? null : formatInvoiceNumber(row.pointOfSale, row.number),
    arca_status: row.arcaStatus,
    arca_voucher_type: row.arcaVoucherType,
    cae: row.cae,
    cae_due_on: row.caeDueOn,
    issued_at: row.issuedAt.toISOString(),
    insurance_id: row.insuranceId,
    insurance_number: extra.insuranceNumber,
    payment_id: row.paymentId,
    import_id: row.importId,
    invoice_id: row.invoiceId,
    recipient: {
      name: row.recipientName,
      document_type: row.recipientDocumentType,
      document_number: row.recipientDocumentNumber,
      tax_condition: row.recipientTaxCondition,
      address: row.recipientAddress,
    },
    ...niceAmounts({ net: row.netCents, iva: row.ivaCents, total: row.totalCents }),
    ...(extra.lines
      ? {
          lines: extra.lines.map((l) => ({
            description: l.description,
            iva_rate_bps: l.ivaRateBps,
            ...niceAmounts({ net: l.netCents, iva: l.ivaCents, total: l.totalCents }),
          })),
        }
      : {}),
  };
}
export type InvoiceOut = Invoice;

/** A list row as the database hands it over (lib/json-rows.ts). */
type InvoicePageJson = AsJson<ShownInvoiceRow> & { insuranceNumber: string | null };

/**
 * A page of the list, each row one JSON value built by the database with the columns its answer shows:
 * the drivers decode one value per row instead of some thirty (on PGlite, decoding each column of the
 * result cost more than the mapping).
 */
function invoicePage(db: DbOrTx) {
  return db
    .select({
      row: jsonObject<InvoicePageJson>({ ...shownInvoiceColumns, insuranceNumber: insurances.number }),
    })
    .from(invoices)
    .leftJoin(insurances, eq(insurances.id, invoices.insuranceId));
}

const preparedLatestInvoices = preparedPerDatabase((db: Db) =>
  invoicePage(db)
    .where(eq(invoices.userId, sql.placeholder('userId')))
    .orderBy(...invoiceListSpec.defaultSort)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('invoices_latest'),
);

/** GET /customers/invoices: a page of the caller's invoices and credit notes (filters and sort: queries.ts). */
export async function listInvoices(
  deps: { db: Db },
  input: { userId: number; query: Pick<ListQuery, 'where' | 'orderBy' | 'perPage' | 'offset'> },
): Promise<{ rows: Invoice[]; total: number }> {
  const { db } = deps;
  const { query } = input;
  const condition = and(eq(invoices.userId, input.userId), query.where);
  // 'Facturación' as the web asks for it (no filter, the default order): a prepared statement.
  const rows =
    query.where === undefined && query.orderBy === invoiceListSpec.defaultSort
      ? await preparedLatestInvoices(db).execute({
          userId: input.userId,
          limit: query.perPage,
          offset: query.offset,
        })
      : await invoicePage(db)
          .where(condition)
          .orderBy(...query.orderBy)
          .limit(query.perPage)
          .offset(query.offset);
  // A page that is not full tells the total by itself (most customers' first page: one statement, not two).
  let total = query.offset + rows.length;
  if (rows.length === query.perPage || (rows.length === 0 && query.offset > 0)) {
    const [counted] = await db.select({ n: count() }).from(invoices).where(condition);
    total = counted?.n ?? 0;
  }
  return {
    rows: rows.map(({ row: { insuranceNumber, issuedAt, ...row } }) =>
      invoiceOut({ ...row, issuedAt: new Date(issuedAt) }, { insuranceNumber }),
    ),
    total,
  };
}

/** One of the caller's invoices with its lines; another customer's is a 404. */
export async function findInvoice(
  deps: { db: DbOrTx },
  input: { userId: number; invoiceId: number },
): Promise<Invoice> {
  const { db } = deps;
  const [row] = await db
    .select({ invoice: invoices, insuranceNumber: insurances.number })
    .from(invoices)
    .leftJoin(insurances, eq(insurances.id, invoices.insuranceId))
    .where(and(eq(invoices.id, input.invoiceId), eq(invoices.userId, input.userId)));
  if (!row) throw new AppError('not_found', { message: 'La factura no existe.' });
  const lines = await db
    .select()
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, input.invoiceId))
    .orderBy(invoiceLines.id);
  return invoiceOut(row.invoice, { insuranceNumber: row.insuranceNumber, lines });
}
