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
  pageOf,
} from '@cubierto/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listQuerySchema } from '../../lib/list-query.ts';
import { requireOperator } from '../../lib/request-context.ts';
import { auditContext } from '../operators/audit.ts';
import { auditLogListSpec, listAuditLog } from './audit-log-service.ts';
import { broadcastNotification } from './broadcast-service.ts';
import { loadDashboard } from './dashboard-service.ts';

const tags = ['admin'];
const security = [{ bearer: [] }];

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.addHook('onRequest', requireOperator);
  const base = { tags, security };

  // ——— Broadcast notifications ———
  app.post(
    '/notifications/broadcast',
    {
      schema: { ...base, body: BroadcastBodySchema, response: { 201: dataOf(BroadcastResultSchema) } },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await broadcastNotification(deps, { body: request.body, audit: auditContext(request) }),
      }),
  );

  // ——— Audit log and dashboard ———
  app.get(
    '/audit-log',
    {
      schema: {
        ...base,
        querystring: listQuerySchema(auditLogListSpec),
        response: { 200: pageOf(AuditEntrySchema) },
      },
    },
    async (request) => listAuditLog(deps, request.query),
  );
  app.get(
    '/dashboard',
    {
      schema: {
        ...base,
        querystring: z.strictObject({ days: z.coerce.number().int().min(7).max(90).default(30) }),
        response: { 200: dataOf(DashboardSchema) },
      },
    },
    async (request) => ({ data: await loadDashboard(deps, { days: request.query.days }) }),
  );
};
