/**
 * GET /common/verify/{code}: the public check of a certificate's QR code (no sign-in). An unknown code is
 * `not_found`, and stays so: like every client error it is not retried (shared/api/query-client.ts).
 */
import { CertificateCheckSchema, dataOf } from '@cubierto/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

export async function fetchCertificateCheck(code: string) {
  return dataOf(CertificateCheckSchema).parse(
    await api.get(`/common/verify/${encodeURIComponent(code)}`, { auth: false }),
  ).data;
}

export function certificateCheckQueryOptions(code: string) {
  return queryOptions({
    queryKey: queryKeys.certificates.check(code),
    queryFn: () => fetchCertificateCheck(code),
    staleTime: 60_000,
    // The verdict asked for with the page (prerender/early-requests.ts) is not asked for again when the
    // page mounts because it was a refusal: an unknown code stays unknown, and a failure has the page's
    // 'Reintentar'.
    retryOnMount: false,
  });
}
