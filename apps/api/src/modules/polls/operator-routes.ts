/**
 * /admin/poll-questions: the questions of the insurance poll, as the operator lists, creates and edits
 * them. Behind requireOperator (an operator session, or the operations token); every change is audited.
 */
import { dataOf, PollQuestionBodySchema, PollQuestionSchema, pageOf } from '@cubierto/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listQuerySchema } from '../../lib/list-query.ts';
import { formPut } from '../../lib/method-override.ts';
import { requireOperator } from '../../lib/request-context.ts';
import { auditContext } from '../operators/audit.ts';
import {
  createPollQuestion,
  listPollQuestions,
  pollQuestionsListSpec,
  updatePollQuestion,
} from './operator-service.ts';

const tags = ['admin'];
const security = [{ bearer: [] }];
const IdParams = z.object({ id: z.coerce.number().int().positive() });

export const operatorPollRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.addHook('onRequest', requireOperator);
  const base = { tags, security };

  app.get(
    '/poll-questions',
    {
      schema: {
        ...base,
        querystring: listQuerySchema(pollQuestionsListSpec),
        response: { 200: pageOf(PollQuestionSchema) },
      },
    },
    async (request) => listPollQuestions(deps, request.query),
  );
  app.post(
    '/poll-questions',
    { schema: { ...base, body: PollQuestionBodySchema, response: { 201: dataOf(PollQuestionSchema) } } },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await createPollQuestion(deps, { body: request.body, audit: auditContext(request) }) }),
  );
  app.route({
    ...formPut(PollQuestionBodySchema),
    url: '/poll-questions/:id',
    schema: {
      ...base,
      params: IdParams,
      body: PollQuestionBodySchema,
      response: { 200: dataOf(PollQuestionSchema) },
    },
    handler: async (request) => ({
      data: await updatePollQuestion(deps, {
        id: request.params.id,
        body: request.body,
        audit: auditContext(request),
      }),
    }),
  });
};
