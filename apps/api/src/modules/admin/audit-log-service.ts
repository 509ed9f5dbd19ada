/** The audit log as the operator reads it: every change an operator or the operations token made. */
import type { AuditEntry } from '@cubierto/contracts';
import { and, count, desc, eq, ilike, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog, operators } from '../../db/schema/index.ts';
import { type ListSpec, pageMeta, parseListQuery, type RawQuery } from '../../lib/list-query.ts';
import { searchPattern } from '../../lib/search-pattern.ts';

/** GET /admin/audit-log: what may be filtered and sorted; `search` is on action, target and operator email. */
export const auditLogListSpec = {
  filters: {
    action: { column: auditLog.action, type: 'text', ops: ['eq', 'like'] },
    target_type: { column: auditLog.targetType, type: 'text', ops: ['eq'] },
    target_id: { column: auditLog.targetId, type: 'text', ops: ['eq'] },
    operator: { column: auditLog.operatorId, type: 'integer', ops: ['eq'] },
    actor: { column: auditLog.actor, type: 'enum', ops: ['eq'] },
    at: { column: auditLog.at, type: 'timestamp', ops: ['gte', 'lte'] },
  },
  sorts: { id: auditLog.id, at: auditLog.at, action: auditLog.action },
  extra: ['search'],
} satisfies ListSpec;

export async function listAuditLog(deps: { db: DbOrTx }, query: RawQuery) {
  const { db } = deps;
  const q = parseListQuery(query, auditLogListSpec);
  const search = searchPattern(query.search);
  const where = and(
    q.where,
    search
      ? or(
          ilike(auditLog.action, search),
          ilike(auditLog.targetType, search),
          ilike(auditLog.targetId, search),
          ilike(operators.email, search),
        )
      : undefined,
  );
  const [total] = await db
    .select({ n: count() })
    .from(auditLog)
    .leftJoin(operators, eq(operators.id, auditLog.operatorId))
    .where(where);
  const rows = await db
    .select({ entry: auditLog, operatorName: operators.name, operatorEmail: operators.email })
    .from(auditLog)
    .leftJoin(operators, eq(operators.id, auditLog.operatorId))
    .where(where)
    .orderBy(...(q.orderBy.length ? q.orderBy : [desc(auditLog.id)]))
    .limit(q.perPage)
    .offset(q.offset);
  const data = rows.map(
    ({ entry, operatorName, operatorEmail }): AuditEntry => ({
      id: entry.id,
      at: entry.at.toISOString(),
      actor: entry.actor,
      operator: entry.operatorId
        ? { id: entry.operatorId, name: operatorName ?? '', email: operatorEmail ?? '' }
        : null,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
      before: (entry.before ?? null) as AuditEntry['before'],
      after: (entry.after ?? null) as AuditEntry['after'],
      ip: entry.ip,
    }),
  );
  return { data, meta: pageMeta(q, total?.n ?? 0) };
}
