/**
 * Contracted insurances of the signed-in customer: list (filters, groups by risk type), detail with
 * risks, and the public certificate check (the cancellation is cancellation.ts).
 */
import {
  type Entity,
  type Insurance,
  type InsuranceDetail,
  type InsuranceGroup,
  type InsuranceStatus,
  insuranceStatusLabel,
  type PageMeta,
  premiumOf,
  RISK_TYPES,
  type RiskTypeCode,
  type StoredAnswers,
  todayInArgentina,
} from '@cubierto/contracts';
import { and, count, desc, eq, is, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { alias, PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client.ts';
import { companies, coverages, entities, insurances, policies, riskTypes } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { type AsJson, jsonObject } from '../../lib/json-rows.ts';
import { type ListSpec, pageMeta, parseListQuery, type RawQuery } from '../../lib/list-query.ts';
import { preparedPerDatabase } from '../../lib/prepared.ts';
import { companyOut, coverageOut } from '../catalog/service.ts';

const billingEntities = alias(entities, 'billing_entities');

/**
 * The columns an insurance is shown with, and no other: a list row used to carry all 63 columns of its
 * four tables, and decoding each one cost more than the query (bench/README.md).
 */
const shownColumns = {
  insurance: {
    id: insurances.id,
    number: insurances.number,
    status: insurances.status,
    startsOn: insurances.startsOn,
    endsOn: insurances.endsOn,
    netCents: insurances.netCents,
    surchargesCents: insurances.surchargesCents,
    taxesCents: insurances.taxesCents,
    totalCents: insurances.totalCents,
    cancelsOn: insurances.cancelsOn,
    paidAt: insurances.paidAt,
    createdAt: insurances.createdAt,
  },
  coverage: {
    id: coverages.id,
    policyId: coverages.policyId,
    publicName: coverages.publicName,
    publicDescription: coverages.publicDescription,
    description: coverages.description,
    descriptionMore: coverages.descriptionMore,
    pricing: coverages.pricing,
    surchargeBps: coverages.surchargeBps,
    taxBps: coverages.taxBps,
  },
  policy: { id: policies.id, name: policies.name },
  company: {
    id: companies.id,
    name: companies.name,
    legalName: companies.legalName,
    logoFilename: companies.logoFilename,
  },
  code: riskTypes.shortCode,
};

type Row = Awaited<ReturnType<typeof baseQuery>>[number];

export function insuranceOut(row: Row): Insurance {
  const i = row.insurance;
  const code = row.code as RiskTypeCode;
  return {
    id: i.id,
    number: i.number,
    status: i.status,
    status_label: insuranceStatusLabel(i.status as InsuranceStatus, !!i.paidAt),
    risk_type: { short_code: code, name: RISK_TYPES[code].name, plural: RISK_TYPES[code].plural },
    coverage: coverageOut(row.coverage, code),
    policy: { id: row.policy.id, name: row.policy.name, company: companyOut(row.company) },
    starts_on: i.startsOn,
    ends_on: i.endsOn,
    premium: premiumOf(i),
    cancels_on: i.cancelsOn,
    paid_at: i.paidAt?.toISOString() ?? null,
    created_at: i.createdAt.toISOString(),
  };
}

function baseQuery(db: DbOrTx) {
  return db
    .select(shownColumns)
    .from(insurances)
    .innerJoin(coverages, eq(coverages.id, insurances.coverageId))
    .innerJoin(policies, eq(policies.id, insurances.policyId))
    .innerJoin(companies, eq(companies.id, policies.companyId))
    .innerJoin(riskTypes, eq(riskTypes.id, policies.riskTypeId));
}

/** Newest first: the home's latest contracts and 'Mis contrataciones' ask for no other order. */
export const INSURANCES_DEFAULT_ORDER: SQL[] = [desc(insurances.createdAt), desc(insurances.id)];

/** GET /customers/insurances: its filters and sorts (lib/list-query.ts). */
export const insuranceListSpec = {
  filters: {
    status: { column: insurances.status, type: 'enum', ops: ['eq', 'in'] },
    risk_type: { column: riskTypes.shortCode, type: 'text', ops: ['eq', 'in'] },
    number: { column: insurances.number, type: 'text', ops: ['eq', 'like'] },
  },
  sorts: {
    created_at: insurances.createdAt,
    starts_on: insurances.startsOn,
    ends_on: insurances.endsOn,
    id: insurances.id,
  },
  defaultSort: INSURANCES_DEFAULT_ORDER,
} satisfies ListSpec;

/**
 * The prepared lists' rows, each with the count of all the rows the `where` matches (a window over the
 * rows before LIMIT): a full page tells its total without a second statement (issue 22).
 */
function countedQuery(db: Db) {
  return db
    .select({ ...shownColumns, total: sql<number>`(count(*) over ())::int` })
    .from(insurances)
    .innerJoin(coverages, eq(coverages.id, insurances.coverageId))
    .innerJoin(policies, eq(policies.id, insurances.policyId))
    .innerJoin(companies, eq(companies.id, policies.companyId))
    .innerJoin(riskTypes, eq(riskTypes.id, policies.riskTypeId));
}

/** The list as the app asks for it nearly always (no filter, newest first), prepared (lib/prepared.ts). */
const preparedLatestInsurances = preparedPerDatabase((db: Db) =>
  countedQuery(db)
    .where(eq(insurances.userId, sql.placeholder('userId')))
    .orderBy(...INSURANCES_DEFAULT_ORDER)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('insurances_latest'),
);

/** The same with one status (the home's insurances in force, `filter[status][eq]=vigente`), prepared. */
const preparedLatestInsurancesByStatus = preparedPerDatabase((db: Db) =>
  countedQuery(db)
    .where(
      and(eq(insurances.userId, sql.placeholder('userId')), eq(insurances.status, sql.placeholder('status'))),
    )
    .orderBy(...INSURANCES_DEFAULT_ORDER)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('insurances_latest_by_status'),
);

const lastOf = (value: string | string[] | undefined) => (Array.isArray(value) ? value.at(-1) : value);

/**
 * Whether a checked query asks for the newest first (no sort, or `-created_at` with or without the id's
 * tie-break, which the parser adds anyway) with no filter but perhaps one status: a prepared statement.
 */
function preparedShape(query: RawQuery): { status?: string } | undefined {
  const sort = lastOf(query.sort_by);
  if (sort !== undefined && sort !== '' && sort !== '-created_at' && sort !== '-created_at,-id')
    return undefined;
  const filters = Object.keys(query).filter((name) => name.startsWith('filter['));
  if (filters.length === 0) return {};
  const status = lastOf(query['filter[status][eq]']);
  return filters.length === 1 && status !== undefined ? { status } : undefined;
}

/**
 * GET /customers/insurances: one page of the caller's insurances (insuranceListSpec's query). The route
 * keeps its answers in memory (list-cache.ts, declared by the route).
 */
export async function listCustomerInsurances(
  deps: { db: DbOrTx },
  input: { userId: number; query: RawQuery },
): Promise<{ data: Insurance[]; meta: PageMeta }> {
  const q = parseListQuery(input.query, insuranceListSpec);
  const { rows, total } = await listInsurances(deps.db, {
    userId: input.userId,
    where: q.where,
    orderBy: q.orderBy,
    limit: q.perPage,
    offset: q.offset,
    prepared: preparedShape(input.query),
  });
  return { data: rows, meta: pageMeta(q, total) };
}

export async function listInsurances(
  db: DbOrTx,
  input: {
    userId: number;
    where: SQL | undefined;
    orderBy: SQL[];
    limit: number;
    offset: number;
    /** The query, checked and parsed into `where` and `orderBy`, is one a prepared statement runs. */
    prepared?: { status?: string } | undefined;
  },
): Promise<{ rows: ReturnType<typeof insuranceOut>[]; total: number }> {
  // Newest first, unfiltered or by one status, outside a transaction: a prepared statement.
  const unfiltered = input.where === undefined && input.orderBy === INSURANCES_DEFAULT_ORDER;
  const prepared = is(db, PgTransaction) ? undefined : (input.prepared ?? (unfiltered ? {} : undefined));
  const where = and(eq(insurances.userId, input.userId), input.where);
  const page = { userId: input.userId, limit: input.limit, offset: input.offset };
  const rows: Row[] = !prepared
    ? await baseQuery(db)
        .where(where)
        .orderBy(...(input.orderBy.length ? input.orderBy : INSURANCES_DEFAULT_ORDER))
        .limit(input.limit)
        .offset(input.offset)
    : prepared.status === undefined
      ? await preparedLatestInsurances(db as Db).execute(page)
      : await preparedLatestInsurancesByStatus(db as Db).execute({ ...page, status: prepared.status });
  // A page that is not full tells the total by itself (the home's five latest, most customers' lists); a
  // prepared statement's rows carry it.
  const counted = prepared ? (rows[0] as (Row & { total?: number }) | undefined)?.total : undefined;
  let total = counted ?? input.offset + rows.length;
  if (counted === undefined && (rows.length === input.limit || (rows.length === 0 && input.offset > 0))) {
    const [counted] = await db
      .select({ n: count() })
      .from(insurances)
      .innerJoin(policies, eq(policies.id, insurances.policyId))
      .innerJoin(riskTypes, eq(riskTypes.id, policies.riskTypeId))
      .where(where);
    total = counted?.n ?? 0;
  }
  return { rows: rows.map(insuranceOut), total };
}

/** Each of the caller's insurances as its group needs it: the risk type, the status, a scheduled end. */
function selectGroupRows(db: DbOrTx, userId: number | Placeholder<'userId', number>) {
  return db
    .select({ code: riskTypes.shortCode, status: insurances.status, cancelsOn: insurances.cancelsOn })
    .from(insurances)
    .innerJoin(policies, eq(policies.id, insurances.policyId))
    .innerJoin(riskTypes, eq(riskTypes.id, policies.riskTypeId))
    .where(eq(insurances.userId, userId));
}

/** 'Mis contrataciones' opens with it: prepared (lib/prepared.ts). */
const preparedGroupRows = preparedPerDatabase((db: Db) =>
  selectGroupRows(db, sql.placeholder('userId')).prepare('insurances_groups'),
);

/** Counts per risk type for "Mis contrataciones": '1 Celular', '3 Celulares', or 'baja programada'. */
export async function insuranceGroups(
  deps: { db: DbOrTx },
  input: { userId: number },
): Promise<InsuranceGroup[]> {
  const { db } = deps;
  const { userId } = input;
  const rows = is(db, PgTransaction)
    ? await selectGroupRows(db, userId)
    : await preparedGroupRows(db).execute({ userId });
  const groups = new Map<string, { count: number; scheduled: number }>();
  for (const r of rows) {
    const g = groups.get(r.code) ?? { count: 0, scheduled: 0 };
    g.count += 1;
    if (r.cancelsOn && r.status === 'vigente') g.scheduled += 1;
    groups.set(r.code, g);
  }
  return [...groups.entries()].map(([code, g]) => {
    const rule = RISK_TYPES[code as RiskTypeCode];
    return {
      risk_type: { short_code: code as RiskTypeCode, name: rule.name, plural: rule.plural },
      count: g.count,
      scheduled_cancellations: g.scheduled,
      label: groupLabel(g.count, g.scheduled, rule.name, rule.plural),
    };
  });
}

/** Spec §9: a scheduled-leave group reads 'baja programada'; otherwise the count, pluralised. */
export function groupLabel(total: number, scheduled: number, singular: string, plural: string): string {
  if (scheduled > 0 && scheduled === total) return 'baja programada';
  return `${total} ${total === 1 ? singular : plural}`;
}

/** An entity as the detail shows it, built by the database (entityOut's fields). */
function entityJson(table: typeof entities | typeof billingEntities) {
  return jsonObject<Entity>({
    id: table.id,
    kind: table.kind,
    name: table.name,
    document_type: table.documentType,
    document_number: table.documentNumber,
    tax_condition: table.taxCondition,
  });
}

/** A risk as the database hands it over: its answers, and the names of an insured address's places. */
type RiskJson = {
  id: number;
  kind: string;
  data: Record<string, unknown>;
  photo_file_ids: number[];
  state_name: string | null;
  locality_name: string | null;
};

/** An address's place id as an integer, or null (an id that is not one names no place). */
function placeId(key: 'state_id' | 'locality_id') {
  return sql.raw(
    `case when (r.data->'address'->>'${key}') ~ '^[0-9]{1,9}$' then (r.data->'address'->>'${key}')::int end`,
  );
}

/** The detail's row as the database hands it over in its one JSON value (lib/json-rows.ts). */
type DetailJson = Omit<Row, 'insurance'> & {
  insurance: AsJson<Row['insurance']>;
  taker: Entity;
  billing: Entity;
  specialClauses: string | null;
  verificationCode: string;
  processId: number | null;
  risks: RiskJson[];
};

/**
 * The detail in one statement (bench/README.md, issue 22): the insurance with its catalogue, both parties
 * and every risk with its address's place names, built by the database in one round trip, as one JSON
 * value: the drivers decode one column instead of some thirty (on PGlite, decoding each column of the
 * result cost more than the rest of the mapping). The place names are looked up by primary key, one row
 * each, not by joining the whole provinces and localities tables to the risks.
 */
function detailQuery(db: DbOrTx) {
  return db
    .select({
      detail: jsonObject<DetailJson>({
        insurance: jsonObject(shownColumns.insurance),
        coverage: jsonObject(shownColumns.coverage),
        policy: jsonObject(shownColumns.policy),
        company: jsonObject(shownColumns.company),
        code: shownColumns.code,
        taker: entityJson(entities),
        billing: entityJson(billingEntities),
        specialClauses: policies.specialClauses,
        verificationCode: insurances.verificationCode,
        processId: insurances.processId,
        risks: sql`(select coalesce(json_agg(json_build_object(
          'id', r.id, 'kind', r.kind, 'data', r.data, 'photo_file_ids', r.photo_file_ids,
          'state_name', (select p.name from provinces p where p.id = ${placeId('state_id')}),
          'locality_name', (select l.name from localities l where l.id = ${placeId('locality_id')})
          ) order by r.id), '[]'::json)
        from insurance_risks r
        where r.insurance_id = ${insurances.id})`,
      }),
    })
    .from(insurances)
    .innerJoin(coverages, eq(coverages.id, insurances.coverageId))
    .innerJoin(policies, eq(policies.id, insurances.policyId))
    .innerJoin(companies, eq(companies.id, policies.companyId))
    .innerJoin(riskTypes, eq(riskTypes.id, policies.riskTypeId))
    .innerJoin(entities, eq(entities.id, insurances.takerEntityId))
    .innerJoin(billingEntities, eq(billingEntities.id, insurances.billingEntityId));
}

const preparedInsuranceDetail = preparedPerDatabase((db: Db) =>
  detailQuery(db)
    .where(
      and(
        eq(insurances.id, sql.placeholder('insuranceId')),
        eq(insurances.userId, sql.placeholder('userId')),
      ),
    )
    .prepare('insurances_detail'),
);

/** One of the caller's insurances with its parties and risks; another customer's is a 404. */
export async function findInsurance(
  deps: { db: DbOrTx },
  input: { userId: number; insuranceId: number },
): Promise<InsuranceDetail> {
  const { db } = deps;
  const { userId, insuranceId } = input;
  const [found] = is(db, PgTransaction)
    ? await detailQuery(db).where(and(eq(insurances.id, insuranceId), eq(insurances.userId, userId)))
    : await preparedInsuranceDetail(db).execute({ insuranceId, userId });
  if (!found) throw new AppError('not_found', { message: 'La contratación no existe.' });
  const row = found.detail;
  const { paidAt, createdAt } = row.insurance;
  return {
    ...insuranceOut({
      ...row,
      insurance: {
        ...row.insurance,
        paidAt: paidAt === null ? null : new Date(paidAt),
        createdAt: new Date(createdAt),
      },
    }),
    taker: row.taker,
    billing_party: row.billing,
    risks: row.risks.map((r) => ({
      id: r.id,
      kind: r.kind,
      data: withPlaceNames(r),
      photo_file_ids: r.photo_file_ids,
    })),
    special_clauses: row.specialClauses,
    verification_code: row.verificationCode,
    process_id: row.processId,
  };
}

/**
 * An insured address is saved with province and locality ids; readers (the detail, the certificate) get
 * their names too, as `state_name` and `locality_name` (spec §3 address parts).
 */
function withPlaceNames(risk: RiskJson): StoredAnswers {
  const data = risk.data as StoredAnswers;
  const address = data.address as Record<string, string | number | boolean | null> | undefined;
  if (!address) return data;
  return { ...data, address: { ...address, state_name: risk.state_name, locality_name: risk.locality_name } };
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => `${part[0]!.toUpperCase()}.`)
    .join(' ');
}

/** The public certificate check: whether the cover is in force today, and nothing personal but initials. */
export async function verifyCertificate(db: DbOrTx, code: string, now = new Date()) {
  const [row] = await baseQuery(db).where(eq(insurances.verificationCode, code));
  if (!row) throw new AppError('not_found', { message: 'No encontramos una constancia con ese código.' });
  const [taker] = await db
    .select({ name: entities.name })
    .from(insurances)
    .innerJoin(entities, eq(entities.id, insurances.takerEntityId))
    .where(eq(insurances.id, row.insurance.id));
  const i = row.insurance;
  const today = todayInArgentina(now);
  const inForce =
    i.status === 'vigente' && !!i.startsOn && !!i.endsOn && i.startsOn <= today && today <= i.endsOn;
  return {
    number: i.number,
    in_force: inForce,
    status: i.status,
    status_label: insuranceStatusLabel(i.status as InsuranceStatus, !!i.paidAt),
    risk_type: RISK_TYPES[row.code as RiskTypeCode].name,
    policy: row.policy.name,
    company: row.company.legalName,
    starts_on: i.startsOn,
    ends_on: i.endsOn,
    in_force_from:
      i.status === 'pendiente' && i.paidAt && i.startsOn && i.startsOn > today ? i.startsOn : null,
    holder_initials: initials(taker?.name ?? ''),
    checked_on: today,
  };
}
