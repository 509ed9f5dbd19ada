/**
 * /webhooks/mercadopago and /webhooks/uala (webhooks.ts does the work): each exists only when its
 * provider and webhook secret are configured. The body is kept as bytes, since a signature covers exactly
 * what was sent.
 */
import { WebhookReceivedSchema } from '@cubierto/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { MercadoPagoProvider } from './mercadopago.ts';
import { UALA_SIGNATURE_HEADER, type UalaProvider } from './uala.ts';
import { receiveMercadoPagoNotice, receiveUalaNotice } from './webhooks.ts';

const Received = z.object({ data: WebhookReceivedSchema });
const MercadoPagoQuery = z.looseObject({ 'data.id': z.string().optional(), type: z.string().optional() });

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export const webhookRoutes: FastifyPluginAsyncZod<{
  mercadopago: MercadoPagoProvider | undefined;
  uala: UalaProvider | undefined;
}> = async (app, options) => {
  const { deps } = app;
  const tags = ['webhooks'];
  // The body as bytes: a signature covers exactly what was sent.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  const { mercadopago, uala } = options;
  const mercadopagoSecret = deps.config.mercadopago?.webhookSecret;
  if (mercadopago && mercadopagoSecret) {
    app.post(
      '/mercadopago',
      { schema: { tags, querystring: MercadoPagoQuery, response: { 200: Received } } },
      async (request) => ({
        data: {
          received: true as const,
          outcome: await receiveMercadoPagoNotice(
            { db: deps.db, log: request.log, provider: mercadopago, secret: mercadopagoSecret },
            {
              dataId: request.query['data.id'],
              type: request.query.type,
              signature: header(request.headers['x-signature']),
              requestId: header(request.headers['x-request-id']),
            },
          ),
        },
      }),
    );
  }

  const ualaSecret = deps.config.uala?.webhookSecret;
  if (uala && ualaSecret) {
    app.post('/uala', { schema: { tags, response: { 200: Received } } }, async (request) => ({
      data: {
        received: true as const,
        outcome: await receiveUalaNotice(
          { db: deps.db, log: request.log, provider: uala, secret: ualaSecret },
          {
            rawBody: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
            signature: header(request.headers[UALA_SIGNATURE_HEADER]),
          },
        ),
      },
    }));
  }
};
