/**
 * A social sign-in of an e-mail with no account leaves its provider and token here (spec §3 "pending
 * registration data"), so the registration form can finish it.
 */
import type { SocialProvider } from '@cubierto/contracts';
import { StorageKey, storage } from '../../shared/storage/storage.ts';

export type PendingRegistration = { email: string; social: SocialProvider; social_token: string };

export const pendingRegistration = {
  read: () => storage.get<PendingRegistration>(StorageKey.pendingRegistration),
  save: (value: PendingRegistration) => storage.set(StorageKey.pendingRegistration, value),
  clear: () => storage.remove(StorageKey.pendingRegistration),
};
