/** GET /common/verify/{code}: the public check of a certificate's QR code (no sign-in). 404: unknown code. */
import { CertificateCheckSchema, dataOf } from '@cubierto/contracts';
import { queryOptions } from '@tanstack/react-query';
import { ApiError } from '../../../shared/api/api-error.ts';
import { api } from '../../../shared/api/client.ts';

export function certificateCheckQueryOptions(code: string) {
  return queryOptions({
    queryKey: ['certificate-check', code],
    queryFn: async () =>
      dataOf(CertificateCheckSchema).parse(
        await api.get(`/common/verify/${encodeURIComponent(code)}`, { auth: false }),
      ).data,
    // An unknown code stays unknown; anything else may be a passing failure.
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
    staleTime: 60_000,
  });
}
