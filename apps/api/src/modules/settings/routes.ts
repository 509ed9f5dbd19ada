/**
 * /ops: the maintenance switch for the command line until the back office has its screen. Guarded by
 * the operations token (OPS_TOKEN, or the one the server writes to its data folder at start), compared
 * in constant time; it never reaches the browser.
 */
import { dataOf, MaintenanceSchema } from '@cubierto/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { formPut } from '../../lib/method-override.ts';
import { safeEqual } from '../../lib/tokens.ts';
import { switchMaintenance } from './operator-service.ts';

const OpsMaintenanceBodySchema = z.strictObject({
  enabled: z.boolean(),
  message: z.string().max(500).nullable().optional(),
});

export const opsRoutes: FastifyPluginAsyncZod<{ opsToken: string }> = async (app, options) => {
  app.addHook('onRequest', async (request) => {
    const given = request.headers['x-ops-token'];
    if (typeof given !== 'string' || !safeEqual(given, options.opsToken)) throw new AppError('forbidden');
  });

  app.route({
    ...formPut(OpsMaintenanceBodySchema),
    url: '/maintenance',
    schema: {
      hide: true,
      body: OpsMaintenanceBodySchema,
      response: { 200: dataOf(MaintenanceSchema) },
    },
    handler: async (request) => {
      // The operations token is an operator credential too: the switch is audited as 'ops_token'.
      const value = await switchMaintenance(app.deps, {
        body: { enabled: request.body.enabled, message: request.body.message ?? null },
        audit: { actor: { kind: 'ops_token' }, ip: request.ip },
      });
      return { data: value };
    },
  });
};
