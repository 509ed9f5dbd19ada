/**
 * /sandbox/checkout/{ref}: the sandbox provider's checkout page and the customer's choice on it
 * (sandbox.ts). Registered only when the sandbox is on; not part of the API's reference.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { decideSandboxPayment, SANDBOX_ACTIONS, sandboxCheckoutPage } from './sandbox.ts';

const Ref = z.object({ ref: z.string().regex(/^[\w-]{10,64}$/) });

export const sandboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/checkout/:ref',
    {
      schema: {
        hide: true,
        params: Ref,
        response: {
          200: { description: 'The checkout page.', content: { 'text/html': { schema: z.string() } } },
        },
      },
    },
    async (request, reply) => {
      const html = await sandboxCheckoutPage(deps, { ref: request.params.ref });
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
    },
  );

  app.post(
    '/checkout/:ref/:action',
    {
      schema: {
        hide: true,
        params: Ref.extend({ action: z.enum(SANDBOX_ACTIONS) }),
        // A redirect back to the app, with the return link's parameters; no body.
        response: { 303: z.null() },
      },
    },
    async (request, reply) => {
      const back = await decideSandboxPayment(
        { db: deps.db, publicUrl: deps.config.publicUrl },
        { ref: request.params.ref, action: request.params.action },
      );
      return reply.redirect(back, 303);
    },
  );
};
