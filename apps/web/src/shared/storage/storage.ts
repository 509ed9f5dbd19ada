/**
 * Local storage of the app (spec §3 "Session storage keys", §9): localforage, IndexedDB first, then
 * localStorage. Values are cached in memory after the first read so every API call does not hit IndexedDB.
 */
import localforage from 'localforage';

/** Every key the app stores; `clear()` removes them all (sign-out, 401) except the device id. */
export const StorageKey = {
  token: 'token',
  renewOn: 'renew-on',
  applicationId: 'application-id',
  version: 'version',
  pendingRegistration: 'pending-registration',
  user: 'user',
  context: 'context',
  message: 'message',
  socialState: 'social-state',
  /** The social provider the current session came from ('google', …), for the sign-out (spec §4). */
  signedInWith: 'signed-in-with',
  /** This device's random id (shared/storage/device-id.ts): made once, kept across sign-outs. */
  deviceId: 'device-id',
} as const;
export type StorageKey = (typeof StorageKey)[keyof typeof StorageKey];

/** IndexedDB where the browser has it, localStorage otherwise (spec §9). */
export const STORAGE_DRIVERS = [localforage.INDEXEDDB, localforage.LOCALSTORAGE];

const store = localforage.createInstance({ name: 'cubierto', storeName: 'app', driver: STORAGE_DRIVERS });

const cache = new Map<StorageKey, unknown>();

export const storage = {
  async get<T>(key: StorageKey): Promise<T | null> {
    if (cache.has(key)) return cache.get(key) as T | null;
    const value = await store.getItem<T>(key);
    cache.set(key, value);
    return value;
  },
  async set<T>(key: StorageKey, value: T): Promise<void> {
    cache.set(key, value);
    await store.setItem(key, value);
  },
  async remove(...keys: StorageKey[]): Promise<void> {
    for (const key of keys) cache.set(key, null);
    await Promise.all(keys.map((key) => store.removeItem(key)));
  },
  async clear(): Promise<void> {
    const device = await storage.get<string>(StorageKey.deviceId);
    for (const key of Object.values(StorageKey)) cache.set(key, null);
    await store.clear();
    // The device stays the same device: the account knows it by this id (docs/DOMAIN.md "Device").
    if (device) await storage.set(StorageKey.deviceId, device);
  },
  /** The driver in use once the store is ready: localforage.INDEXEDDB or localforage.LOCALSTORAGE. */
  async driver(): Promise<string | null> {
    await store.ready();
    return store.driver();
  },
  /** Forget the memory cache (tests, or another tab changed the stored values). */
  resetCache(): void {
    cache.clear();
  },
};
