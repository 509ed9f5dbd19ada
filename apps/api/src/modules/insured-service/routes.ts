/**
 * The Servicio de Atención al Asegurado block (service.ts): read by anyone under /common, edited by
 * operators under /admin (requireOperator; every change audited).
 */
import { dataOf, InsuredServiceBodySchema, InsuredServiceSchema } from '@cubierto/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { formPut } from '../../lib/method-override.ts';
import { requireOperator } from '../../lib/request-context.ts';
import { auditContext } from '../operators/audit.ts';
import { readInsuredService, saveInsuredService } from './service.ts';

const URL = '/insured-service';

/** Under /common: the public pages' block. */
export const publicInsuredServiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.get(
    URL,
    {
      schema: {
        tags: ['common'],
        description:
          'The Servicio de Atención al Asegurado (responsible, deputy, phone, e-mail, hours, the SSN line), how to ask for a copy of the policy and how to report a claim, as operators set them.',
        response: { 200: dataOf(InsuredServiceSchema) },
      },
    },
    async () => ({ data: await readInsuredService(deps) }),
  );
};

/** Under /admin: the operator's screen. */
export const operatorInsuredServiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.addHook('onRequest', requireOperator);
  const base = { tags: ['admin'], security: [{ bearer: [] }] };
  app.get(URL, { schema: { ...base, response: { 200: dataOf(InsuredServiceSchema) } } }, async () => ({
    data: await readInsuredService(deps),
  }));
  app.route({
    ...formPut(InsuredServiceBodySchema),
    url: URL,
    schema: { ...base, body: InsuredServiceBodySchema, response: { 200: dataOf(InsuredServiceSchema) } },
    handler: async (request) => ({
      data: await saveInsuredService(deps, { body: request.body, audit: auditContext(request) }),
    }),
  });
};
