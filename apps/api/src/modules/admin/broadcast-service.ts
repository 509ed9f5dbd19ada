/**
 * Broadcast notifications: one message to a segment of customers (everyone not locked, those with an
 * insurance in force, or those with one of a risk type in force). Each customer gets it through notify(),
 * in the same transaction as the audit record, so a broadcast is sent whole or not at all, and its key
 * makes a retried request harmless.
 */
import type { BroadcastBody, BroadcastResult } from '@cubierto/contracts';
import { and, eq, exists, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { insurances, policies, riskTypes, users } from '../../db/schema/index.ts';
import { newToken } from '../../lib/tokens.ts';
import { notify } from '../notifications/notify.ts';
import { type AuditContext, recordAudit } from '../operators/audit.ts';

function segmentCondition(tx: DbOrTx, body: BroadcastBody): SQL | undefined {
  if (body.segment === 'all') return undefined;
  const inForce = [eq(insurances.userId, users.id), eq(insurances.status, 'vigente')];
  if (body.segment === 'in_force')
    return exists(
      tx
        .select({ one: sql`1` })
        .from(insurances)
        .where(and(...inForce)),
    );
  return exists(
    tx
      .select({ one: sql`1` })
      .from(insurances)
      .innerJoin(policies, eq(policies.id, insurances.policyId))
      .innerJoin(riskTypes, eq(riskTypes.id, policies.riskTypeId))
      .where(and(...inForce, eq(riskTypes.shortCode, body.risk_type ?? ''))),
  );
}

export async function broadcastNotification(
  deps: { db: Db },
  input: { body: BroadcastBody; audit: AuditContext },
): Promise<BroadcastResult> {
  const { db } = deps;
  const { body, audit } = input;
  const broadcastId = newToken(9);
  return db.transaction(async (tx) => {
    const recipients = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(isNull(users.lockedAt), segmentCondition(tx, body)));
    for (const recipient of recipients) {
      await notify(tx, {
        userId: recipient.id,
        title: body.title,
        body: body.body,
        action: { type: 'Message' },
        key: `broadcast:${broadcastId}:${recipient.id}`,
      });
    }
    const result = { id: broadcastId, recipients: recipients.length };
    await recordAudit(tx, audit, {
      action: 'notification.broadcast',
      targetType: 'notification',
      targetId: broadcastId,
      after: { ...body, recipients: recipients.length },
    });
    return result;
  });
}
