/**
 * The signed-in customer (GET /customers/user with its entity, taker entity and place). The menu, the
 * home and the profile share this one query; name, avatar and entity id are also kept in storage (spec §3).
 */
import { type User, UserSchema } from '@cubierto/contracts';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../api/client.ts';
import { queryKeys } from '../api/query-keys.ts';
import { StorageKey, storage } from '../storage/storage.ts';

export const USER_RELATIONS = '*,entity,takerEntity,place';

export type StoredUser = {
  id: number;
  name: string;
  email: string;
  avatar: string | null;
  entity_id: number | null;
};

const UserAnswerSchema = z.object({ data: UserSchema });

export function parseUserAnswer(answer: unknown): User {
  return UserAnswerSchema.parse(answer).data;
}

export async function fetchCurrentUser(): Promise<User> {
  const user = parseUserAnswer(await api.get('/customers/user', { query: { 'load[User]': USER_RELATIONS } }));
  await storeUser(user);
  return user;
}

export async function storeUser(user: User): Promise<void> {
  const stored: StoredUser = {
    id: user.id,
    name: user.name,
    email: user.email,
    avatar: user.avatar,
    entity_id: user.entity?.id ?? null,
  };
  await storage.set(StorageKey.user, stored);
}

/**
 * The push service's external id (spec §7): the signed-in user's e-mail, sent beside the device's token or
 * endpoint when it is registered; nothing before the user is loaded.
 */
export async function pushExternalId(): Promise<{ external_id: string } | Record<string, never>> {
  const email = (await storage.get<StoredUser>(StorageKey.user))?.email;
  return email ? { external_id: email } : {};
}

export const currentUserQueryKey = queryKeys.user.current();

export const currentUserQueryOptions = queryOptions({
  queryKey: currentUserQueryKey,
  queryFn: fetchCurrentUser,
  staleTime: 5 * 60_000,
});
