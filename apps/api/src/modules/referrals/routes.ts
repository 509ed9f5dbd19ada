/** /customers/referral: the caller's invite code, share link and what their invitations earned. */
import { ReferralSchema } from '@cubierto/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../lib/request-context.ts';
import { findReferral } from './service.ts';

export const referralRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.get(
    '/',
    {
      schema: {
        tags: ['referral'],
        security: [{ bearer: [] }],
        response: { 200: z.object({ data: ReferralSchema }) },
      },
    },
    async (request) => ({
      data: await findReferral(deps, { userId: caller(request).userId }),
    }),
  );
};
