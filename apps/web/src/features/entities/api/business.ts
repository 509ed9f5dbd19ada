/**
 * The business center's calls: the customer's entities with their role (GET /customers/entities), one
 * entity's detail (address, contact, members), editing it (owner), inviting and removing members,
 * withdrawing a pending invitation and accepting one from its link.
 */
import { dataOf, type EntityDetail, EntityDetailSchema, type EntityProfileInput } from '@cubierto/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';

export const businessKeys = {
  one: (id: number) => ['entities', 'detail', id] as const,
};

export function entityDetailQueryOptions(id: number) {
  return queryOptions({
    queryKey: businessKeys.one(id),
    queryFn: async () => dataOf(EntityDetailSchema).parse(await api.get(`/customers/entities/${id}`)).data,
  });
}

export async function updateEntity(id: number, values: EntityProfileInput): Promise<EntityDetail> {
  return dataOf(EntityDetailSchema).parse(await api.put(`/customers/entities/${id}`, values)).data;
}

export async function inviteMember(id: number, email: string): Promise<EntityDetail> {
  return dataOf(EntityDetailSchema).parse(await api.post(`/customers/entities/${id}/members`, { email }))
    .data;
}

export async function removeMember(id: number, userId: number): Promise<EntityDetail | null> {
  return dataOf(EntityDetailSchema.nullable()).parse(
    await api.delete(`/customers/entities/${id}/members/${userId}`),
  ).data;
}

export async function cancelInvitation(id: number, invitationId: number): Promise<EntityDetail> {
  return dataOf(EntityDetailSchema).parse(
    await api.delete(`/customers/entities/${id}/invitations/${invitationId}`),
  ).data;
}

export async function acceptInvitation(token: string): Promise<EntityDetail> {
  return dataOf(EntityDetailSchema).parse(await api.post('/customers/entity-invitations/accept', { token }))
    .data;
}
