/** Public reference data of /common: the apps' versions, contexts, provinces and their localities. */
import type { AppVersion, Context, Locality, Province } from '@cubierto/contracts';
import { and, asc, count, desc, eq, ilike, is, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client.ts';
import { appVersions, contexts, localities, provinces } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { AsJson } from '../../lib/json-rows.ts';
import { escapeLike, type ListSpec, pageMeta, parseListQuery, type RawQuery } from '../../lib/list-query.ts';
import { preparedPerDatabase } from '../../lib/prepared.ts';

/** GET /common/app-version: what may be filtered and sorted. */
export const appVersionListSpec = {
  filters: {
    platform: { column: appVersions.platform, type: 'text' },
    active: { column: appVersions.active, type: 'boolean', ops: ['eq'] },
    version: { column: appVersions.version, type: 'text', ops: ['eq', 'like'] },
    id: { column: appVersions.id, type: 'integer' },
  },
  sorts: { id: appVersions.id, created_at: appVersions.createdAt, version: appVersions.version },
  defaultSort: [desc(appVersions.id)],
} satisfies ListSpec;

/** GET /common/contexts: what may be filtered and sorted. */
export const contextListSpec = {
  filters: {
    name: { column: contexts.name, type: 'text' },
    id: { column: contexts.id, type: 'integer' },
  },
  sorts: { id: contexts.id, name: contexts.name },
  defaultSort: [asc(contexts.id)],
} satisfies ListSpec;

/**
 * The versions' check every app start sends (`filter[platform][like]=…&filter[active][eq]=…&sort_by=-id`,
 * issue 22): its page and its count in one prepared statement, each row as one JSON value, instead of two
 * queries built on every request. Any other query goes through the general list below.
 */
const preparedVersionCheck = preparedPerDatabase((db: Db) => {
  const matching = and(
    ilike(appVersions.platform, sql.placeholder('pattern')),
    eq(appVersions.active, sql.placeholder('active')),
  );
  return db
    .select({
      total: sql<number>`count(*)::int`,
      rows: sql<AsJson<AppVersionRow>[]>`(select coalesce(json_agg(json_build_object(
          'id', v.id, 'version', v.version, 'platform', v.platform, 'active', v.active, 'social', v.social,
          'createdAt', v.created_at) order by v.id desc), '[]'::json)
        from (select * from ${appVersions} where ${matching} order by ${appVersions.id} desc
          limit ${sql.placeholder('limit')}::int offset ${sql.placeholder('offset')}::int) v)`,
    })
    .from(appVersions)
    .where(matching)
    .prepare('app_versions_check');
});

type AppVersionRow = typeof appVersions.$inferSelect;

/** The version check's platform and active flag when its query is the one the apps send; else undefined. */
function versionCheckOf(query: RawQuery): { platform: string; active: boolean } | undefined {
  let platform: string | undefined;
  let active: boolean | undefined;
  for (const [key, raw] of Object.entries(query)) {
    // The list parser reads a repeated key's last value: the same here.
    const value = Array.isArray(raw) ? raw[raw.length - 1] : raw;
    if (key === 'filter[platform][like]') platform = value;
    else if (key === 'filter[active][eq]') active = value === 'true' || value === '1';
    else if (key === 'sort_by') {
      if (value !== '-id') return undefined;
    } else if (key !== 'page' && key !== 'per_page') return undefined;
  }
  return platform === undefined || active === undefined ? undefined : { platform, active };
}

function appVersionOut(r: Omit<AppVersionRow, 'createdAt'> & { createdAt: Date | string }): AppVersion {
  return {
    id: r.id,
    version: r.version,
    platform: r.platform,
    active: r.active,
    social: r.social,
    created_at: new Date(r.createdAt).toISOString(),
  };
}

export async function listPublicAppVersions(deps: { db: DbOrTx }, query: RawQuery) {
  const { db } = deps;
  // Validates the query (and its 422s) whichever way it is read.
  const q = parseListQuery(query, appVersionListSpec);
  const check = is(db, PgTransaction) ? undefined : versionCheckOf(query);
  if (check) {
    const [found] = await preparedVersionCheck(db as Db).execute({
      pattern: `%${escapeLike(check.platform)}%`,
      active: check.active,
      limit: q.perPage,
      offset: q.offset,
    });
    return { data: (found?.rows ?? []).map(appVersionOut), meta: pageMeta(q, found?.total ?? 0) };
  }
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(appVersions)
      .where(q.where)
      .orderBy(...q.orderBy)
      .limit(q.perPage)
      .offset(q.offset),
    db.select({ n: count() }).from(appVersions).where(q.where),
  ]);
  return { data: rows.map(appVersionOut), meta: pageMeta(q, total?.n ?? 0) };
}

export async function listContexts(deps: { db: DbOrTx }, query: RawQuery): Promise<Context[]> {
  const q = parseListQuery(query, contextListSpec);
  return deps.db
    .select()
    .from(contexts)
    .where(q.where)
    .orderBy(...q.orderBy)
    .limit(q.perPage)
    .offset(q.offset);
}

export async function listProvinces(deps: { db: DbOrTx }): Promise<Province[]> {
  return deps.db.select().from(provinces).orderBy(asc(provinces.name));
}

/** A province's localities by name; 404 when the province does not exist. */
export async function listLocalities(deps: { db: DbOrTx }, provinceId: number): Promise<Locality[]> {
  const [province] = await deps.db
    .select({ id: provinces.id })
    .from(provinces)
    .where(eq(provinces.id, provinceId));
  if (!province) throw new AppError('not_found', { message: 'La provincia no existe.' });
  return deps.db
    .select({ id: localities.id, name: localities.name, zip_code: localities.zipCode })
    .from(localities)
    .where(eq(localities.provinceId, provinceId))
    .orderBy(asc(localities.name));
}
