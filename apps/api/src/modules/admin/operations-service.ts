/**
 * The operator's run-time levers and views: app versions (the force-update lever), maintenance mode,
 * the poll's questions and the audit log (customers are in modules/customers/operator-service.ts). Each
 * change is one transaction with its audit record.
 */
import {
  type AppVersionBody,
  type MaintenanceBody,
  type PollQuestionBody,
  pollScale,
} from '@cubierto/contracts';
import { and, asc, count, desc, eq, ilike, or } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { appVersions, auditLog, operators, pollQuestions, polls } from '../../db/schema/index.ts';
import { AppError, validationError } from '../../lib/errors.ts';
import type { ListQuery } from '../../lib/list-query.ts';
import { type AuditContext, recordAudit } from '../operators/audit.ts';
import { INSURANCE_POLL_CODE } from '../polls/service.ts';
import { getMaintenance, setMaintenance } from '../settings/service.ts';

type Page = Pick<ListQuery, 'where' | 'orderBy' | 'perPage' | 'offset'>;

// ——— App versions ———

function appVersionOut(row: typeof appVersions.$inferSelect) {
  return {
    id: row.id,
    version: row.version,
    platform: row.platform,
    active: row.active,
    social: row.social,
    created_at: row.createdAt.toISOString(),
  };
}

export async function listAppVersions(db: DbOrTx, q: Page, search: string | undefined) {
  const where = and(q.where, search ? ilike(appVersions.version, search) : undefined);
  const [total] = await db.select({ n: count() }).from(appVersions).where(where);
  const rows = await db
    .select()
    .from(appVersions)
    .where(where)
    .orderBy(...(q.orderBy.length ? q.orderBy : [desc(appVersions.id)]))
    .limit(q.perPage)
    .offset(q.offset);
  return { total: total?.n ?? 0, rows: rows.map(appVersionOut) };
}

export async function createAppVersion(db: Db, body: AppVersionBody, audit: AuditContext) {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(appVersions).values(body).returning();
    const after = appVersionOut(row!);
    await recordAudit(tx, audit, {
      action: 'app_version.create',
      targetType: 'app_version',
      targetId: after.id,
      after,
    });
    return after;
  });
}

export async function updateAppVersion(db: Db, id: number, body: AppVersionBody, audit: AuditContext) {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(appVersions).where(eq(appVersions.id, id)).for('update');
    if (!current) throw new AppError('not_found', { message: 'La versión no existe.' });
    const [row] = await tx.update(appVersions).set(body).where(eq(appVersions.id, id)).returning();
    const after = appVersionOut(row!);
    await recordAudit(tx, audit, {
      action: 'app_version.update',
      targetType: 'app_version',
      targetId: id,
      before: appVersionOut(current),
      after,
    });
    return after;
  });
}

// ——— Maintenance ———

export async function switchMaintenance(db: Db, body: MaintenanceBody, audit: AuditContext) {
  const value = { enabled: body.enabled, message: body.message?.trim() || null };
  await db.transaction(async (tx) => {
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
  return value;
}

// ——— Poll questions ———

async function insurancePollId(db: DbOrTx): Promise<number> {
  const [poll] = await db.select({ id: polls.id }).from(polls).where(eq(polls.code, INSURANCE_POLL_CODE));
  if (!poll) throw new AppError('not_found', { message: 'La encuesta no existe.' });
  return poll.id;
}

function pollQuestionOut(row: typeof pollQuestions.$inferSelect) {
  return { id: row.id, name: row.name, values: row.values, position: row.position, active: row.active };
}

export async function listPollQuestions(db: DbOrTx, q: Page, search: string | undefined) {
  const where = and(q.where, search ? ilike(pollQuestions.name, search) : undefined);
  const [total] = await db.select({ n: count() }).from(pollQuestions).where(where);
  const rows = await db
    .select()
    .from(pollQuestions)
    .where(where)
    .orderBy(...(q.orderBy.length ? q.orderBy : [asc(pollQuestions.position), asc(pollQuestions.id)]))
    .limit(q.perPage)
    .offset(q.offset);
  return { total: total?.n ?? 0, rows: rows.map(pollQuestionOut) };
}

function normaliseScale(values: string): string {
  return pollScale(values).join(',');
}

async function assertQuestionFree(tx: DbOrTx, pollId: number, name: string, exceptId?: number) {
  const [row] = await tx
    .select({ id: pollQuestions.id })
    .from(pollQuestions)
    .where(and(eq(pollQuestions.pollId, pollId), eq(pollQuestions.name, name)));
  if (row && row.id !== exceptId) throw validationError({ name: ['Ya existe esa pregunta.'] });
}

export async function createPollQuestion(db: Db, body: PollQuestionBody, audit: AuditContext) {
  return db.transaction(async (tx) => {
    const pollId = await insurancePollId(tx);
    await assertQuestionFree(tx, pollId, body.name);
    const [row] = await tx
      .insert(pollQuestions)
      .values({ ...body, values: normaliseScale(body.values), pollId })
      .returning();
    const after = pollQuestionOut(row!);
    await recordAudit(tx, audit, {
      action: 'poll_question.create',
      targetType: 'poll_question',
      targetId: after.id,
      after,
    });
    return after;
  });
}

export async function updatePollQuestion(db: Db, id: number, body: PollQuestionBody, audit: AuditContext) {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(pollQuestions).where(eq(pollQuestions.id, id)).for('update');
    if (!current) throw new AppError('not_found', { message: 'La pregunta no existe.' });
    await assertQuestionFree(tx, current.pollId, body.name, id);
    const [row] = await tx
      .update(pollQuestions)
      .set({ ...body, values: normaliseScale(body.values) })
      .where(eq(pollQuestions.id, id))
      .returning();
    const after = pollQuestionOut(row!);
    await recordAudit(tx, audit, {
      action: 'poll_question.update',
      targetType: 'poll_question',
      targetId: id,
      before: pollQuestionOut(current),
      after,
    });
    return after;
  });
}

// ——— Audit log ———

export async function listAuditLog(db: DbOrTx, q: Page, search: string | undefined) {
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
  return {
    total: total?.n ?? 0,
    rows: rows.map(({ entry, operatorName, operatorEmail }) => ({
      id: entry.id,
      at: entry.at.toISOString(),
      actor: entry.actor,
      operator: entry.operatorId
        ? { id: entry.operatorId, name: operatorName ?? '', email: operatorEmail ?? '' }
        : null,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
      before: entry.before,
      after: entry.after,
      ip: entry.ip,
    })),
  };
}
