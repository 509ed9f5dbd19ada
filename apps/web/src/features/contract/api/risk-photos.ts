/**
 * POST /customers/uploads (multipart `kind=risk_photo`, `file`) and GET /customers/uploads/{id}: the two
 * photos of a phone or a bicycle. The server checks type and size; the form checks them first to answer
 * at once. A photo is read back with the session token, so it is shown from a blob URL.
 */
import { dataOf, UploadSchema } from '@cubierto/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api, requestFailure, sendRequest } from '../../../shared/api/client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;

export function isAcceptablePhoto(file: File): boolean {
  return (PHOTO_TYPES as readonly string[]).includes(file.type) && file.size <= PHOTO_MAX_BYTES;
}

export async function uploadRiskPhoto(file: File): Promise<number> {
  const form = new FormData();
  form.append('kind', 'risk_photo');
  form.append('file', file, file.name);
  return dataOf(UploadSchema).parse(await api.post('/customers/uploads', form)).data.id;
}

export async function fetchRiskPhoto(id: number, signal?: AbortSignal): Promise<Blob> {
  const sent = await sendRequest(`/customers/uploads/${id}`, { signal }, 'image/*');
  if (!sent.response.ok) throw await requestFailure(sent);
  return sent.response.blob();
}

/** An uploaded photo's bytes; they never change once uploaded. */
export function riskPhotoQueryOptions(id: number | null) {
  return queryOptions({
    queryKey: queryKeys.uploads.detail(id ?? 0),
    queryFn: ({ signal }) => fetchRiskPhoto(id as number, signal),
    enabled: id !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
