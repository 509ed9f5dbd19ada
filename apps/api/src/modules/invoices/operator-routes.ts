/**
 * /admin/invoices: every invoice and credit note by ARCA status with ARCA's last messages, the retry of a
 * rejected one (audited), and the ARCA connection's state for the dashboard (operator-service.ts).
 */
import { AdminInvoiceSchema, ArcaStatusSchema, dataOf } from '@cubierto/contracts';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { operatorRouteBase, operatorRoutesOf } from '../operators/route-kit.ts';
import {
  adminInvoiceListSpec,
  arcaConnectionStatus,
  listAdminInvoices,
  retryInvoice,
} from './operator-service.ts';

export const operatorInvoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const routes = operatorRoutesOf(app);
  const plain: FastifyInstance = app;
  plain.get(
    '/invoices/arca-status',
    { schema: { ...operatorRouteBase, response: { 200: dataOf(ArcaStatusSchema) } } },
    async () => ({ data: await arcaConnectionStatus(deps) }),
  );
  routes.list('/invoices', adminInvoiceListSpec, AdminInvoiceSchema, (query) =>
    listAdminInvoices(deps, query),
  );
  routes.act('/invoices/:id/retry', z.object({}).optional(), AdminInvoiceSchema, (input) =>
    retryInvoice(deps, input),
  );
};
