/**
 * Profile update (spec §7): multipart form-data, so the avatar travels with the fields; the client sends it
 * as POST with `_method=PUT`. Empty choices are left out so they do not overwrite the stored ones.
 */
import type { User } from '@cubierto/contracts';
import { api } from '../../../shared/api/client.ts';
import { useApiMutation } from '../../../shared/api/mutation.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';
import { parseUserAnswer, storeUser } from '../../../shared/session/current-user.ts';

export type ProfileChanges = {
  name: string;
  stateId: string | null;
  localityId: string | null;
  zipCode: string;
  avatar: File | null;
};

export function toProfileFormData(changes: ProfileChanges): FormData {
  const form = new FormData();
  form.append('name', changes.name);
  if (changes.stateId) form.append('state_id', changes.stateId);
  if (changes.localityId) form.append('locality_id', changes.localityId);
  form.append('zip_code', changes.zipCode);
  if (changes.avatar) form.append('avatar', changes.avatar, changes.avatar.name);
  return form;
}

export async function updateProfile(changes: ProfileChanges): Promise<User> {
  return parseUserAnswer(await api.put('/customers/user', toProfileFormData(changes)));
}

/** Saves the profile; the menu, the home and this page read the answer at once (and storage keeps it). */
export function useUpdateProfileMutation() {
  return useApiMutation({
    mutationFn: updateProfile,
    updates: (client, user) => client.setQueryData(queryKeys.user.current(), user),
    onSuccess: (user) => storeUser(user),
  });
}
