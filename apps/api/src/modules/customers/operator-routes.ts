/**
 * /admin/customers: the back office's customers (list, one, lock, unlock), behind requireOperator like
 * every other operator route. Locking and unlocking write the audit log in their own transaction.
 */
import { AdminCustomerSchema, CustomerLockBodySchema } from '@cubierto/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorRoutesOf } from '../operators/route-kit.ts';
import { customersListSpec, getCustomer, listCustomers, setCustomerLock } from './operator-service.ts';

export const operatorCustomerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const routes = operatorRoutesOf(app);
  routes.list('/customers', customersListSpec, AdminCustomerSchema, (query) => listCustomers(deps, query));
  routes.get('/customers/:id', AdminCustomerSchema, (id) => getCustomer(deps, id));
  for (const action of ['lock', 'unlock'] as const) {
    routes.act(
      `/customers/:id/${action}`,
      CustomerLockBodySchema,
      AdminCustomerSchema,
      ({ id, body, audit }) =>
        setCustomerLock(deps, { id, locked: action === 'lock', reason: body.reason, audit }),
    );
  }
};
