/**
 * /admin/auth and /admin/operators: operator sign-in (password, then TOTP; open), the signed-in operator
 * and sign-out, and the operator accounts (behind requireOperator: an operator session, or the operations
 * token of the command line). Customers get 403 here; operators get 403 on customer routes.
 */
import {
  dataOf,
  OperatorChallengeSchema,
  OperatorCreateBodySchema,
  OperatorLoginBodySchema,
  OperatorSchema,
  OperatorSecondFactorBodySchema,
  OperatorTokenSchema,
} from '@cubierto/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContext } from './audit.ts';
import { operatorRouteBase, operatorRoutesOf } from './route-kit.ts';
import {
  completeOperatorLogin,
  createOperator,
  currentOperator,
  endOperatorSession,
  listOperators,
  operatorsListSpec,
  startOperatorLogin,
} from './service.ts';

const { tags } = operatorRouteBase;

/** Open: the two steps of operator sign-in (/admin/auth). */
export const operatorSignInRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.post(
    '/login',
    { schema: { tags, body: OperatorLoginBodySchema, response: { 200: dataOf(OperatorChallengeSchema) } } },
    async (request) => ({ data: await startOperatorLogin(deps, { ...request.body, ip: request.ip }) }),
  );
  app.post(
    '/second-factor',
    { schema: { tags, body: OperatorSecondFactorBodySchema, response: { 200: OperatorTokenSchema } } },
    async (request) => {
      const body = request.body;
      return completeOperatorLogin(deps, {
        challenge: body.challenge,
        ...('code' in body ? { code: body.code } : { recoveryCode: body.recovery_code }),
        ip: request.ip,
      });
    },
  );
};

/** Behind requireOperator (/admin): the session and the operator accounts. */
export const operatorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const routes = operatorRoutesOf(app);
  const base = operatorRouteBase;

  app.get(
    '/auth/me',
    { schema: { ...base, response: { 200: dataOf(OperatorSchema.nullable()) } } },
    async (request) => ({ data: await currentOperator(deps, auditContext(request)) }),
  );
  app.post('/auth/logout', { schema: { ...base, response: { 204: z.null() } } }, async (request, reply) => {
    await endOperatorSession(deps, { audit: auditContext(request) });
    return reply.status(204).send(null);
  });
  routes.list('/operators', operatorsListSpec, OperatorSchema, (query) => listOperators(deps, query));
  routes.create('/operators', OperatorCreateBodySchema, OperatorSchema, (input) =>
    createOperator(deps, input),
  );
};
