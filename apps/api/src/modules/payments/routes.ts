/**
 * /customers/payments: pay an insurance, and read a payment by id or by the reference a checkout returned
 * with. Creating a payment needs an Idempotency-Key header; everything is the caller's own. The wallets'
 * top-ups are in modules/wallets/routes.ts.
 */
import { PayInsuranceBodySchema, PaymentSchema, PayResultSchema } from '@cubierto/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idempotencyKey } from '../../lib/idempotency-key.ts';
import { caller } from '../../lib/request-context.ts';
import { inSpan } from '../../lib/tracing.ts';
import { refuseCreditWalletWhenOff } from './credit-wallet-mode.ts';
import { findPaymentByReference } from './payment-lookup.ts';
import { findPayment, payInsurance } from './payment-service.ts';

const security = [{ bearer: [] }];
const PaymentAnswer = z.object({ data: PaymentSchema });

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['payments'];

  app.post(
    '/',
    {
      schema: {
        tags,
        security,
        description:
          'Pays an insurance; needs an Idempotency-Key. A retry with the key and the same body answers the ' +
          'same payment or the refusal the first request got; another body with the key is 409 ' +
          'idempotency_key_reused. A wallet whose balance is short is 409 insufficient_funds; an insurance ' +
          'already paid is 409 payment_already_approved, one no longer waiting for its payment 409 ' +
          'payment_not_pending.',
        body: PayInsuranceBodySchema,
        response: { 201: z.object({ data: PayResultSchema }) },
      },
    },
    async (request, reply) => {
      const { insurance_id: insuranceId, method } = request.body;
      refuseCreditWalletWhenOff(request, method);
      const result = await inSpan(
        'payments.payInsurance',
        { 'cubierto.insurance_id': insuranceId, 'cubierto.payment_method': method },
        () =>
          payInsurance(deps, {
            userId: caller(request).userId,
            insuranceId,
            method,
            idempotencyKey: idempotencyKey(request),
            log: request.log,
          }),
      );
      return reply.status(201).send({ data: result });
    },
  );

  app.get(
    '/:id',
    {
      schema: {
        tags,
        security,
        params: z.object({ id: z.coerce.number().int().positive() }),
        response: { 200: PaymentAnswer },
      },
    },
    async (request) => ({
      data: await findPayment(deps, { userId: caller(request).userId, id: request.params.id }),
    }),
  );

  /** The return page asks by the reference it came back with, to show the confirmed state. */
  app.get(
    '/by-reference/:ref',
    {
      schema: {
        tags,
        security,
        params: z.object({ ref: z.string().regex(/^[\w-]{10,64}$/) }),
        response: { 200: PaymentAnswer },
      },
    },
    async (request) => ({
      data: await findPaymentByReference(deps, {
        userId: caller(request).userId,
        externalReference: request.params.ref,
      }),
    }),
  );
};
