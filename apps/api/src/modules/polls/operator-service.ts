/**
 * The operator's questions of the insurance poll (spec §4 "Poll"): listed, created and edited; a
 * question's scale is stored normalised ('1, 2,3 ,4,5' → '1,2,3,4,5'). Each change is one transaction with
 * its audit record.
 */
import { type PollQuestion, type PollQuestionBody, pollScale } from '@cubierto/contracts';
import { and, asc, count, eq, ilike } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { pollQuestions, polls } from '../../db/schema/index.ts';
import { AppError, validationError } from '../../lib/errors.ts';
import { type ListSpec, pageMeta, parseListQuery, type RawQuery } from '../../lib/list-query.ts';
import { searchPattern } from '../../lib/search-pattern.ts';
import { type AuditContext, recordCreated, recordUpdated } from '../operators/audit.ts';
import { INSURANCE_POLL_CODE } from './service.ts';

/** GET /admin/poll-questions: what may be filtered and sorted; `search` is on the question. */
export const pollQuestionsListSpec = {
  filters: { active: { column: pollQuestions.active, type: 'boolean', ops: ['eq'] } },
  sorts: { id: pollQuestions.id, position: pollQuestions.position, name: pollQuestions.name },
  extra: ['search'],
} satisfies ListSpec;

async function insurancePollId(db: DbOrTx): Promise<number> {
  const [poll] = await db.select({ id: polls.id }).from(polls).where(eq(polls.code, INSURANCE_POLL_CODE));
  if (!poll) throw new AppError('not_found', { message: 'La encuesta no existe.' });
  return poll.id;
}

function pollQuestionOut(row: typeof pollQuestions.$inferSelect): PollQuestion {
  return { id: row.id, name: row.name, values: row.values, position: row.position, active: row.active };
}

export async function listPollQuestions(deps: { db: DbOrTx }, query: RawQuery) {
  const { db } = deps;
  const q = parseListQuery(query, pollQuestionsListSpec);
  const search = searchPattern(query.search);
  const where = and(q.where, search ? ilike(pollQuestions.name, search) : undefined);
  const [total] = await db.select({ n: count() }).from(pollQuestions).where(where);
  const rows = await db
    .select()
    .from(pollQuestions)
    .where(where)
    .orderBy(...(q.orderBy.length ? q.orderBy : [asc(pollQuestions.position), asc(pollQuestions.id)]))
    .limit(q.perPage)
    .offset(q.offset);
  return { data: rows.map(pollQuestionOut), meta: pageMeta(q, total?.n ?? 0) };
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

export async function createPollQuestion(
  { db }: { db: Db },
  { body, audit }: { body: PollQuestionBody; audit: AuditContext },
): Promise<PollQuestion> {
  return db.transaction(async (tx) => {
    const pollId = await insurancePollId(tx);
    await assertQuestionFree(tx, pollId, body.name);
    const [row] = await tx
      .insert(pollQuestions)
      .values({ ...body, values: normaliseScale(body.values), pollId })
      .returning();
    return recordCreated(tx, audit, 'poll_question', pollQuestionOut(row!));
  });
}

export async function updatePollQuestion(
  { db }: { db: Db },
  { id, body, audit }: { id: number; body: PollQuestionBody; audit: AuditContext },
): Promise<PollQuestion> {
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
    return recordUpdated(tx, audit, 'poll_question', { id, before: pollQuestionOut(current), after });
  });
}
