/**
 * /admin: the back office's own views, behind requireOperator (an operator session, or the operations
 * token of the command line): the dashboard, the audit log and broadcast notifications. The operator routes
 * of each domain live in their module (catalog, settings, polls, operators, customers, insurances, claims),
 * at the same /admin/... URLs.
 */
import {
  AuditEntrySchema,
  BroadcastBodySchema,
  BroadcastResultSchema,
  DashboardSchema,
  dataOf,
} from '@cubierto/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { operatorRouteBase, operatorRoutesOf } from '../operators/route-kit.ts';
import { auditLogListSpec, listAuditLog } from './audit-log-service.ts';
import { broadcastNotification } from './broadcast-service.ts';
import { loadDashboard } from './dashboard-service.ts';

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const routes = operatorRoutesOf(app);

  // ——— Broadcast notifications ———
  routes.create('/notifications/broadcast', BroadcastBodySchema, BroadcastResultSchema, (input) =>
    broadcastNotification(deps, input),
  );

  // ——— Audit log and dashboard ———
  routes.list('/audit-log', auditLogListSpec, AuditEntrySchema, (query) => listAuditLog(deps, query));
  app.get(
    '/dashboard',
    {
      schema: {
        ...operatorRouteBase,
        querystring: z.strictObject({ days: z.coerce.number().int().min(7).max(90).default(30) }),
        response: { 200: dataOf(DashboardSchema) },
      },
    },
    async (request) => ({ data: await loadDashboard(deps, { days: request.query.days }) }),
  );
};
