/**
 * The post-purchase poll of an insurance (spec §4 "Poll", §7): opening it creates the caller's unanswered
 * responses, one per active question; answering stores one value of each question's scale, all questions
 * at once. Only the insurance's owner, and only once a payment of it was approved.
 */
import { type PollAnswersBody, pollScale } from '@cubierto/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { insurances, payments, pollQuestionResponses, pollQuestions, polls } from '../../db/schema/index.ts';
import { AppError, type Validations, validationError } from '../../lib/errors.ts';

/** The poll shown after a purchase (seeded with the reference data). */
export const INSURANCE_POLL_CODE = 'insurance-poll';

async function assertPollable(tx: DbOrTx, userId: number, insuranceId: number) {
  const [insurance] = await tx
    .select({ id: insurances.id })
    .from(insurances)
    .where(and(eq(insurances.id, insuranceId), eq(insurances.userId, userId)));
  if (!insurance) throw new AppError('not_found', { message: 'La contratación no existe.' });
  const [paid] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.insuranceId, insuranceId),
        eq(payments.purpose, 'insurance'),
        eq(payments.status, 'approved'),
      ),
    )
    .limit(1);
  if (!paid) {
    throw new AppError('conflict', {
      message: 'La encuesta se habilita cuando el pago de la contratación está aprobado.',
    });
  }
}

/** Creates the missing unanswered responses (one per active question); harmless when they exist. */
async function ensureResponses(tx: DbOrTx, userId: number, insuranceId: number) {
  const questions = await tx
    .select({ id: pollQuestions.id })
    .from(pollQuestions)
    .innerJoin(polls, eq(polls.id, pollQuestions.pollId))
    .where(and(eq(polls.code, INSURANCE_POLL_CODE), eq(polls.active, true), eq(pollQuestions.active, true)));
  if (questions.length === 0) return;
  await tx
    .insert(pollQuestionResponses)
    .values(questions.map((q) => ({ userId, insuranceId, pollQuestionId: q.id })))
    .onConflictDoNothing();
}

async function responsesOf(tx: DbOrTx, insuranceId: number) {
  const rows = await tx
    .select({ response: pollQuestionResponses, question: pollQuestions })
    .from(pollQuestionResponses)
    .innerJoin(pollQuestions, eq(pollQuestions.id, pollQuestionResponses.pollQuestionId))
    .innerJoin(polls, eq(polls.id, pollQuestions.pollId))
    .where(
      and(
        eq(pollQuestionResponses.insuranceId, insuranceId),
        eq(polls.code, INSURANCE_POLL_CODE),
        eq(pollQuestions.active, true),
      ),
    )
    .orderBy(asc(pollQuestions.position), asc(pollQuestions.id));
  return rows.map(({ response, question }) => ({
    id: response.id,
    poll_question: { id: question.id, name: question.name, values: question.values },
    response: response.response,
  }));
}

/** POST …/insurance-poll: the questions, each with the caller's answer or null. */
export async function openInsurancePoll(db: Db, input: { userId: number; insuranceId: number }) {
  return db.transaction(async (tx) => {
    await assertPollable(tx, input.userId, input.insuranceId);
    await ensureResponses(tx, input.userId, input.insuranceId);
    return responsesOf(tx, input.insuranceId);
  });
}

/**
 * PUT …/insurance-poll: every question answered with one of its values, or a 422 naming each problem and
 * nothing stored. Sending the same answers again changes nothing.
 */
export async function answerInsurancePoll(
  db: Db,
  input: { userId: number; insuranceId: number; responses: PollAnswersBody['responses']; now?: Date },
) {
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    await assertPollable(tx, input.userId, input.insuranceId);
    await ensureResponses(tx, input.userId, input.insuranceId);
    const current = await responsesOf(tx, input.insuranceId);
    const byId = new Map(current.map((row) => [row.id, row]));
    const answered = new Set<number>();
    const validations: Validations = {};
    input.responses.forEach((answer, i) => {
      const row = byId.get(answer.id);
      if (!row) {
        validations[`responses.${i}.id`] = ['Esa pregunta no es parte de esta encuesta.'];
      } else if (answered.has(answer.id)) {
        validations[`responses.${i}.id`] = ['Esa pregunta ya está respondida más arriba.'];
      } else {
        answered.add(answer.id);
        const scale = pollScale(row.poll_question.values);
        if (!scale.includes(answer.response)) {
          validations[`responses.${i}.response`] = [`Elegí una de las opciones: ${scale.join(', ')}.`];
        }
      }
    });
    if (current.some((row) => !answered.has(row.id))) {
      validations.responses = ['Respondé todas las preguntas.'];
    }
    if (Object.keys(validations).length > 0) {
      throw validationError(validations, 'Revisá las respuestas de la encuesta.');
    }
    for (const answer of input.responses) {
      await tx
        .update(pollQuestionResponses)
        .set({
          response: answer.response,
          answeredAt: sql`coalesce(${pollQuestionResponses.answeredAt}, ${now.toISOString()}::timestamptz)`,
        })
        .where(eq(pollQuestionResponses.id, answer.id));
    }
    return responsesOf(tx, input.insuranceId);
  });
}
