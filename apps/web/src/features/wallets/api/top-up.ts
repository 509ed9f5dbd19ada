/**
 * POST /customers/{money,credit}-wallet/top-ups with an Idempotency-Key: starts a top-up through a
 * checkout; the answer is the pending payment and where to pay it. Nothing is cached until the customer
 * comes back from the checkout.
 */
import {
  type CheckoutMethod,
  dataOf,
  PayResultSchema,
  WALLET_PATHS,
  type WalletKind,
} from '@cubierto/contracts';
import { api } from '../../../shared/api/client.ts';

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
  const { checkout_url } = dataOf(PayResultSchema).parse(answer).data;
  if (!checkout_url) throw new TypeError('A top-up answered without its checkout');
  return checkout_url;
}
