/**
 * /customers/poll-question-response/{entityTypeId}/insurance-poll (spec §7): POST with an empty body opens
 * the poll of an insurance and answers its questions; PUT stores the answers. `entityTypeId` is the id of
 * the caller's insurance the poll is about.
 */
import { InsurancePollSchema, PollAnswersBodySchema } from '@cubierto/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../lib/request-context.ts';
import { answerInsurancePoll, openInsurancePoll } from './service.ts';

const security = [{ bearer: [] }];
const Params = z.object({ entityTypeId: z.coerce.number().int().positive() });
const Poll = z.object({ data: InsurancePollSchema });

export const pollRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['polls'];

  app.post(
    '/:entityTypeId/insurance-poll',
    { schema: { tags, security, params: Params, response: { 200: Poll } } },
    async (request) => ({
      data: await openInsurancePoll(deps.db, {
        userId: caller(request).userId,
        insuranceId: request.params.entityTypeId,
      }),
    }),
  );

  app.put(
    '/:entityTypeId/insurance-poll',
    { schema: { tags, security, params: Params, body: PollAnswersBodySchema, response: { 200: Poll } } },
    async (request) => ({
      data: await answerInsurancePoll(deps.db, {
        userId: caller(request).userId,
        insuranceId: request.params.entityTypeId,
        responses: request.body.responses,
      }),
    }),
  );
};
