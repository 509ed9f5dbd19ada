/**
 * POST /customers/claims: files a claim, with an Idempotency-Key per attempt (the same key on a retry
 * after no answer). The claim answered is cached; the lists of claims are read again.
 */
import type { CreateClaimBody } from '@cubierto/contracts';
import { api } from '../../../shared/api/client.ts';
import { useApiMutation } from '../../../shared/api/mutation.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';
import { parseClaimAnswer, storeClaim } from './claim.ts';

export type FileClaimInput = { body: CreateClaimBody; idempotencyKey: string };

export async function fileClaim({ body, idempotencyKey }: FileClaimInput) {
  return parseClaimAnswer(
    await api.post('/customers/claims', body, { headers: { 'Idempotency-Key': idempotencyKey } }),
  );
}

export function useFileClaimMutation() {
  return useApiMutation({
    mutationFn: fileClaim,
    updates: storeClaim,
    invalidates: [queryKeys.claims.lists()],
  });
}
