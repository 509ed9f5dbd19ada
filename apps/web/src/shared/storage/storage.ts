/**
 * Local storage of the app (spec §3 "Session storage keys", §9): IndexedDB first, then localStorage, and
 * memory alone where neither works. Values are cached in memory after the first read so every API call does
 * not hit IndexedDB.
 *
 * It reads and writes where the app kept its values when it used the localforage library, so an update
 * leaves the visitor signed in: IndexedDB database 'cubierto', object store 'app', the keys as they are and
 * the values as structured clones; in localStorage the keys prefixed with 'cubierto/app/' and JSON values.
 * A small store of our own because that library weighed ~7 KiB gzipped on the login page.
 */

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

/** Where the values live, in the order they are tried (spec §9: IndexedDB preferred, then localStorage). */
export const STORAGE_DRIVERS = ['indexeddb', 'localstorage', 'memory'] as const;
export type StorageDriver = (typeof STORAGE_DRIVERS)[number];

type Store = {
  driver: StorageDriver;
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
  remove(key: string): Promise<void>;
  clear(): Promise<void>;
};

const DATABASE = 'cubierto';
const OBJECT_STORE = 'app';
const PREFIX = `${DATABASE}/${OBJECT_STORE}/`;

let connection: Promise<IDBDatabase> | undefined;

/**
 * Opens the database without a version: a new one is made at version 1 with its store, and the one
 * localforage left (at version 2) opens as it is. One without the store (localforage stopped between its
 * two openings) gets it one version up. Throws where IndexedDB is missing or refused (private modes).
 */
function openDatabase(version?: number): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const open = version ? indexedDB.open(DATABASE, version) : indexedDB.open(DATABASE);
    open.onupgradeneeded = () => {
      if (!open.result.objectStoreNames.contains(OBJECT_STORE)) open.result.createObjectStore(OBJECT_STORE);
    };
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains(OBJECT_STORE)) {
        db.close();
        resolve(openDatabase(db.version + 1));
        return;
      }
      // Another tab upgrading or deleting the database waits for no one: the next call opens it again.
      db.onversionchange = () => {
        db.close();
        connection = undefined;
      };
      resolve(db);
    };
  });
}

/** One request in its own transaction, settled once the transaction is (so a write is on disk). */
async function request<T>(
  mode: IDBTransactionMode,
  make: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  connection ??= openDatabase();
  const db = await connection;
  return new Promise((resolve, reject) => {
    const transaction = db.transaction(OBJECT_STORE, mode);
    const sent = make(transaction.objectStore(OBJECT_STORE));
    transaction.oncomplete = () => resolve(sent.result);
    transaction.onerror = transaction.onabort = () => reject(transaction.error ?? sent.error);
  });
}

const indexedDbStore: Store = {
  driver: 'indexeddb',
  get: async (key) => (await request('readonly', (store) => store.get(key))) ?? null,
  set: async (key, value) => {
    await request('readwrite', (store) => store.put(value, key));
  },
  remove: async (key) => {
    await request('readwrite', (store) => store.delete(key));
  },
  clear: async () => {
    await request('readwrite', (store) => store.clear());
  },
};

/** localStorage, once it takes a write: some browsers refuse it (or give it no room) in private modes. */
function localStorageStore(): Store {
  const local = localStorage;
  local.setItem(`${PREFIX}probe`, '');
  local.removeItem(`${PREFIX}probe`);
  return {
    driver: 'localstorage',
    get: async (key) => JSON.parse(local.getItem(PREFIX + key) ?? 'null'),
    set: async (key, value) => local.setItem(PREFIX + key, JSON.stringify(value)),
    remove: async (key) => local.removeItem(PREFIX + key),
    clear: async () => {
      for (let i = local.length - 1; i >= 0; i--) {
        const key = local.key(i);
        if (key?.startsWith(PREFIX)) local.removeItem(key);
      }
    },
  };
}

/** The last resort: the session lasts as long as the page. */
const memoryValues = new Map<string, unknown>();
const memoryStore: Store = {
  driver: 'memory',
  get: async (key) => memoryValues.get(key) ?? null,
  set: async (key, value) => {
    memoryValues.set(key, value);
  },
  remove: async (key) => {
    memoryValues.delete(key);
  },
  clear: async () => memoryValues.clear(),
};

async function chooseStore(): Promise<Store> {
  try {
    connection ??= openDatabase();
    await connection;
    return indexedDbStore;
  } catch {
    try {
      return localStorageStore();
    } catch {
      return memoryStore;
    }
  }
}

let chosen: Promise<Store> | undefined;
const backing = (): Promise<Store> => {
  chosen ??= chooseStore();
  return chosen;
};

const cache = new Map<StorageKey, unknown>();

export const storage = {
  async get<T>(key: StorageKey): Promise<T | null> {
    if (cache.has(key)) return cache.get(key) as T | null;
    const value = (await (await backing()).get(key)) as T | null;
    cache.set(key, value);
    return value;
  },
  async set<T>(key: StorageKey, value: T): Promise<void> {
    cache.set(key, value);
    // As localforage did: undefined is kept as null (JSON has no undefined).
    await (await backing()).set(key, value ?? null);
  },
  async remove(...keys: StorageKey[]): Promise<void> {
    for (const key of keys) cache.set(key, null);
    const store = await backing();
    await Promise.all(keys.map((key) => store.remove(key)));
  },
  async clear(): Promise<void> {
    const device = await storage.get<string>(StorageKey.deviceId);
    for (const key of Object.values(StorageKey)) cache.set(key, null);
    await (await backing()).clear();
    // The device stays the same device: the account knows it by this id (docs/DOMAIN.md "Device").
    if (device) await storage.set(StorageKey.deviceId, device);
  },
  /** Where the values live: 'indexeddb', 'localstorage' or 'memory' (spec §9). */
  async driver(): Promise<StorageDriver> {
    return (await backing()).driver;
  },
  /**
   * Forget the memory cache (tests, or another tab changed the stored values), and which store was chosen:
   * the next call looks again (a test that gives jsdom an IndexedDB).
   */
  resetCache(): void {
    cache.clear();
    chosen = undefined;
    connection = undefined;
  },
};
