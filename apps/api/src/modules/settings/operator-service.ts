/**
 * The operator's run-time levers: app versions (the force-update lever) and maintenance mode. Each change
 * is one transaction with its audit record.
 */
import type { AppVersion, AppVersionBody, Maintenance, MaintenanceBody } from '@cubierto/contracts';
import { and, count, desc, eq, ilike } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { appVersions } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { type ListSpec, pageMeta, parseListQuery, type RawQuery } from '../../lib/list-query.ts';
import { searchPattern } from '../../lib/search-pattern.ts';
import { type AuditContext, recordAudit, recordCreated, recordUpdated } from '../operators/audit.ts';
import { getMaintenance, setMaintenance } from './service.ts';

// ——— App versions ———

/** GET /admin/app-versions: what may be filtered and sorted; `search` is on the version. */
export const appVersionsListSpec = {
  filters: {
    platform: { column: appVersions.platform, type: 'enum', ops: ['eq'] },
    active: { column: appVersions.active, type: 'boolean', ops: ['eq'] },
  },
  sorts: {
    id: appVersions.id,
    version: appVersions.version,
    platform: appVersions.platform,
    created_at: appVersions.createdAt,
  },
  extra: ['search'],
} satisfies ListSpec;

function appVersionOut(row: typeof appVersions.$inferSelect): AppVersion {
  return {
    id: row.id,
    version: row.version,
    platform: row.platform,
    active: row.active,
    social: row.social,
    created_at: row.createdAt.toISOString(),
  };
}

export async function listAppVersions(deps: { db: DbOrTx }, query: RawQuery) {
  const { db } = deps;
  const q = parseListQuery(query, appVersionsListSpec);
  const search = searchPattern(query.search);
  const where = and(q.where, search ? ilike(appVersions.version, search) : undefined);
  const [total] = await db.select({ n: count() }).from(appVersions).where(where);
  const rows = await db
    .select()
    .from(appVersions)
    .where(where)
    .orderBy(...(q.orderBy.length ? q.orderBy : [desc(appVersions.id)]))
    .limit(q.perPage)
    .offset(q.offset);
  return { data: rows.map(appVersionOut), meta: pageMeta(q, total?.n ?? 0) };
}

export async function createAppVersion(
  { db }: { db: Db },
  { body, audit }: { body: AppVersionBody; audit: AuditContext },
): Promise<AppVersion> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(appVersions).values(body).returning();
    return recordCreated(tx, audit, 'app_version', appVersionOut(row!));
  });
}

export async function updateAppVersion(
  { db }: { db: Db },
  { id, body, audit }: { id: number; body: AppVersionBody; audit: AuditContext },
): Promise<AppVersion> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(appVersions).where(eq(appVersions.id, id)).for('update');
    if (!current) throw new AppError('not_found', { message: 'La versión no existe.' });
    const [row] = await tx.update(appVersions).set(body).where(eq(appVersions.id, id)).returning();
    const after = appVersionOut(row!);
    return recordUpdated(tx, audit, 'app_version', { id, before: appVersionOut(current), after });
  });
}

// ——— Maintenance ———

/**
 * Switches maintenance mode and records it; this instance's one-second cache forgets at once (every
 * other instance within a second).
 */
export async function switchMaintenance(
  deps: { db: Db; maintenance: { invalidate(): void } },
  input: { body: MaintenanceBody; audit: AuditContext },
): Promise<Maintenance> {
  const { body, audit } = input;
  const value = { enabled: body.enabled, message: body.message?.trim() || null };
  await deps.db.transaction(async (tx) => {
    const before = await getMaintenance(tx);
    await setMaintenance(tx, value);
    await recordAudit(tx, audit, {
      action: 'maintenance.set',
      targetType: 'setting',
      targetId: 'maintenance',
      before,
      after: value,
    });
  });
  deps.maintenance.invalidate();
  return value;
}
