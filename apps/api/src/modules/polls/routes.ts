/**
 * /customers/poll-question-response/{entityTypeId}/insurance-poll (spec §7): POST with an empty body opens
 * the poll of an insurance and answers its questions; PUT stores the answers. `entityTypeId` is the fixed
 * entity type id of spec §9 (`ENTITY_TYPE_ID`; any other is 404); the insurance the poll is about travels
 * in the query, `?insurance_id=…`, and must be the caller's.
 */
import { InsurancePollSchema, PollAnswersBodySchema } from '@cubierto/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { formPut, isPlainPost } from '../../lib/method-override.ts';
import { caller } from '../../lib/request-context.ts';
import { answerInsurancePoll, openInsurancePoll } from './service.ts';

const security = [{ bearer: [] }];
const Params = z.object({ entityTypeId: z.coerce.number().int().positive() });
const Query = z.object({ insurance_id: z.coerce.number().int().positive() });
const Poll = z.object({ data: InsurancePollSchema });

export const pollRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['polls'];
  const pollOf = (request: { params: z.infer<typeof Params>; query: z.infer<typeof Query> }) => {
    if (request.params.entityTypeId !== deps.config.entityTypeId)
      throw new AppError('not_found', { message: 'Esa encuesta no existe.' });
    return request.query.insurance_id;
  };

  // One route: POST opens the poll, PUT (or a form POST with _method=PUT, spec §7) answers it.
  app.route({
    ...formPut(PollAnswersBodySchema, { plainPost: true }),
    url: '/:entityTypeId/insurance-poll',
    schema: {
      tags,
      security,
      params: Params,
      querystring: Query,
      body: PollAnswersBodySchema.nullish(),
      response: { 200: Poll },
    },
    handler: async (request) => {
      const insuranceId = pollOf(request);
      const userId = caller(request).userId;
      if (isPlainPost(request)) return { data: await openInsurancePoll(deps.db, { userId, insuranceId }) };
      // formPut gives a PUT without a body an empty one, which the schema refuses.
      const responses = request.body?.responses ?? [];
      return { data: await answerInsurancePoll(deps.db, { userId, insuranceId, responses }) };
    },
  });
};
