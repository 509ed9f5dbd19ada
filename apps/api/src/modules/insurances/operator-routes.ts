/**
 * /admin/insurances: the back office's insurances (found by number, DNI/CUIT or a risk's identifier) and
 * their void or rejection. Behind requireOperator (an operator's session or the operations token); every
 * change is audited.
 */
import { OperatorInsuranceSchema, VoidInsuranceBodySchema } from '@cubierto/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorRoutesOf } from '../operators/route-kit.ts';
import {
  getOperatorInsurance,
  listOperatorInsurances,
  operatorInsurancesListSpec,
  voidInsurance,
} from './operator-service.ts';

export const adminInsuranceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const routes = operatorRoutesOf(app);
  routes.list('/', operatorInsurancesListSpec, OperatorInsuranceSchema, (query) =>
    listOperatorInsurances(deps, query),
  );
  routes.get('/:id', OperatorInsuranceSchema, (id) => getOperatorInsurance(deps, { id }));
  routes.act('/:id/void', VoidInsuranceBodySchema, OperatorInsuranceSchema, (input) =>
    voidInsurance(deps, input),
  );
};
