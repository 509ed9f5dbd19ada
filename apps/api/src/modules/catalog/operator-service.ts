/**
 * The operator's catalogue: companies (with their logo), policies and coverages. Every change is one
 * transaction with its audit record. A company with policies is never deleted; a coverage that insurances
 * use keeps every description field they were sold with.
 */
import {
  type CompanyBody,
  type CoverageBody,
  type PolicyBody,
  RISK_TYPES,
  type RiskTypeCode,
} from '@cubierto/contracts';
import { and, asc, count, eq, ilike, or, sql } from 'drizzle-orm';
import type { ExternalLinkCompanies } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { companies, coverages, files, insurances, policies, riskTypes } from '../../db/schema/index.ts';
import { AppError, validationError } from '../../lib/errors.ts';
import type { ImageLimits } from '../../lib/images.ts';
import { type ListSpec, pageMeta, parseListQuery, type RawQuery } from '../../lib/list-query.ts';
import { searchPattern } from '../../lib/search-pattern.ts';
import { IMAGE_TYPES, inspectUpload, type Storage } from '../../lib/storage.ts';
import { type AuditContext, recordAudit, recordCreated, recordUpdated } from '../operators/audit.ts';
import { companyOut, coverageOut, findPolicy, riskTypeOut, setPolicyLink } from './service.ts';

/** The operator lists' filters and sorts (lib/list-query.ts); `search` is read by each list below. */
export const companiesListSpec = {
  filters: { name: { column: companies.name, type: 'text', ops: ['eq', 'like'] } },
  sorts: {
    id: companies.id,
    name: companies.name,
    legal_name: companies.legalName,
    created_at: companies.createdAt,
  },
  extra: ['search'],
} satisfies ListSpec;

export const policiesListSpec = {
  filters: {
    company: { column: companies.id, type: 'integer', ops: ['eq', 'in'] },
    risk_type: { column: riskTypes.shortCode, type: 'text', ops: ['eq', 'in'] },
    status: { column: policies.status, type: 'enum', ops: ['eq'] },
  },
  sorts: { id: policies.id, name: policies.name, company: companies.name, risk_type: riskTypes.id },
  extra: ['search'],
} satisfies ListSpec;

/** GET /admin/coverages: its filters, sorts and search (lib/list-query.ts). */
export const coveragesListSpec = {
  filters: {
    /** One policy's coverages (`policy=3`), or several policies' (`policy=in:3,4`). */
    policy: { column: coverages.policyId, type: 'integer', ops: ['eq', 'in'] },
    status: { column: coverages.status, type: 'enum', ops: ['eq'] },
  },
  sorts: {
    id: coverages.id,
    public_name: coverages.publicName,
    policy: coverages.policyId,
    sort_order: coverages.sortOrder,
  },
  extra: ['search'],
} satisfies ListSpec;

// ——— Companies ———

const policiesPerCompany =
  sql<number>`(select count(*) from ${policies} where ${policies.companyId} = ${companies.id})`.mapWith(
    Number,
  );

/** One page of companies: companiesListSpec's query, `search` on name and legal name. */
export async function listCompanies(deps: { db: DbOrTx }, query: RawQuery) {
  const { db } = deps;
  const q = parseListQuery(query, companiesListSpec);
  const search = searchPattern(query.search);
  const where = and(
    q.where,
    search ? or(ilike(companies.name, search), ilike(companies.legalName, search)) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(companies).where(where);
  const rows = await db
    .select({ company: companies, policies: policiesPerCompany })
    .from(companies)
    .where(where)
    .orderBy(...(q.orderBy.length ? q.orderBy : [asc(companies.name)]))
    .limit(q.perPage)
    .offset(q.offset);
  return {
    data: rows.map((r) => ({ ...companyOut(r.company), policies_count: r.policies })),
    meta: pageMeta(q, total?.n ?? 0),
  };
}

async function findCompanyRow(db: DbOrTx, id: number, lock = false) {
  const query = db.select().from(companies).where(eq(companies.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('not_found', { message: 'La aseguradora no existe.' });
  return row;
}

function nameTaken(): AppError {
  return new AppError('conflict', { validations: { name: ['Ya existe una aseguradora con ese nombre.'] } });
}

async function assertCompanyNameFree(db: DbOrTx, name: string, exceptId?: number) {
  const [row] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(sql`lower(${companies.name}) = ${name.toLowerCase()}`);
  if (row && row.id !== exceptId) throw nameTaken();
}

export async function createCompany(deps: { db: Db }, input: { body: CompanyBody; audit: AuditContext }) {
  const { db } = deps;
  const { body, audit } = input;
  return db.transaction(async (tx) => {
    await assertCompanyNameFree(tx, body.name);
    const [row] = await tx
      .insert(companies)
      .values({ name: body.name, legalName: body.legal_name })
      .returning();
    return recordCreated(tx, audit, 'company', companyOut(row!));
  });
}

export async function updateCompany(
  deps: { db: Db },
  input: { id: number; body: CompanyBody; audit: AuditContext },
) {
  const { db } = deps;
  const { id, body, audit } = input;
  return db.transaction(async (tx) => {
    const before = companyOut(await findCompanyRow(tx, id, true));
    await assertCompanyNameFree(tx, body.name, id);
    const [row] = await tx
      .update(companies)
      .set({ name: body.name, legalName: body.legal_name })
      .where(eq(companies.id, id))
      .returning();
    const after = companyOut(row!);
    return recordUpdated(tx, audit, 'company', { id, before, after });
  });
}

export async function deleteCompany(deps: { db: Db }, input: { id: number; audit: AuditContext }) {
  const { db } = deps;
  const { id, audit } = input;
  await db.transaction(async (tx) => {
    const row = await findCompanyRow(tx, id, true);
    const [used] = await tx.select({ n: count() }).from(policies).where(eq(policies.companyId, id));
    if (used && used.n > 0)
      throw new AppError('conflict', {
        message: `No se puede eliminar ${row.name}: tiene ${used.n} ${used.n === 1 ? 'póliza' : 'pólizas'}. Desactivá o reasigná sus pólizas primero.`,
      });
    await tx.delete(companies).where(eq(companies.id, id));
    await recordAudit(tx, audit, {
      action: 'company.delete',
      targetType: 'company',
      targetId: id,
      before: companyOut(row),
    });
  });
}

/**
 * The logo is checked by its bytes (JPG, PNG or WEBP) and size, re-encoded without metadata and stored
 * under a random name.
 */
export async function setCompanyLogo(
  deps: { db: Db; storage: Storage; uploadLimit: number; images?: ImageLimits },
  input: { id: number; logo: unknown; audit: AuditContext },
) {
  const { id, logo: data, audit } = input;
  if (!Buffer.isBuffer(data)) throw validationError({ logo: ['Adjuntá el logo (JPG, PNG o WEBP).'] });
  const checked = await inspectUpload(data, {
    allowed: IMAGE_TYPES,
    maxBytes: deps.uploadLimit,
    field: 'logo',
    kind: 'logos',
    images: deps.images,
  });
  await findCompanyRow(deps.db, id);
  await deps.storage.put(checked.key, checked.data, checked.contentType);
  return deps.db.transaction(async (tx) => {
    const before = companyOut(await findCompanyRow(tx, id, true));
    await tx.insert(files).values({
      kind: 'logo',
      contentType: checked.contentType,
      sizeBytes: checked.data.length,
      storageKey: checked.key,
    });
    const [row] = await tx
      .update(companies)
      .set({ logoFilename: checked.key.slice('logos/'.length) })
      .where(eq(companies.id, id))
      .returning();
    const after = companyOut(row!);
    await recordAudit(tx, audit, {
      action: 'company.logo',
      targetType: 'company',
      targetId: id,
      before,
      after,
    });
    return after;
  });
}

// ——— Policies ———

const coveragesPerPolicy =
  sql<number>`(select count(*) from ${coverages} where ${coverages.policyId} = ${policies.id})`.mapWith(
    Number,
  );

function adminPolicyOut(row: {
  policy: typeof policies.$inferSelect;
  company: typeof companies.$inferSelect;
  riskType: typeof riskTypes.$inferSelect;
}) {
  return {
    id: row.policy.id,
    name: row.policy.name,
    includes: row.policy.includes,
    excludes: row.policy.excludes,
    status: row.policy.status,
    external_url: row.policy.externalUrl,
    special_clauses: row.policy.specialClauses,
    risk_type: { short_code: row.riskType.shortCode },
    company: companyOut(row.company),
    riskType: riskTypeOut(row.riskType),
  };
}

/** One page of policies: policiesListSpec's query, `search` on its name and its company's; `linked` to this application. */
export async function listPolicies(deps: { db: DbOrTx; applicationId: number }, query: RawQuery) {
  const { db, applicationId } = deps;
  const q = parseListQuery(query, policiesListSpec);
  const search = searchPattern(query.search);
  const where = and(
    q.where,
    search ? or(ilike(policies.name, search), ilike(companies.name, search)) : undefined,
  );
  const linked = sql<boolean>`exists (select 1 from application_policies ap where ap.policy_id = ${policies.id} and ap.application_id = ${applicationId})`;
  const [total] = await db
    .select({ n: count() })
    .from(policies)
    .innerJoin(companies, eq(companies.id, policies.companyId))
    .innerJoin(riskTypes, eq(riskTypes.id, policies.riskTypeId))
    .where(where);
  const rows = await db
    .select({
      policy: policies,
      company: companies,
      riskType: riskTypes,
      linked,
      coverages: coveragesPerPolicy,
    })
    .from(policies)
    .innerJoin(companies, eq(companies.id, policies.companyId))
    .innerJoin(riskTypes, eq(riskTypes.id, policies.riskTypeId))
    .where(where)
    .orderBy(...(q.orderBy.length ? q.orderBy : [asc(policies.id)]))
    .limit(q.perPage)
    .offset(q.offset);
  return {
    data: rows.map((r) => ({ ...adminPolicyOut(r), linked: r.linked, coverages_count: r.coverages })),
    meta: pageMeta(q, total?.n ?? 0),
  };
}

async function findPolicyRow(db: DbOrTx, id: number, lock = false) {
  const query = db
    .select({ policy: policies, company: companies, riskType: riskTypes })
    .from(policies)
    .innerJoin(companies, eq(companies.id, policies.companyId))
    .innerJoin(riskTypes, eq(riskTypes.id, policies.riskTypeId))
    .where(eq(policies.id, id));
  const [row] = lock ? await query.for('update', { of: policies }) : await query;
  if (!row) throw new AppError('not_found', { message: 'La póliza no existe.' });
  return row;
}

export async function getPolicy(deps: { db: DbOrTx }, input: { id: number }) {
  return adminPolicyOut(await findPolicyRow(deps.db, input.id));
}

/**
 * Spec §5: an external link only for motorcycle with its configured company and telemedicine with its
 * own (EXTERNAL_LINK_COMPANIES); any other policy with one is refused.
 */
function externalLinkProblem(
  body: PolicyBody,
  companyName: string,
  rule: ExternalLinkCompanies,
): string | null {
  if (body.external_url === null) return null;
  // The configuration holds companies only for risk types whose definition allows an external link.
  const allowed = rule[body.risk_type];
  if (allowed && allowed.toLowerCase() === companyName.toLowerCase()) return null;
  const who = [
    rule.motorcycle && `motos de ${rule.motorcycle}`,
    rule.telemedicine && `telemedicina de ${rule.telemedicine}`,
  ].filter(Boolean);
  return who.length
    ? `Solo ${who.join(' y ')} llevan al sitio de la aseguradora; dejá el enlace vacío.`
    : 'Ninguna póliza lleva al sitio de la aseguradora; dejá el enlace vacío.';
}

async function policyValues(tx: DbOrTx, body: PolicyBody, rule: ExternalLinkCompanies) {
  const company = await findCompanyRow(tx, body.company_id).catch(() => {
    throw validationError({ company_id: ['La aseguradora no existe.'] });
  });
  const [riskType] = await tx.select().from(riskTypes).where(eq(riskTypes.shortCode, body.risk_type));
  if (!riskType) throw validationError({ risk_type: ['El tipo de riesgo no existe.'] });
  const linkProblem = externalLinkProblem(body, company.name, rule);
  if (linkProblem) throw validationError({ external_url: [linkProblem] });
  return {
    companyId: body.company_id,
    riskTypeId: riskType.id,
    name: body.name,
    includes: body.includes,
    excludes: body.excludes,
    status: body.status,
    externalUrl: body.external_url,
    specialClauses: body.special_clauses || null,
  };
}

export async function createPolicy(
  deps: { db: Db; externalLinkCompanies: ExternalLinkCompanies },
  input: { body: PolicyBody; audit: AuditContext },
) {
  const { db, externalLinkCompanies: rule } = deps;
  const { body, audit } = input;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(policies)
      .values(await policyValues(tx, body, rule))
      .returning({ id: policies.id });
    return recordCreated(tx, audit, 'policy', adminPolicyOut(await findPolicyRow(tx, row!.id)));
  });
}

export async function updatePolicy(
  deps: { db: Db; externalLinkCompanies: ExternalLinkCompanies },
  input: { id: number; body: PolicyBody; audit: AuditContext },
) {
  const { db, externalLinkCompanies: rule } = deps;
  const { id, body, audit } = input;
  return db.transaction(async (tx) => {
    const current = await findPolicyRow(tx, id, true);
    const before = adminPolicyOut(current);
    const values = await policyValues(tx, body, rule);
    if (values.riskTypeId !== current.policy.riskTypeId) {
      const [sold] = await tx.select({ n: count() }).from(insurances).where(eq(insurances.policyId, id));
      const [plans] = await tx.select({ n: count() }).from(coverages).where(eq(coverages.policyId, id));
      if ((sold?.n ?? 0) > 0 || (plans?.n ?? 0) > 0)
        throw validationError({
          risk_type: ['No se puede cambiar el tipo de riesgo de una póliza con planes o contrataciones.'],
        });
    }
    await tx.update(policies).set(values).where(eq(policies.id, id));
    const after = adminPolicyOut(await findPolicyRow(tx, id));
    return recordUpdated(tx, audit, 'policy', { id, before, after });
  });
}

// ——— Coverages ———

/** One page of coverages: coveragesListSpec's query, `search` on its public name and its policy's name. */
export async function listCoverages(deps: { db: DbOrTx }, query: RawQuery) {
  const { db } = deps;
  const q = parseListQuery(query, coveragesListSpec);
  const search = searchPattern(query.search);
  const where = and(
    q.where,
    search ? or(ilike(coverages.publicName, search), ilike(policies.name, search)) : undefined,
  );
  const [total] = await db
    .select({ n: count() })
    .from(coverages)
    .innerJoin(policies, eq(policies.id, coverages.policyId))
    .where(where);
  const rows = await db
    .select({ coverage: coverages, policyName: policies.name, shortCode: riskTypes.shortCode })
    .from(coverages)
    .innerJoin(policies, eq(policies.id, coverages.policyId))
    .innerJoin(riskTypes, eq(riskTypes.id, policies.riskTypeId))
    .where(where)
    .orderBy(
      ...(q.orderBy.length
        ? q.orderBy
        : [asc(coverages.policyId), asc(coverages.sortOrder), asc(coverages.id)]),
    )
    .limit(q.perPage)
    .offset(q.offset);
  return {
    data: rows.map((r) => adminCoverageOut(r.coverage, r.shortCode, r.policyName)),
    meta: pageMeta(q, total?.n ?? 0),
  };
}

function adminCoverageOut(row: typeof coverages.$inferSelect, shortCode: string, policyName: string) {
  return {
    ...coverageOut(row, shortCode),
    policy_name: policyName,
    pricing: row.pricing,
    surcharge_bps: row.surchargeBps,
    tax_bps: row.taxBps,
    status: row.status,
    sort_order: row.sortOrder,
  };
}

async function findCoverageRow(db: DbOrTx, id: number, lock = false) {
  const query = db
    .select({ coverage: coverages, policyName: policies.name, shortCode: riskTypes.shortCode })
    .from(coverages)
    .innerJoin(policies, eq(policies.id, coverages.policyId))
    .innerJoin(riskTypes, eq(riskTypes.id, policies.riskTypeId))
    .where(eq(coverages.id, id));
  const [row] = lock ? await query.for('update', { of: coverages }) : await query;
  if (!row) throw new AppError('not_found', { message: 'El plan no existe.' });
  return row;
}

/**
 * The coverage's description against its risk type: every field of the type present with the right
 * kind, no unknown field; the pricing kind the risk type is priced by.
 */
function checkCoverage(body: CoverageBody, shortCode: string): void {
  const rule = RISK_TYPES[shortCode as RiskTypeCode];
  if (!rule) throw validationError({ policy_id: ['El tipo de riesgo de la póliza no existe.'] });
  const problems: Record<string, string[]> = {};
  for (const field of rule.descriptionFields) {
    const value = body.description[field.key];
    if (value === undefined || value === '')
      problems[`description.${field.key}`] = [`Ingresá ${field.label.toLowerCase()}.`];
    else if (field.kind !== 'text' && typeof value !== 'number')
      problems[`description.${field.key}`] = [`${field.label} debe ser un número.`];
  }
  const known = new Set(rule.descriptionFields.map((f) => f.key));
  for (const key of Object.keys(body.description))
    if (!known.has(key)) problems[`description.${key}`] = ['Campo desconocido para este tipo de riesgo.'];
  if (body.pricing.kind !== rule.pricing)
    problems['pricing.kind'] = ['Este tipo de riesgo no se cotiza de esa forma.'];
  if (Object.keys(problems).length) throw validationError(problems);
}

function coverageValues(body: CoverageBody) {
  return {
    policyId: body.policy_id,
    publicName: body.public_name,
    publicDescription: body.public_description,
    description: body.description,
    descriptionMore: body.description_more,
    pricing: body.pricing,
    surchargeBps: body.surcharge_bps,
    taxBps: body.tax_bps,
    status: body.status,
    sortOrder: body.sort_order,
  };
}

export async function createCoverage(deps: { db: Db }, input: { body: CoverageBody; audit: AuditContext }) {
  const { db } = deps;
  const { body, audit } = input;
  return db.transaction(async (tx) => {
    const policy = await findPolicyRow(tx, body.policy_id).catch(() => {
      throw validationError({ policy_id: ['La póliza no existe.'] });
    });
    checkCoverage(body, policy.riskType.shortCode);
    const [row] = await tx.insert(coverages).values(coverageValues(body)).returning();
    return recordCreated(
      tx,
      audit,
      'coverage',
      adminCoverageOut(row!, policy.riskType.shortCode, policy.policy.name),
    );
  });
}

export async function updateCoverage(
  deps: { db: Db },
  input: { id: number; body: CoverageBody; audit: AuditContext },
) {
  const { db } = deps;
  const { id, body, audit } = input;
  return db.transaction(async (tx) => {
    const current = await findCoverageRow(tx, id, true);
    const before = adminCoverageOut(current.coverage, current.shortCode, current.policyName);
    const [sold] = await tx.select({ n: count() }).from(insurances).where(eq(insurances.coverageId, id));
    const inUse = (sold?.n ?? 0) > 0;
    if (inUse) {
      // Insurances sold under this plan show its description on their certificates: none may go missing.
      if (body.policy_id !== current.coverage.policyId)
        throw validationError({ policy_id: ['Un plan con contrataciones no puede cambiar de póliza.'] });
      const missing = Object.keys(current.coverage.description).filter((key) => !(key in body.description));
      if (missing.length)
        throw validationError(
          Object.fromEntries(
            missing.map((key) => [
              `description.${key}`,
              ['El plan tiene contrataciones: este dato no se puede quitar.'],
            ]),
          ),
        );
    }
    const policy = await findPolicyRow(tx, body.policy_id).catch(() => {
      throw validationError({ policy_id: ['La póliza no existe.'] });
    });
    checkCoverage(body, policy.riskType.shortCode);
    const [row] = await tx
      .update(coverages)
      .set(coverageValues(body))
      .where(eq(coverages.id, id))
      .returning();
    const after = adminCoverageOut(row!, policy.riskType.shortCode, policy.policy.name);
    return recordUpdated(tx, audit, 'coverage', { id, before, after });
  });
}

// ——— Links of policies to applications ———

/**
 * Links (or unlinks) a policy to an application, audited when that changed anything; answers the policy
 * with its `linked` flag.
 */
export async function linkPolicy(
  deps: { db: Db },
  input: { applicationId: number; policyId: number; linked: boolean; audit: AuditContext },
) {
  const { db } = deps;
  const { applicationId, policyId, linked, audit } = input;
  await db.transaction(async (tx) => {
    const changed = await setPolicyLink(tx, { applicationId, policyId, linked });
    const action = linked ? 'link' : 'unlink';
    if (changed)
      await recordAudit(tx, audit, {
        action: `policy.${action}`,
        targetType: 'policy',
        targetId: policyId,
        before: { application_id: applicationId, linked: !linked },
        after: { application_id: applicationId, linked },
      });
  });
  return findPolicy(db, { policyId, load: new Set(['company', 'riskType']), linkedTo: applicationId });
}
