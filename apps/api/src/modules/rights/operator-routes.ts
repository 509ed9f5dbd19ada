/**
 * /admin/rights-requests: the botón de arrepentimiento and botón de baja requests as operators follow
 * them up (unmatched signed-out ones included, and refunds still en curso at a provider). Behind
 * requireOperator.
 */
import { OperatorRightsQuerySchema, OperatorRightsRequestSchema } from '@cubierto/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireOperator } from '../../lib/request-context.ts';
import { listRightsRequests } from './service.ts';

export const operatorRightsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.addHook('onRequest', requireOperator);
  app.get(
    '/rights-requests',
    {
      schema: {
        tags: ['admin'],
        security: [{ bearer: [] }],
        description: 'The latest rights requests (500 at most), newest first, by kind and status.',
        querystring: OperatorRightsQuerySchema,
        response: { 200: z.object({ data: z.array(OperatorRightsRequestSchema) }) },
      },
    },
    async (request) => ({ data: await listRightsRequests(deps, request.query) }),
  );
};
