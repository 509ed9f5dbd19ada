/**
 * /admin/wallet-debts: what customers owe after a reversal their balance did not cover (DOMAIN.md
 * "Reversals"), for operators to follow up. Behind requireOperator.
 */
import { WalletDebtSchema } from '@cubierto/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireOperator } from '../../lib/request-context.ts';
import { listWalletDebts } from './service.ts';

export const operatorWalletRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.addHook('onRequest', requireOperator);
  app.get(
    '/wallet-debts',
    {
      schema: {
        tags: ['admin'],
        security: [{ bearer: [] }],
        description:
          'Wallets below zero after a reversal (a chargeback of money already spent), most owed first.',
        response: { 200: z.object({ data: z.array(WalletDebtSchema) }) },
      },
    },
    async () => ({ data: await listWalletDebts(deps) }),
  );
};
