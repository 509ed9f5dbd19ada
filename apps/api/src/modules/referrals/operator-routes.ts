/** /admin/referrals: the back office's referral graph, behind requireOperator like every operator route. */
import { AdminReferralPageSchema } from '@cubierto/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listQuerySchema } from '../../lib/list-query.ts';
import { requireOperator } from '../../lib/request-context.ts';
import { listReferralGraph, referralGraphListSpec } from './operator-service.ts';

export const operatorReferralRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.addHook('onRequest', requireOperator);
  app.get(
    '/referrals',
    {
      schema: {
        tags: ['admin'],
        security: [{ bearer: [] }],
        description:
          'Inviters (newest invitation first) with all their invitees: status, reason, and whether another invitation shares the DNI, device or payer. `search` (either side: name, e-mail, DNI), `flagged=true`, `filter[status][eq|in]`, `sort_by=latest|-latest`.',
        querystring: listQuerySchema(referralGraphListSpec),
        response: { 200: AdminReferralPageSchema },
      },
    },
    async (request) => listReferralGraph(deps, request.query),
  );
};
