/**
 * /admin/insurances: the back office's insurances (found by number, DNI/CUIT or a risk's identifier) and
 * their void or rejection. Behind requireOperator (an operator's session or the operations token); every
 * change is audited.
 */
import { dataOf, OperatorInsuranceSchema, pageOf, VoidInsuranceBodySchema } from '@cubierto/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listQuerySchema } from '../../lib/list-query.ts';
import { requireOperator } from '../../lib/request-context.ts';
import { auditContext } from '../operators/audit.ts';
import {
  getOperatorInsurance,
  listOperatorInsurances,
  operatorInsurancesListSpec,
  voidInsurance,
} from './operator-service.ts';

const tags = ['admin'];
const security = [{ bearer: [] }];
const IdParams = z.object({ id: z.coerce.number().int().positive() });

export const adminInsuranceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.addHook('onRequest', requireOperator);
  const base = { tags, security };

  app.get(
    '/',
    {
      schema: {
        ...base,
        querystring: listQuerySchema(operatorInsurancesListSpec),
        response: { 200: pageOf(OperatorInsuranceSchema) },
      },
    },
    async (request) => listOperatorInsurances(deps, request.query),
  );
  app.get(
    '/:id',
    { schema: { ...base, params: IdParams, response: { 200: dataOf(OperatorInsuranceSchema) } } },
    async (request) => ({ data: await getOperatorInsurance(deps, { id: request.params.id }) }),
  );
  app.post(
    '/:id/void',
    {
      schema: {
        ...base,
        params: IdParams,
        body: VoidInsuranceBodySchema,
        response: { 200: dataOf(OperatorInsuranceSchema) },
      },
    },
    async (request) => ({
      data: await voidInsurance(deps, {
        id: request.params.id,
        body: request.body,
        audit: auditContext(request),
      }),
    }),
  );
};
