/** Public reference data of /common: the apps' versions, contexts, provinces and their localities. */
import type { AppVersion, Context, Locality, Province } from '@cubierto/contracts';
import { asc, count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { appVersions, contexts, localities, provinces } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { type ListSpec, pageMeta, parseListQuery, type RawQuery } from '../../lib/list-query.ts';

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

export async function listPublicAppVersions(deps: { db: DbOrTx }, query: RawQuery) {
  const { db } = deps;
  const q = parseListQuery(query, appVersionListSpec);
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
  const data = rows.map(
    (r): AppVersion => ({
      id: r.id,
      version: r.version,
      platform: r.platform,
      active: r.active,
      social: r.social,
      created_at: r.createdAt.toISOString(),
    }),
  );
  return { data, meta: pageMeta(q, total?.n ?? 0) };
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
