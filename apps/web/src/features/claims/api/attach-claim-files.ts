/**
 * POST /customers/claims/{id}/attachments: adds already uploaded files to an open claim; the claim is
 * answered whole.
 */
import { api } from '../../../shared/api/client.ts';
import { useApiMutation } from '../../../shared/api/mutation.ts';
import { parseClaimAnswer, storeClaim } from './claim.ts';

export type AttachClaimFilesInput = { claimId: number; attachmentIds: number[] };

export async function attachClaimFiles({ claimId, attachmentIds }: AttachClaimFilesInput) {
  return parseClaimAnswer(
    await api.post(`/customers/claims/${claimId}/attachments`, { attachment_ids: attachmentIds }),
  );
}

export function useAttachClaimFilesMutation() {
  return useApiMutation({ mutationFn: attachClaimFiles, updates: storeClaim });
}
