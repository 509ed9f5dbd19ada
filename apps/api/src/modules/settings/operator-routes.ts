/**
 * /admin/app-versions and /admin/maintenance: the operator's run-time levers. Declared with the operator
 * route kit (behind requireOperator); every change is audited.
 */
import {
  AppVersionBodySchema,
  AppVersionSchema,
  dataOf,
  MaintenanceBodySchema,
  MaintenanceSchema,
} from '@cubierto/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { formPut } from '../../lib/method-override.ts';
import { auditContext } from '../operators/audit.ts';
import { operatorRouteBase, operatorRoutesOf } from '../operators/route-kit.ts';
import {
  appVersionsListSpec,
  createAppVersion,
  listAppVersions,
  switchMaintenance,
  updateAppVersion,
} from './operator-service.ts';
import { readMaintenance } from './service.ts';

export const operatorSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const routes = operatorRoutesOf(app);

  // ——— App versions ———
  routes.collection('/app-versions', {
    spec: appVersionsListSpec,
    item: AppVersionSchema,
    body: AppVersionBodySchema,
    deps,
    list: listAppVersions,
    create: createAppVersion,
    update: updateAppVersion,
  });

  // ——— Maintenance ———
  app.get(
    '/maintenance',
    { schema: { ...operatorRouteBase, response: { 200: dataOf(MaintenanceSchema) } } },
    async () => ({ data: await readMaintenance(deps) }),
  );
  app.route({
    ...formPut(MaintenanceBodySchema),
    url: '/maintenance',
    schema: {
      ...operatorRouteBase,
      body: MaintenanceBodySchema,
      response: { 200: dataOf(MaintenanceSchema) },
    },
    handler: async (request) => ({
      data: await switchMaintenance(deps, { body: request.body, audit: auditContext(request) }),
    }),
  });
};
