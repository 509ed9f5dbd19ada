/**
 * The customer's rights (service.ts; contracts rights.ts): the botón de arrepentimiento and the botón de
 * baja, signed out under /rights (no session; limited per IP like a sign-in) and signed in under
 * /customers/rights.
 */
import {
  CustomerRightsBodySchema,
  PublicRightsBodySchema,
  RightsConfirmBodySchema,
  RightsEligibleInsuranceSchema,
  RightsEligibleQuerySchema,
  type RightsKind,
  RightsRequestReceivedSchema,
  RightsRequestSchema,
} from '@cubierto/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller, rejectDuringMaintenance } from '../../lib/request-context.ts';
import {
  confirmPublicRequest,
  limitPublicRequests,
  listEligible,
  requestForCustomer,
  requestPublicly,
} from './service.ts';

const tags = ['rights'];
const PATHS: Record<RightsKind, string> = { withdrawal: '/withdrawals', baja: '/bajas' };
const WHAT: Record<RightsKind, string> = {
  withdrawal: 'Botón de arrepentimiento (Ley 24.240 art. 34)',
  baja: 'Botón de baja (SSN Res. 360/2024, Res. 435/2025)',
};

/** /rights: signed out. */
export const publicRightsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const limit = async (request: FastifyRequest) => limitPublicRequests(deps, request.ip);

  for (const kind of ['withdrawal', 'baja'] as const) {
    app.post(
      PATHS[kind],
      {
        schema: {
          tags,
          description: `${WHAT[kind]}, signed out: answers the request number at once, the same whether or not the contract number, document and e-mail match a contract; a match is e-mailed a confirmation link (single use, 24 h).`,
          body: PublicRightsBodySchema,
          response: { 202: z.object({ data: RightsRequestReceivedSchema }) },
        },
        preHandler: [rejectDuringMaintenance, limit],
      },
      async (request, reply) => {
        const data = await requestPublicly({ ...deps, log: request.log }, { kind, body: request.body });
        return reply.status(202).send({ data });
      },
    );

    app.post(
      `${PATHS[kind]}/confirm`,
      {
        schema: {
          tags,
          description: `${WHAT[kind]}: the e-mailed link's token confirms the request (status aplicada, or rechazada with the reason when the right no longer applies). A used, unknown or expired token is invalid_token.`,
          body: RightsConfirmBodySchema,
          response: { 200: z.object({ data: RightsRequestSchema }) },
        },
        preHandler: [rejectDuringMaintenance, limit],
      },
      async (request) => ({
        data: await confirmPublicRequest({ ...deps, log: request.log }, { kind, token: request.body.token }),
      }),
    );
  }
};

/** /customers/rights: signed in (the customers scope requires the session). */
export const customerRightsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const security = [{ bearer: [] }];

  app.get(
    '/eligible',
    {
      schema: {
        tags,
        security,
        description:
          "The caller's insurances the right applies to today, each with what exercising it would do (the same figures it applies).",
        querystring: RightsEligibleQuerySchema,
        response: { 200: z.object({ data: z.array(RightsEligibleInsuranceSchema) }) },
      },
    },
    async (request) => ({
      data: await listEligible(deps, { userId: caller(request).userId, kind: request.query.kind }),
    }),
  );

  for (const kind of ['withdrawal', 'baja'] as const) {
    app.post(
      PATHS[kind],
      {
        schema: {
          tags,
          security,
          description: `${WHAT[kind]}, signed in: applied at once to one of the caller's eligible insurances.`,
          body: CustomerRightsBodySchema,
          response: { 201: z.object({ data: RightsRequestSchema }) },
        },
      },
      async (request, reply) => {
        const data = await requestForCustomer(
          { ...deps, log: request.log },
          { userId: caller(request).userId, kind, insuranceId: request.body.insurance_id },
        );
        return reply.status(201).send({ data });
      },
    );
  }
};
