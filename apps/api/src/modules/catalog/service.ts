/**
 * Catalogue reads: policies with their company, risk type and coverages, as the storefront links them.
 * Coverage amounts are centavos; every amount field gets its `_nice` es-AR twin here, once.
 */
import {
  type Coverage,
  cheapestQuote,
  formatArs,
  type Policy,
  type PremiumFrom,
  RISK_TYPES,
  type RiskTypeCode,
  todayInArgentina,
} from '@cubierto/contracts';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import {
  applicationPolicies,
  applications,
  companies,
  coverages,
  policies,
  riskTypes,
} from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { ListSpec, RawQuery } from '../../lib/list-query.ts';
import { preparedPerDatabase } from '../../lib/prepared.ts';

type CompanyRow = typeof companies.$inferSelect;
type RiskTypeRow = typeof riskTypes.$inferSelect;
type PolicyRow = typeof policies.$inferSelect;
type CoverageRow = typeof coverages.$inferSelect;

export const POLICY_RELATIONS = ['company', 'riskType', 'coverages'] as const;

/** The catalogue lists' filters (spec §7) and the relations `load[Policy]` may ask for. */
export const catalogueListSpec = {
  filters: {
    risk_type: { column: riskTypes.shortCode, type: 'text', ops: ['eq', 'in'] },
    company: { column: companies.id, type: 'integer', ops: ['eq', 'in'] },
    name: { column: policies.name, type: 'text', ops: ['like'] },
  },
  loads: { Policy: POLICY_RELATIONS },
  maxPerPage: 100,
} satisfies ListSpec;

export function logoUrl(filename: string | null): string | null {
  return filename ? `/api/v4/files/logos/${filename}` : null;
}

export function companyOut(row: Pick<CompanyRow, 'id' | 'name' | 'legalName' | 'logoFilename'>) {
  return {
    id: row.id,
    name: row.name,
    legal_name: row.legalName,
    logo_filename: row.logoFilename,
    logo_url: logoUrl(row.logoFilename),
  };
}

export function riskTypeOut(row: RiskTypeRow) {
  return {
    id: row.id,
    short_code: row.shortCode,
    name: row.name,
    plural: row.plural,
    flow_group: row.flowGroup,
  };
}

/**
 * "Desde" (DOMAIN.md "Money"): the premio of the cheapest quote the contract flow can give for a coverage
 * (contracts' cheapestQuote, priced by the quote's own function), with what it is for.
 */
export function premiumFrom(
  row: Pick<CoverageRow, 'pricing' | 'surchargeBps' | 'taxBps'>,
  shortCode: string,
  today = todayInArgentina(),
): PremiumFrom {
  const rule = RISK_TYPES[shortCode as RiskTypeCode];
  const cheapest = cheapestQuote(
    { pricing: row.pricing, surchargeBps: row.surchargeBps, taxBps: row.taxBps },
    rule?.dates ?? null,
    today,
  );
  return {
    amount_cents: cheapest.premium.total_cents,
    amount_nice: cheapest.premium.total_nice,
    period: cheapest.period,
    periods: cheapest.periods,
    insured_amount_cents: cheapest.insuredAmountCents,
    insured_amount_nice: cheapest.insuredAmountCents === null ? null : formatArs(cheapest.insuredAmountCents),
    trip_type: cheapest.tripType,
  };
}

/** The columns coverageOut reads: a list that only shows coverages selects these alone. */
export type CoverageOutRow = Pick<
  CoverageRow,
  | 'id'
  | 'policyId'
  | 'publicName'
  | 'publicDescription'
  | 'description'
  | 'descriptionMore'
  | 'pricing'
  | 'surchargeBps'
  | 'taxBps'
>;

export function coverageOut(row: CoverageOutRow, shortCode: string): Coverage {
  const rule = RISK_TYPES[shortCode as RiskTypeCode];
  const description: Record<string, number | string> = { ...row.description };
  for (const field of rule?.descriptionFields ?? []) {
    const value = row.description[field.key];
    if (field.kind === 'amount' && typeof value === 'number')
      description[`${field.key}_nice`] = formatArs(value);
  }
  return {
    id: row.id,
    policy_id: row.policyId,
    public_name: row.publicName,
    public_description: row.publicDescription,
    description,
    description_more: row.descriptionMore,
    risk_type: { short_code: shortCode },
    premium_from: premiumFrom(row, shortCode),
    price_terms: { pricing: row.pricing, surcharge_bps: row.surchargeBps, tax_bps: row.taxBps },
  };
}

export async function assertApplication(db: DbOrTx, applicationId: number) {
  const [app] = await db
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.id, applicationId), eq(applications.active, true)));
  if (!app) throw new AppError('not_found', { message: 'La aplicación no existe.' });
}

/**
 * Policies matching `where`, with the relations asked for. `linkedTo` adds the `linked` flag for an
 * application; `onlyLinked` keeps just the policies it links.
 */
export async function findPolicies(
  db: DbOrTx,
  options: {
    where?: SQL | undefined;
    load: ReadonlySet<string>;
    linkedTo?: number;
    onlyLinked?: boolean;
    limit?: number;
    offset?: number;
  },
): Promise<{ rows: Policy[]; total: number }> {
  const conditions: SQL[] = [eq(policies.status, 'active')];
  if (options.where) conditions.push(options.where);
  let linkedIds: Set<number> | undefined;
  if (options.linkedTo !== undefined) {
    const linked = await db
      .select({ policyId: applicationPolicies.policyId })
      .from(applicationPolicies)
      .where(eq(applicationPolicies.applicationId, options.linkedTo));
    linkedIds = new Set(linked.map((l) => l.policyId));
    if (options.onlyLinked) {
      if (linkedIds.size === 0) return { rows: [], total: 0 };
      conditions.push(inArray(policies.id, [...linkedIds]));
    }
  }
  const rows = await db
    .select({ policy: policies, company: companies, riskType: riskTypes })
    .from(policies)
    .innerJoin(companies, eq(companies.id, policies.companyId))
    .innerJoin(riskTypes, eq(riskTypes.id, policies.riskTypeId))
    .where(and(...conditions))
    .orderBy(asc(riskTypes.id), asc(policies.id));
  const total = rows.length;
  const page = rows.slice(options.offset ?? 0, (options.offset ?? 0) + (options.limit ?? rows.length));
  const coverageRows =
    options.load.has('coverages') && page.length
      ? await db
          .select()
          .from(coverages)
          .where(
            and(
              inArray(
                coverages.policyId,
                page.map((r) => r.policy.id),
              ),
              eq(coverages.status, 'active'),
            ),
          )
          .orderBy(asc(coverages.sortOrder), asc(coverages.id))
      : [];
  return {
    total,
    rows: page.map((r) =>
      policyOut(
        r.policy,
        r.company,
        r.riskType,
        options.load,
        coverageRows.filter((c) => c.policyId === r.policy.id),
        linkedIds?.has(r.policy.id),
      ),
    ),
  };
}

function policyOut(
  policy: Pick<
    PolicyRow,
    'id' | 'name' | 'includes' | 'excludes' | 'status' | 'externalUrl' | 'specialClauses'
  >,
  company: Parameters<typeof companyOut>[0],
  riskType: RiskTypeRow,
  load: ReadonlySet<string>,
  policyCoverages: readonly CoverageOutRow[],
  linked: boolean | undefined,
): Policy {
  const out: Policy = {
    id: policy.id,
    name: policy.name,
    includes: policy.includes,
    excludes: policy.excludes,
    status: policy.status,
    external_url: policy.externalUrl,
    special_clauses: policy.specialClauses,
    risk_type: { short_code: riskType.shortCode },
  };
  if (linked !== undefined) out.linked = linked;
  if (load.has('company')) out.company = companyOut(company);
  if (load.has('riskType')) out.riskType = riskTypeOut(riskType);
  if (load.has('coverages')) out.coverages = policyCoverages.map((c) => coverageOut(c, riskType.shortCode));
  return out;
}

/** A catalogue policy as the statement below builds it: its row with its company, risk type and coverages. */
type CataloguePolicyJson = Pick<
  PolicyRow,
  'id' | 'name' | 'includes' | 'excludes' | 'status' | 'externalUrl' | 'specialClauses'
> & {
  company: Parameters<typeof companyOut>[0];
  riskType: RiskTypeRow;
  coverages: CoverageOutRow[] | null;
};

/**
 * The storefront's catalogue pages in one prepared statement (issue 22: four queries and 17 ms on PGlite
 * before): the application checked, the policies it links with an optional risk type or policy id, their
 * count for the page's meta, and each policy with its company, risk type and (when asked) coverages, built
 * by the database as one JSON value. No row: the application does not exist or is inactive. The filters
 * other than `risk_type` eq go through findPolicies.
 */
const preparedCataloguePage = preparedPerDatabase((db: Db) => {
  const riskType = sql.placeholder('riskType');
  const policyId = sql.placeholder('policyId');
  const matching = sql`p.status = 'active'
    and exists (select 1 from application_policies ap where ap.application_id = ${applications.id} and ap.policy_id = p.id)
    and (${riskType}::text is null or rt.short_code = ${riskType}::text)
    and (${policyId}::int is null or p.id = ${policyId}::int)`;
  const from = sql`from policies p
    join companies c on c.id = p.company_id
    join risk_types rt on rt.id = p.risk_type_id`;
  return db
    .select({
      page: sql<{ total: number; rows: CataloguePolicyJson[] }>`json_build_object(
        'total', (select count(*)::int ${from} where ${matching}),
        'rows', (select coalesce(json_agg(x.doc order by x.risk_type_id, x.id), '[]'::json) from (
          select rt.id as risk_type_id, p.id, json_build_object(
            'id', p.id, 'name', p.name, 'includes', p.includes, 'excludes', p.excludes, 'status', p.status,
            'externalUrl', p.external_url, 'specialClauses', p.special_clauses,
            'company', json_build_object(
              'id', c.id, 'name', c.name, 'legalName', c.legal_name, 'logoFilename', c.logo_filename),
            'riskType', json_build_object(
              'id', rt.id, 'shortCode', rt.short_code, 'name', rt.name, 'plural', rt.plural,
              'flowGroup', rt.flow_group),
            'coverages', case when ${sql.placeholder('withCoverages')}::boolean then (
              select coalesce(json_agg(json_build_object(
                'id', cv.id, 'policyId', cv.policy_id, 'publicName', cv.public_name,
                'publicDescription', cv.public_description, 'description', cv.description,
                'descriptionMore', cv.description_more, 'pricing', cv.pricing,
                'surchargeBps', cv.surcharge_bps, 'taxBps', cv.tax_bps
              ) order by cv.sort_order, cv.id), '[]'::json)
              from coverages cv where cv.policy_id = p.id and cv.status = 'active') end
          ) as doc
          ${from}
          where ${matching}
          order by rt.id, p.id
          limit ${sql.placeholder('limit')}::int offset ${sql.placeholder('offset')}::int) x)
      )`,
    })
    .from(applications)
    .where(and(eq(applications.id, sql.placeholder('applicationId')), eq(applications.active, true)))
    .prepare('catalogue_page');
});

/**
 * The raw query's filters when the catalogue statement can answer them (none, or `risk_type` eq alone);
 * undefined sends the request through findPolicies. Call it after parseListQuery has validated the query.
 */
export function catalogueFastFilter(query: RawQuery): { riskType: string | null } | undefined {
  let riskType: string | null = null;
  for (const [key, value] of Object.entries(query)) {
    if (!key.startsWith('filter[')) continue;
    if (key !== 'filter[risk_type][eq]') return undefined;
    // The list parser reads a repeated key's last value: the same here.
    riskType = (Array.isArray(value) ? value[value.length - 1] : value) ?? '';
  }
  return { riskType };
}

/**
 * A page of the policies an active application links (its public catalogue), or one of them by id: what
 * findPolicies gives with `linkedTo` and `onlyLinked`, plus the application's own 404, in one statement.
 */
export async function findCataloguePage(
  db: Db,
  options: {
    applicationId: number;
    riskType: string | null;
    policyId: number | null;
    load: ReadonlySet<string>;
    limit: number;
    offset: number;
  },
): Promise<{ rows: Policy[]; total: number }> {
  const [found] = await preparedCataloguePage(db).execute({
    applicationId: options.applicationId,
    riskType: options.riskType,
    policyId: options.policyId,
    withCoverages: options.load.has('coverages'),
    limit: options.limit,
    offset: options.offset,
  });
  if (!found) throw new AppError('not_found', { message: 'La aplicación no existe.' });
  const { total, rows } = found.page;
  return {
    total,
    rows: rows.map((p) => policyOut(p, p.company, p.riskType, options.load, p.coverages ?? [], true)),
  };
}

export async function findPolicy(
  db: DbOrTx,
  options: { policyId: number; load: ReadonlySet<string>; linkedTo?: number; onlyLinked?: boolean },
): Promise<Policy> {
  const { rows } = await findPolicies(db, { ...options, where: eq(policies.id, options.policyId) });
  const policy = rows[0];
  if (!policy) throw new AppError('not_found', { message: 'La póliza no existe o no está disponible.' });
  return policy;
}

/** Links or unlinks a policy; true when that changed anything (an operator action worth auditing). */
export async function setPolicyLink(
  db: DbOrTx,
  input: { applicationId: number; policyId: number; linked: boolean },
): Promise<boolean> {
  await assertApplication(db, input.applicationId);
  const [policy] = await db.select({ id: policies.id }).from(policies).where(eq(policies.id, input.policyId));
  if (!policy) throw new AppError('not_found', { message: 'La póliza no existe.' });
  if (input.linked) {
    const inserted = await db
      .insert(applicationPolicies)
      .values({ applicationId: input.applicationId, policyId: input.policyId })
      .onConflictDoNothing()
      .returning({ policyId: applicationPolicies.policyId });
    return inserted.length > 0;
  }
  const deleted = await db
    .delete(applicationPolicies)
    .where(
      and(
        eq(applicationPolicies.applicationId, input.applicationId),
        eq(applicationPolicies.policyId, input.policyId),
      ),
    )
    .returning({ policyId: applicationPolicies.policyId });
  return deleted.length > 0;
}
