/**
 * /admin/poll-questions: the questions of the insurance poll, as the operator lists, creates and edits
 * them. Declared with the operator route kit (behind requireOperator); every change is audited.
 */
import { PollQuestionBodySchema, PollQuestionSchema } from '@cubierto/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorRoutesOf } from '../operators/route-kit.ts';
import {
  createPollQuestion,
  listPollQuestions,
  pollQuestionsListSpec,
  updatePollQuestion,
} from './operator-service.ts';

export const operatorPollRoutes: FastifyPluginAsyncZod = async (app) => {
  operatorRoutesOf(app).collection('/poll-questions', {
    spec: pollQuestionsListSpec,
    item: PollQuestionSchema,
    body: PollQuestionBodySchema,
    deps: app.deps,
    list: listPollQuestions,
    create: createPollQuestion,
    update: updatePollQuestion,
  });
};
