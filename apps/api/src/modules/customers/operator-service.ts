/**
 * The operator's view of customers (back office): the list with its search and locked filter, one
 * customer, and locking (every session ends at once; sign-in is refused until an operator unlocks). Each
 * change is one transaction with its audit record.
 */
import type { AdminCustomer } from '@cubierto/contracts';
import { and, count, desc, eq, ilike, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { entities, insurances, sessions, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { type ListSpec, pageMeta, parseListQuery, type RawQuery } from '../../lib/list-query.ts';
import { searchPattern } from '../../lib/search-pattern.ts';
import type { SessionCache } from '../auth/session-cache.ts';
import { revokeAllSessions } from '../auth/sessions.ts';
import { type AuditContext, recordAudit } from '../operators/audit.ts';

/** GET /admin/customers: what may be filtered and sorted; `search` and `locked` are read here too. */
export const customersListSpec = {
  filters: { created_at: { column: users.createdAt, type: 'timestamp', ops: ['gte', 'lte'] } },
  sorts: { id: users.id, name: users.name, email: users.email, created_at: users.createdAt },
  extra: ['search', 'locked'],
} satisfies ListSpec;

const insurancesPerUser =
  sql<number>`(select count(*) from ${insurances} where ${insurances.userId} = ${users.id})`.mapWith(Number);

function customerOut(row: {
  user: typeof users.$inferSelect;
  document: string | null;
  insurances: number;
  lastSeen: Date | null;
}): AdminCustomer {
  return {
    id: row.user.id,
    name: row.user.name,
    email: row.user.email,
    dni: row.document,
    locked_at: row.user.lockedAt?.toISOString() ?? null,
    insurances_count: row.insurances,
    last_session_at: row.lastSeen ? new Date(row.lastSeen).toISOString() : null,
    created_at: row.user.createdAt.toISOString(),
  };
}

const lastSession = sql<Date | null>`(select max(${sessions.createdAt}) from ${sessions} where ${sessions.userId} = ${users.id})`;

function selectCustomers(db: DbOrTx) {
  return db
    .select({
      user: users,
      document: entities.documentNumber,
      insurances: insurancesPerUser,
      lastSeen: lastSession,
    })
    .from(users)
    .leftJoin(entities, eq(entities.id, users.entityId));
}

/** One page of customers: the list query of customersListSpec, `search` (name, email, DNI) and `locked`. */
export async function listCustomers(deps: { db: DbOrTx }, query: RawQuery) {
  const { db } = deps;
  const q = parseListQuery(query, customersListSpec);
  const search = searchPattern(query.search);
  const locked = query.locked;
  const where = and(
    q.where,
    locked === 'true' ? isNotNull(users.lockedAt) : locked === 'false' ? isNull(users.lockedAt) : undefined,
    search
      ? or(ilike(users.name, search), ilike(users.email, search), ilike(entities.documentNumber, search))
      : undefined,
  );
  const [total] = await db
    .select({ n: count() })
    .from(users)
    .leftJoin(entities, eq(entities.id, users.entityId))
    .where(where);
  const rows = await selectCustomers(db)
    .where(where)
    .orderBy(...(q.orderBy.length ? q.orderBy : [desc(users.id)]))
    .limit(q.perPage)
    .offset(q.offset);
  return { data: rows.map(customerOut), meta: pageMeta(q, total?.n ?? 0) };
}

export async function getCustomer(deps: { db: DbOrTx }, id: number): Promise<AdminCustomer> {
  const [row] = await selectCustomers(deps.db).where(eq(users.id, id));
  if (!row) throw new AppError('not_found', { message: 'El cliente no existe.' });
  return customerOut(row);
}

/**
 * Locks or unlocks a customer. Locking ends every session of the customer at once: other instances hear
 * it from the database, this one forgets its cached sessions before answering.
 */
export async function setCustomerLock(
  deps: { db: Db; sessions: Pick<SessionCache, 'evict'> },
  input: { id: number; locked: boolean; reason: string; audit: AuditContext },
): Promise<AdminCustomer> {
  const { id } = input;
  const customer = await deps.db.transaction(async (tx) => {
    const [current] = await tx.select().from(users).where(eq(users.id, id)).for('update');
    if (!current) throw new AppError('not_found', { message: 'El cliente no existe.' });
    const now = new Date();
    await tx
      .update(users)
      .set({ lockedAt: input.locked ? now : null, updatedAt: now })
      .where(eq(users.id, id));
    if (input.locked) await revokeAllSessions(tx, id, now);
    await recordAudit(tx, input.audit, {
      action: input.locked ? 'customer.lock' : 'customer.unlock',
      targetType: 'customer',
      targetId: id,
      before: { locked_at: current.lockedAt?.toISOString() ?? null },
      after: { locked_at: input.locked ? now.toISOString() : null, reason: input.reason },
    });
    return getCustomer({ db: tx }, id);
  });
  if (input.locked) deps.sessions.evict(`user:${id}`);
  return customer;
}
