/**
 * The post-purchase poll (spec §2 dialog 6, §4 "Poll", §7): the questions a customer gets after paying
 * an insurance, and the answers the app sends back. A question's scale is its comma-separated `values`,
 * five steps from 'Menos probable' (first) to 'Más probable' (last).
 */
import { z } from 'zod';

/** Spec §9: the poll scale has 5 values. */
export const POLL_SCALE_STEPS = 5;

/** The steps of a question's scale, in order: '1,2,3,4,5' → ['1', '2', '3', '4', '5']. */
export function pollScale(values: string): string[] {
  return values
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);
}

export const PollQuestionResponseSchema = z.object({
  id: z.number().int(),
  poll_question: z.object({ id: z.number().int(), name: z.string(), values: z.string() }),
  /** One of the scale's values, or null while unanswered. */
  response: z.string().nullable(),
});
export type PollQuestionResponse = z.infer<typeof PollQuestionResponseSchema>;

export const InsurancePollSchema = z.array(PollQuestionResponseSchema);

/** Spec §5: the poll is sent only when every question has an answer. */
export function isPollComplete(questions: ReadonlyArray<Pick<PollQuestionResponse, 'response'>>): boolean {
  return questions.length > 0 && questions.every((question) => question.response !== null);
}

export const PollAnswersBodySchema = z.strictObject({
  responses: z
    .array(
      z.strictObject({
        id: z.number({ error: 'Falta la pregunta.' }).int().positive(),
        // The scale's steps are text; a numeric step is read as its text.
        response: z
          .union([z.string(), z.number()], { error: 'Elegí una respuesta.' })
          .transform((value) => String(value).trim())
          .pipe(z.string().min(1, { error: 'Elegí una respuesta.' })),
      }),
      { error: 'Respondé la encuesta.' },
    )
    .min(1, { error: 'Respondé todas las preguntas.' })
    .max(50),
});
export type PollAnswersBody = z.infer<typeof PollAnswersBodySchema>;

/** A question of the insurance poll as the operator lists and edits it (/admin/poll-questions). */
export const PollQuestionSchema = z.object({
  id: z.number(),
  name: z.string(),
  values: z.string(),
  position: z.number(),
  active: z.boolean(),
});
export type PollQuestion = z.infer<typeof PollQuestionSchema>;
