/**
 * This device's id (docs/DOMAIN.md "Device"): 128 random bits made on the first auth call and kept in the
 * app's storage, sent with sign-in and registration calls. The API limits registrations per device and
 * lets a device that signed in to an account before through that account's sign-in lock.
 */
import { DEVICE_ID_HEADER } from '@cubierto/contracts';
import { StorageKey, storage } from './storage.ts';

const VALID = /^[A-Za-z0-9_-]{16,128}$/;

let current: Promise<string> | null = null;

function newDeviceId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** The stored id, or a new one stored now (two calls at once get the same). */
export function deviceId(): Promise<string> {
  current ??= (async () => {
    const stored = await storage.get<string>(StorageKey.deviceId);
    if (stored && VALID.test(stored)) return stored;
    const made = newDeviceId();
    await storage.set(StorageKey.deviceId, made);
    return made;
  })().catch((error: unknown) => {
    current = null;
    throw error;
  });
  return current;
}

/** The header auth calls carry. */
export async function deviceHeaders(): Promise<Record<string, string>> {
  return { [DEVICE_ID_HEADER]: await deviceId() };
}

/** Forget the id held in memory (tests that start from empty storage). */
export function forgetDeviceIdInMemory(): void {
  current = null;
}
