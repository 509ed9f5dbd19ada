/**
 * /customers/claims: the customer's claims a page at a time (optionally of one status), one claim with
 * its timeline, messages and attachments, the in-force insurances a claim can be filed on, filing one
 * (with an Idempotency-Key per attempt) and writing a message.
 */
import {
  ClaimableInsuranceSchema,
  ClaimDetailSchema,
  ClaimSchema,
  type ClaimStatus,
  type CreateClaimBody,
  dataOf,
  pageOf,
} from '@cubierto/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../shared/api/client.ts';

export const CLAIMS_PER_PAGE = 10;

export function claimsQueryOptions({ status, page }: { status: ClaimStatus | undefined; page: number }) {
  return queryOptions({
    queryKey: ['claims', 'list', { status, page }],
    queryFn: async () =>
      pageOf(ClaimSchema).parse(
        await api.get('/customers/claims', {
          query: { 'filter[status][eq]': status, sort_by: '-created_at', page, per_page: CLAIMS_PER_PAGE },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function claimQueryOptions(claimId: number) {
  return queryOptions({
    queryKey: ['claims', 'detail', claimId],
    queryFn: async () => dataOf(ClaimDetailSchema).parse(await api.get(`/customers/claims/${claimId}`)).data,
  });
}

export const claimableInsurancesQueryOptions = queryOptions({
  queryKey: ['claims', 'claimable-insurances'],
  queryFn: async () =>
    dataOf(z.array(ClaimableInsuranceSchema)).parse(await api.get('/customers/claims/claimable-insurances'))
      .data,
});

export async function fileClaim(body: CreateClaimBody, idempotencyKey: string) {
  return dataOf(ClaimDetailSchema).parse(
    await api.post('/customers/claims', body, { headers: { 'Idempotency-Key': idempotencyKey } }),
  ).data;
}

export async function postClaimMessage(claimId: number, body: string) {
  return dataOf(ClaimDetailSchema).parse(await api.post(`/customers/claims/${claimId}/messages`, { body }))
    .data;
}

export async function attachClaimFiles(claimId: number, attachmentIds: number[]) {
  return dataOf(ClaimDetailSchema).parse(
    await api.post(`/customers/claims/${claimId}/attachments`, { attachment_ids: attachmentIds }),
  ).data;
}
