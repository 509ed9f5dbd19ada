/**
 * Claim attachments: each photo or PDF is uploaded as soon as it is chosen (POST
 * /customers/claims/attachments, multipart `file` and its `name`) and the claim refers to them by id.
 * They are read back with the session token, so a photo is shown from a blob URL and a PDF downloaded.
 */
import { ClaimAttachmentSchema, dataOf } from '@cubierto/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api, requestFailure, sendRequest } from '../../../shared/api/client.ts';
import { downloadFile } from '../../../shared/api/download.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

/** Call site of the central error handler for a failed download. */
const DOWNLOAD_ERROR_SITE = 91;

export async function uploadClaimAttachment(file: File) {
  const form = new FormData();
  form.append('name', file.name);
  form.append('file', file, file.name);
  return dataOf(ClaimAttachmentSchema).parse(await api.post('/customers/claims/attachments', form)).data;
}

export async function fetchClaimAttachment(id: number, signal?: AbortSignal): Promise<Blob> {
  const sent = await sendRequest(`/customers/claims/attachments/${id}`, { signal }, '*/*');
  if (!sent.response.ok) throw await requestFailure(sent);
  return sent.response.blob();
}

/** A stored photo's bytes (null: nothing to read), which never change once uploaded. */
export function claimAttachmentQueryOptions(id: number | null) {
  return queryOptions({
    queryKey: queryKeys.claims.attachment(id ?? 0),
    queryFn: ({ signal }) => fetchClaimAttachment(id as number, signal),
    enabled: id !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function downloadClaimAttachment(attachment: { id: number; name: string }): Promise<boolean> {
  return downloadFile(`/customers/claims/attachments/${attachment.id}`, {
    fallbackName: attachment.name,
    site: DOWNLOAD_ERROR_SITE,
  });
}
