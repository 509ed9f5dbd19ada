/**
 * /admin/app-versions and /admin/maintenance: the operator's run-time levers. Behind requireOperator (an
 * operator session, or the operations token of the command line); every change is audited.
 */
import {
  AppVersionBodySchema,
  AppVersionSchema,
  dataOf,
  MaintenanceBodySchema,
  MaintenanceSchema,
  pageOf,
} from '@cubierto/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listQuerySchema } from '../../lib/list-query.ts';
import { formPut } from '../../lib/method-override.ts';
import { requireOperator } from '../../lib/request-context.ts';
import { auditContext } from '../operators/audit.ts';
import {
  appVersionsListSpec,
  createAppVersion,
  listAppVersions,
  switchMaintenance,
  updateAppVersion,
} from './operator-service.ts';
import { readMaintenance } from './service.ts';

const tags = ['admin'];
const security = [{ bearer: [] }];
const IdParams = z.object({ id: z.coerce.number().int().positive() });

export const operatorSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.addHook('onRequest', requireOperator);
  const base = { tags, security };

  // ——— App versions ———
  app.get(
    '/app-versions',
    {
      schema: {
        ...base,
        querystring: listQuerySchema(appVersionsListSpec),
        response: { 200: pageOf(AppVersionSchema) },
      },
    },
    async (request) => listAppVersions(deps, request.query),
  );
  app.post(
    '/app-versions',
    { schema: { ...base, body: AppVersionBodySchema, response: { 201: dataOf(AppVersionSchema) } } },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await createAppVersion(deps, { body: request.body, audit: auditContext(request) }) }),
  );
  app.route({
    ...formPut(AppVersionBodySchema),
    url: '/app-versions/:id',
    schema: {
      ...base,
      params: IdParams,
      body: AppVersionBodySchema,
      response: { 200: dataOf(AppVersionSchema) },
    },
    handler: async (request) => ({
      data: await updateAppVersion(deps, {
        id: request.params.id,
        body: request.body,
        audit: auditContext(request),
      }),
    }),
  });

  // ——— Maintenance ———
  app.get(
    '/maintenance',
    { schema: { ...base, response: { 200: dataOf(MaintenanceSchema) } } },
    async () => ({ data: await readMaintenance(deps) }),
  );
  app.route({
    ...formPut(MaintenanceBodySchema),
    url: '/maintenance',
    schema: { ...base, body: MaintenanceBodySchema, response: { 200: dataOf(MaintenanceSchema) } },
    handler: async (request) => ({
      data: await switchMaintenance(deps, { body: request.body, audit: auditContext(request) }),
    }),
  });
};
