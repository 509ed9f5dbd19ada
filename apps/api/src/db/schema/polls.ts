/**
 * The post-purchase satisfaction poll (spec §2 dialog 6, §4 "Poll"): polls, their questions on a 5-step
 * scale, and each customer's answers per insurance (one row per question, created unanswered).
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt, id, moment, ref } from './columns.ts';
import { insurances } from './insurance.ts';

export const polls = pgTable('polls', {
  id: id(),
  /** Stable name the code asks for ('insurance-poll'). */
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
});

export const pollQuestions = pgTable(
  'poll_questions',
  {
    id: id(),
    pollId: ref('poll_id', () => polls.id),
    name: text('name').notNull(),
    /** The scale, comma-separated, from 'Menos probable' (first) to 'Más probable' (last). */
    values: text('values').notNull(),
    position: integer('position').notNull(),
    active: boolean('active').notNull().default(true),
  },
  (t) => [uniqueIndex('poll_questions_poll_name_idx').on(t.pollId, t.name)],
);

export const pollQuestionResponses = pgTable(
  'poll_question_responses',
  {
    id: id(),
    userId: ref('user_id', () => users.id),
    insuranceId: ref('insurance_id', () => insurances.id),
    pollQuestionId: ref('poll_question_id', () => pollQuestions.id),
    /** One of the question's values; null until answered. */
    response: text('response'),
    answeredAt: moment('answered_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('poll_question_responses_insurance_question_idx').on(t.insuranceId, t.pollQuestionId),
    index('poll_question_responses_user_idx').on(t.userId),
    check('poll_question_responses_answered', sql`(${t.response} is null) = (${t.answeredAt} is null)`),
  ],
);
