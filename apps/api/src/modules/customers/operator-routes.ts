/**
 * /admin/customers: the back office's customers (list, one, lock, unlock), behind requireOperator like
 * every other operator route. Locking and unlocking write the audit log in their own transaction.
 */
import { AdminCustomerSchema, CustomerLockBodySchema, dataOf, pageOf } from '@cubierto/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listQuerySchema } from '../../lib/list-query.ts';
import { requireOperator } from '../../lib/request-context.ts';
import { auditContext } from '../operators/audit.ts';
import { customersListSpec, getCustomer, listCustomers, setCustomerLock } from './operator-service.ts';

const tags = ['admin'];
const security = [{ bearer: [] }];
const IdParams = z.object({ id: z.coerce.number().int().positive() });

export const operatorCustomerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.addHook('onRequest', requireOperator);
  const base = { tags, security };

  app.get(
    '/customers',
    {
      schema: {
        ...base,
        querystring: listQuerySchema(customersListSpec),
        response: { 200: pageOf(AdminCustomerSchema) },
      },
    },
    async (request) => listCustomers(deps, request.query),
  );
  app.get(
    '/customers/:id',
    { schema: { ...base, params: IdParams, response: { 200: dataOf(AdminCustomerSchema) } } },
    async (request) => ({ data: await getCustomer(deps, request.params.id) }),
  );
  for (const action of ['lock', 'unlock'] as const) {
    app.post(
      `/customers/:id/${action}`,
      {
        schema: {
          ...base,
          params: IdParams,
          body: CustomerLockBodySchema,
          response: { 200: dataOf(AdminCustomerSchema) },
        },
      },
      async (request) => ({
        data: await setCustomerLock(deps, {
          id: request.params.id,
          locked: action === 'lock',
          reason: request.body.reason,
          audit: auditContext(request),
        }),
      }),
    );
  }
};
