/**
 * /customers/money-wallet ('Mi dinero') and /customers/credit-wallet ('Mi crédito', only in credit wallet
 * mode): the balance, its movements and top-ups through a checkout. A top-up needs an Idempotency-Key
 * header; everything is the caller's own (another customer's wallet or movement is a 404).
 */
import {
  PageMetaSchema,
  PayResultSchema,
  TopUpBodySchema,
  type WalletKind,
  WalletMovementSchema,
  WalletSchema,
} from '@cubierto/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idempotencyKey } from '../../lib/idempotency-key.ts';
import { pageMeta, parseListQuery, RawQuerySchema } from '../../lib/list-query.ts';
import { caller } from '../../lib/request-context.ts';
import { requireCreditWalletMode } from '../payments/credit-wallet-mode.ts';
import { startTopUp } from '../payments/payment-service.ts';
import { findMovement, findWallet, listMovements } from './service.ts';

const security = [{ bearer: [] }];
const WalletParams = z.object({ walletId: z.coerce.number().int().positive() });

function walletRoutes(kind: WalletKind): FastifyPluginAsyncZod {
  return async (app) => {
    const { deps } = app;
    const tags = [kind === 'money' ? 'money-wallet' : 'credit-wallet'];
    if (kind === 'credit') app.addHook('onRequest', requireCreditWalletMode);

    app.get(
      '/',
      { schema: { tags, security, response: { 200: z.object({ data: WalletSchema }) } } },
      async (request) => ({ data: await findWallet(deps, { userId: caller(request).userId, kind }) }),
    );

    app.get(
      '/:walletId/wallet-movements',
      {
        schema: {
          tags,
          security,
          params: WalletParams,
          querystring: RawQuerySchema,
          response: { 200: z.object({ data: z.array(WalletMovementSchema), meta: PageMetaSchema }) },
        },
      },
      async (request) => {
        const q = parseListQuery(request.query, { maxPerPage: 100 });
        const { rows, total } = await listMovements(deps, {
          userId: caller(request).userId,
          kind,
          walletId: request.params.walletId,
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
          response: { 200: z.object({ data: WalletMovementSchema }) },
        },
      },
      async (request) => ({
        data: await findMovement(deps, {
          userId: caller(request).userId,
          kind,
          walletId: request.params.walletId,
          movementId: request.params.movementId,
        }),
      }),
    );

    app.post(
      '/top-ups',
      {
        schema: {
          tags,
          security,
          description:
            'Starts a top-up through a checkout; needs an Idempotency-Key. Answers the pending payment and ' +
            'the checkout page to send the customer to.',
          body: TopUpBodySchema,
          response: { 201: z.object({ data: PayResultSchema }) },
        },
      },
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
