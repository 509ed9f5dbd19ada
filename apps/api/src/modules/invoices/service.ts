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
import { and, asc, count, desc, eq, inArray, type Placeholder, type SQL, sql } from 'drizzle-orm';
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

function profileRecipient(
  profile: Omit<InvoiceProfile, 'state_id' | 'invoice_letter' | 'updated_at'>,
): Recipient {
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
  entity: Pick<typeof entities.$inferSelect, 'name' | 'documentType' | 'documentNumber' | 'taxCondition'>,
  place: Pick<typeof places.$inferSelect, 'street' | 'streetNumber' | 'floorBlock' | 'zipCode'> | null,
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
 * What a caller reads in the facts' statement (after-payment.ts: the invitee's referral, the insurance
 * marked paid), built once like the statement: `with`, CTEs it runs first (`also` may read them), and
 * `also`, one value, both with placeholders named apart from the facts' own (`facts…`). The same object on
 * every call: the statement's text is built once for each.
 */
export type PaymentFactsAlso<T> = { with: SQL | null; also: SQL<T> };

const NO_ALSO: PaymentFactsAlso<null> = { with: null, also: sql<null>`null` };

/** The facts' row as the statement answers it (paymentFactsSelect). */
export type PaymentFactsRow<T> = {
  existing_id: number | null;
  existing_letter: InvoiceLetter | null;
  existing_number: number | null;
  id: number;
  number: string;
  billing_entity_id: number;
  total_cents: number;
  starts_on: string | null;
  ends_on: string | null;
  policy: string;
  risk_type: string;
  profile_name: string | null;
  profile_document_type: 'DNI' | 'CUIT' | null;
  profile_document_number: string | null;
  profile_tax_condition: TaxCondition | null;
  profile_street: string | null;
  profile_street_number: string | null;
  profile_floor_apartment: string | null;
  profile_locality: string | null;
  profile_state: string | null;
  entity_name: string | null;
  entity_document_type: 'DNI' | 'CUIT' | null;
  entity_document_number: string | null;
  entity_tax_condition: string | null;
  place_street: string | null;
  place_street_number: string | null;
  place_floor_block: string | null;
  place_zip_code: string | null;
  entity_state: string | null;
  profile_zip_code: string | null;
  next_id: number | null;
  also: T;
};

/** The ids the facts' select reads: each an expression of its statement. */
export type PaymentFactsIds = { paymentId: SQL; userId: SQL; insuranceId: SQL };

/** Its own statement's: placeholders, bound on every call (readPaymentInvoiceFacts). */
const FACTS_PLACEHOLDERS: PaymentFactsIds = {
  paymentId: sql`${sql.placeholder('factsPaymentId')}::int`,
  userId: sql`${sql.placeholder('factsUserId')}::int`,
  insuranceId: sql`${sql.placeholder('factsInsuranceId')}::int`,
};

/** The facts' statement with a caller's reads, its text built once for each (readPaymentInvoiceFacts). */
function paymentFactsSql(caller: PaymentFactsAlso<unknown>): SQL {
  return sql`${caller.with ? sql`with ${caller.with} ` : sql``}${paymentFactsSelect(caller, FACTS_PLACEHOLDERS)}`;
}

/**
 * The facts' select (one row, PaymentFactsRow; none when the insurance `ids` names does not exist), the ids
 * expressions of the statement it is part of: a wallet payment's first statement reads them as a CTE of its
 * own, its payment's ids (payments/payment-service.ts), a round trip fewer. `caller.also` is read, its
 * `with` is not written: the statement's own CTEs must include it.
 */
export function paymentFactsSelect(caller: PaymentFactsAlso<unknown>, ids: PaymentFactsIds): SQL {
  return sql`select
      invoice.id::int as existing_id, invoice.letter as existing_letter, invoice.number::int as existing_number,
      insurance.id::int as id, insurance.number, insurance.billing_entity_id::int as billing_entity_id,
      insurance.total_cents::int as total_cents, insurance.starts_on::text as starts_on,
      insurance.ends_on::text as ends_on, policy.name as policy, risk.short_code as risk_type,
      profile.name as profile_name, profile.document_type as profile_document_type,
      profile.document_number as profile_document_number, profile.tax_condition as profile_tax_condition,
      profile.street as profile_street, profile.street_number as profile_street_number,
      profile.floor_apartment as profile_floor_apartment, profile.locality as profile_locality,
      profile.zip_code as profile_zip_code, profile_state.name as profile_state,
      entity.name as entity_name, entity.document_type as entity_document_type,
      entity.document_number as entity_document_number, entity.tax_condition as entity_tax_condition,
      place.street as place_street, place.street_number as place_street_number,
      place.floor_block as place_floor_block, place.zip_code as place_zip_code, entity_state.name as entity_state,
      case when invoice.id is null then nextval('invoices_id_seq'::regclass)::int end as next_id,
      ${caller.also} as also
    from ${insurances} insurance
    join ${policies} policy on policy.id = insurance.policy_id
    join ${riskTypes} risk on risk.id = policy.risk_type_id
    left join ${invoices} invoice on invoice.payment_id = ${ids.paymentId} and invoice.kind = 'invoice'
    left join ${invoiceProfiles} profile on profile.user_id = ${ids.userId}
    left join ${provinces} profile_state on profile_state.id = profile.state_id
    left join ${entities} entity on entity.id = insurance.billing_entity_id
    left join ${places} place on place.id = entity.place_id
    left join ${provinces} entity_state on entity_state.id = place.province_id
    where insurance.id = ${ids.insuranceId}`;
}

const paymentFacts = new WeakMap<PaymentFactsAlso<unknown>, ReturnType<typeof statementOnce>>();

/**
 * Everything the invoice of a collected payment needs, in one statement: the payment's invoice if it
 * exists, the insurance with its policy and risk type, and the recipient (decision 009: the customer's
 * invoice profile, else the insurance's billing entity with its place). `caller`'s value is read in the
 * same statement for the caller (after-payment.ts: the invitee's referral), its CTEs run first (the
 * insurance marked paid), a round trip fewer. Its text is built once for each `caller`, its values bound
 * on every call: drizzle building it on every payment was about 14 % of the API's CPU in bench:wallet.
 */
export async function readPaymentInvoiceFacts<T>(
  tx: DbOrTx,
  payment: { id: number; userId: number; insuranceId: number },
  caller?: { reads: PaymentFactsAlso<T>; values: Record<string, unknown> },
): Promise<{ facts: PaymentInvoiceFacts; also: T }> {
  const reads = (caller?.reads ?? NO_ALSO) as PaymentFactsAlso<unknown>;
  let statement = paymentFacts.get(reads);
  if (!statement) {
    statement = statementOnce(() => paymentFactsSql(reads));
    paymentFacts.set(reads, statement);
  }
  const [row] = rowsOf<PaymentFactsRow<T>>(
    await statement(tx, {
      ...caller?.values,
      factsPaymentId: payment.id,
      factsUserId: payment.userId,
      factsInsuranceId: payment.insuranceId,
    }),
  );
  if (!row) throw new Error(`The insurance ${payment.insuranceId} of payment ${payment.id} does not exist`);
  return paymentFactsOfRow(row);
}

/** The facts and the caller's value of the facts' row (paymentFactsSelect). */
export function paymentFactsOfRow<T>(row: PaymentFactsRow<T>): { facts: PaymentInvoiceFacts; also: T } {
  return {
    facts: {
      existing:
        row.existing_id === null
          ? null
          : { id: Number(row.existing_id), letter: row.existing_letter!, number: row.existing_number },
      insurance: {
        id: Number(row.id),
        number: row.number,
        billingEntityId: Number(row.billing_entity_id),
        totalCents: Number(row.total_cents),
        startsOn: row.starts_on,
        endsOn: row.ends_on,
        policy: row.policy,
        riskType: row.risk_type,
      },
      recipient: factsRecipient(row),
      nextId: row.next_id === null ? null : Number(row.next_id),
    },
    also: row.also,
  };
}

/** The recipient of the facts' row: the invoice profile when there is one, else the billing entity. */
function factsRecipient(row: PaymentFactsRow<unknown>): Recipient {
  if (row.profile_name !== null && row.profile_state !== null) {
    return profileRecipient({
      name: row.profile_name,
      document_type: row.profile_document_type!,
      document_number: row.profile_document_number!,
      tax_condition: row.profile_tax_condition!,
      street: row.profile_street!,
      street_number: row.profile_street_number!,
      floor_apartment: row.profile_floor_apartment!,
      locality: row.profile_locality!,
      state_name: row.profile_state,
      zip_code: row.profile_zip_code!,
    });
  }
  return entityRecipient(
    {
      name: row.entity_name!,
      documentType: row.entity_document_type!,
      documentNumber: row.entity_document_number!,
      taxCondition: row.entity_tax_condition,
    },
    {
      street: row.place_street,
      streetNumber: row.place_street_number,
      floorBlock: row.place_floor_block,
      zipCode: row.place_zip_code,
    },
    row.entity_state,
  );
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
    facts ?? (await readPaymentInvoiceFacts(tx, { ...payment, insuranceId })).facts;
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
