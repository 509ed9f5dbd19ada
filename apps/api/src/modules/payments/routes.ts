/**
 * /customers/payments (pay an insurance), /customers/money-wallet and /customers/credit-wallet (balance,
 * movements, top-ups). Creating a payment needs an Idempotency-Key header; everything is the caller's own.
 */
import { PageMetaSchema, PayInsuranceBodySchema, TopUpBodySchema } from '@cubierto/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idempotencyKey } from '../../lib/idempotency-key.ts';
import { pageMeta, parseListQuery, RawQuerySchema } from '../../lib/list-query.ts';
import { caller } from '../../lib/request-context.ts';
import { inSpan } from '../../lib/tracing.ts';
import { refuseCreditWalletWhenOff, requireCreditWalletMode } from './credit-wallet-mode.ts';
import { findPayment, payInsurance, startTopUp } from './payment-service.ts';
import { findMovement, listMovements, ownWallet, type WalletKind, walletOut } from '../wallets/service.ts';

const security = [{ bearer: [] }];
const Data = z.object({ data: z.unknown() });

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
          'idempotency_key_reused.',
        body: PayInsuranceBodySchema,
        response: { 201: Data },
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
        response: { 200: Data },
      },
    },
    async (request) => ({
      data: await findPayment(deps.db, caller(request).userId, { id: request.params.id }),
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
        response: { 200: Data },
      },
    },
    async (request) => ({
      data: await findPayment(deps.db, caller(request).userId, { externalReference: request.params.ref }),
    }),
  );
};

function walletRoutes(kind: WalletKind): FastifyPluginAsyncZod {
  return async (app) => {
    const { deps } = app;
    const tags = [kind === 'money' ? 'money-wallet' : 'credit-wallet'];
    const WalletParams = z.object({ walletId: z.coerce.number().int().positive() });
    if (kind === 'credit') app.addHook('onRequest', requireCreditWalletMode);

    app.get('/', { schema: { tags, security, response: { 200: Data } } }, async (request) => ({
      data: walletOut(await ownWallet(deps.db, caller(request).userId, kind)),
    }));

    app.get(
      '/:walletId/wallet-movements',
      {
        schema: {
          tags,
          security,
          params: WalletParams,
          querystring: RawQuerySchema,
          response: { 200: z.object({ data: z.array(z.unknown()), meta: PageMetaSchema }) },
        },
      },
      async (request) => {
        const wallet = await ownWallet(deps.db, caller(request).userId, kind, request.params.walletId);
        const q = parseListQuery(request.query, { maxPerPage: 100 });
        const { rows, total } = await listMovements(deps.db, wallet.id, {
          limit: q.perPage,
          offset: q.offset,
        });
        return { data: rows, meta: pageMeta(q, total) };
      },
    );

    app.get(
      '/:walletId/wallet-movements/:movementId',
      {
        schema: {
          tags,
          security,
          params: WalletParams.extend({ movementId: z.coerce.number().int().positive() }),
          response: { 200: Data },
        },
      },
      async (request) => {
        const wallet = await ownWallet(deps.db, caller(request).userId, kind, request.params.walletId);
        return { data: await findMovement(deps.db, wallet.id, request.params.movementId) };
      },
    );

    app.post(
      '/top-ups',
      { schema: { tags, security, body: TopUpBodySchema, response: { 201: Data } } },
      async (request, reply) => {
        const result = await startTopUp(deps, {
          userId: caller(request).userId,
          wallet: kind,
          amountCents: request.body.amount_cents,
          method: request.body.method,
          idempotencyKey: idempotencyKey(request),
        });
        return reply.status(201).send({ data: result });
      },
    );
  };
}

export const moneyWalletRoutes = walletRoutes('money');
export const creditWalletRoutes = walletRoutes('credit');
