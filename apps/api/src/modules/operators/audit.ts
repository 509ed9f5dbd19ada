/**
 * The audit log: every operator action (who, when, what, before/after), written in the same transaction
 * as the action itself, so an action and its record commit or fail together. The table is append-only.
 */
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';

/** Who acts: a signed-in operator, or the operations token of the command line (decision 013). */
export type OperatorActor =
  | { kind: 'operator'; operatorId: number; sessionId: number; name: string; email: string }
  | { kind: 'ops_token' };

export type AuditEntry = {
  action: string;
  targetType: string;
  targetId?: string | number | null;
  before?: unknown;
  after?: unknown;
};

export type AuditContext = { actor: OperatorActor; ip: string | null };

/** The actor of a request that passed requireOperator. */
export function auditContext(request: FastifyRequest): AuditContext {
  if (!request.operator) throw new AppError('unauthenticated');
  return { actor: request.operator, ip: request.ip ?? null };
}

export async function recordAudit(tx: DbOrTx, context: AuditContext, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actor: context.actor.kind,
    operatorId: context.actor.kind === 'operator' ? context.actor.operatorId : null,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId == null ? null : String(entry.targetId),
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: context.ip,
  });
}

/** Records that `after` was created ('<targetType>.create', targeting its id) and answers it. */
export async function recordCreated<T extends { id: number | string }>(
  tx: DbOrTx,
  context: AuditContext,
  targetType: string,
  after: T,
): Promise<T> {
  await recordAudit(tx, context, { action: `${targetType}.create`, targetType, targetId: after.id, after });
  return after;
}

/** Records that the target `id` changed from `before` to `after` ('<targetType>.update') and answers `after`. */
export async function recordUpdated<T>(
  tx: DbOrTx,
  context: AuditContext,
  targetType: string,
  change: { id: number | string; before: unknown; after: T },
): Promise<T> {
  const { id, before, after } = change;
  await recordAudit(tx, context, { action: `${targetType}.update`, targetType, targetId: id, before, after });
  return after;
}
