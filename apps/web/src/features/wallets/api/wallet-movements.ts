/**
 * A wallet's movements (GET …/{walletId}/wallet-movements, paged, newest first), one movement, and a
 * top-up through a checkout (POST …/top-ups with an Idempotency-Key; the answer is where to pay).
 */
import { type CheckoutMethod, dataOf, pageOf } from '@cubierto/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../shared/api/client.ts';
import { WALLET_PATHS, type WalletKind } from '../../../shared/wallets/wallets.ts';

export const MOVEMENTS_PER_PAGE = 10;

export const WalletMovementSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  description: z.string(),
  amount_cents: z.number().int(),
  amount_nice: z.string(),
  balance_after_nice: z.string(),
  insurance_id: z.number().int().nullable(),
  created_at: z.string(),
});
export type WalletMovement = z.infer<typeof WalletMovementSchema>;

const movementsPath = (kind: WalletKind, walletId: number) =>
  `/customers/${WALLET_PATHS[kind]}/${walletId}/wallet-movements`;

export function movementsQueryOptions(kind: WalletKind, walletId: number, page: number) {
  return queryOptions({
    queryKey: ['wallets', kind, walletId, 'movements', page],
    queryFn: async () =>
      pageOf(WalletMovementSchema).parse(
        await api.get(movementsPath(kind, walletId), { query: { page, per_page: MOVEMENTS_PER_PAGE } }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function movementQueryOptions(kind: WalletKind, walletId: number, movementId: number) {
  return queryOptions({
    queryKey: ['wallets', kind, walletId, 'movement', movementId],
    queryFn: async () =>
      dataOf(WalletMovementSchema).parse(await api.get(`${movementsPath(kind, walletId)}/${movementId}`))
        .data,
  });
}

export async function startTopUp(input: {
  kind: WalletKind;
  amountCents: number;
  method: CheckoutMethod;
  idempotencyKey: string;
}): Promise<string> {
  const answer = await api.post(
    `/customers/${WALLET_PATHS[input.kind]}/top-ups`,
    { amount_cents: input.amountCents, method: input.method },
    { headers: { 'Idempotency-Key': input.idempotencyKey } },
  );
  return dataOf(z.object({ checkout_url: z.string() })).parse(answer).data.checkout_url;
}
