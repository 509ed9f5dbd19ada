/**
 * Claim attachments: each photo or PDF is uploaded as soon as it is chosen (POST
 * /customers/claims/attachments, multipart `file` and its `name`) and the claim refers to them by id.
 * They are read back with the session token, so a photo is shown from a blob URL and a PDF downloaded.
 */
import { ClaimAttachmentSchema, dataOf } from '@cubierto/contracts';
import { api, requestFailure, sendRequest } from '../../../shared/api/client.ts';
import { downloadFile } from '../../../shared/api/download.ts';

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

export function downloadClaimAttachment(attachment: { id: number; name: string }): Promise<boolean> {
  return downloadFile(`/customers/claims/attachments/${attachment.id}`, {
    fallbackName: attachment.name,
    site: DOWNLOAD_ERROR_SITE,
  });
}
