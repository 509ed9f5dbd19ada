/**
 * The app's storage (spec §9): IndexedDB first, then localStorage, then memory. jsdom has no IndexedDB, like a
 * browser that lacks it or refuses it (private windows of some browsers): the values then live in
 * localStorage. The IndexedDB tests give jsdom an in-memory one (fake-indexeddb). Both paths read what the
 * app stored when it used the localforage library, so an update keeps the visitor signed in. The browser
 * tests check the real IndexedDB (e2e/tests/foundation.spec.ts).
 */
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_DRIVERS, StorageKey, storage } from './storage.ts';

/** Runs one IndexedDB request to its end. */
function settle<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** Opens 'cubierto' as the test asks, running `upgrade` when the version goes up. */
function openCubierto(version?: number, upgrade?: (db: IDBDatabase) => void): Promise<IDBDatabase> {
  const open = version ? indexedDB.open('cubierto', version) : indexedDB.open('cubierto');
  if (upgrade) open.onupgradeneeded = () => upgrade(open.result);
  return settle(open);
}

/** What sits in the object store 'app' under `key`, read past the app's cache. */
async function stored(key: string): Promise<unknown> {
  const db = await openCubierto();
  try {
    return await settle(db.transaction('app', 'readonly').objectStore('app').get(key));
  } finally {
    db.close();
  }
}

describe('storage', () => {
  it('asks for IndexedDB first, localStorage second and memory last', () => {
    expect(STORAGE_DRIVERS).toEqual(['indexeddb', 'localstorage', 'memory']);
  });

  describe('without IndexedDB', () => {
    it('falls back to localStorage, and reads the values back from it', async () => {
      expect('indexedDB' in window).toBe(false);
      expect(await storage.driver()).toBe('localstorage');

      await storage.set(StorageKey.token, 'tok-123');
      await storage.set(StorageKey.renewOn, '2030-01-01T00:00:00.000Z');
      expect(JSON.parse(window.localStorage.getItem('cubierto/app/token') ?? 'null')).toBe('tok-123');

      storage.resetCache();
      expect(await storage.get<string>(StorageKey.token)).toBe('tok-123');
      expect(await storage.get<string>(StorageKey.renewOn)).toBe('2030-01-01T00:00:00.000Z');
    });

    it('reads the session the localforage version kept in localStorage (JSON under cubierto/app/)', async () => {
      window.localStorage.setItem('cubierto/app/token', JSON.stringify('old-token'));
      window.localStorage.setItem('cubierto/app/user', JSON.stringify({ id: 7, name: 'Ana' }));
      storage.resetCache();
      expect(await storage.get<string>(StorageKey.token)).toBe('old-token');
      expect(await storage.get(StorageKey.user)).toEqual({ id: 7, name: 'Ana' });
      expect(await storage.get(StorageKey.context)).toBeNull();
    });

    it('clear() empties the store but keeps the device id, and leaves other keys of the origin alone', async () => {
      window.localStorage.setItem('other-app', 'kept');
      await storage.set(StorageKey.deviceId, 'device-1');
      await storage.set(StorageKey.token, 'tok-456');
      await storage.clear();
      storage.resetCache();
      expect(await storage.get(StorageKey.token)).toBeNull();
      expect(await storage.get(StorageKey.deviceId)).toBe('device-1');
      expect(window.localStorage.getItem('cubierto/app/token')).toBeNull();
      expect(window.localStorage.getItem('other-app')).toBe('kept');
      window.localStorage.removeItem('other-app');
    });

    it('keeps the values in memory where localStorage refuses writes too', async () => {
      vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      });
      storage.resetCache();
      expect(await storage.driver()).toBe('memory');

      await storage.set(StorageKey.token, 'tok-789');
      storage.resetCache();
      expect(await storage.get<string>(StorageKey.token)).toBe('tok-789');
      await storage.clear();
      expect(await storage.get(StorageKey.token)).toBeNull();

      vi.mocked(Storage.prototype.setItem).mockRestore();
      storage.resetCache();
    });
  });

  describe('with IndexedDB', () => {
    beforeEach(() => {
      vi.stubGlobal('indexedDB', new IDBFactory());
      storage.resetCache();
    });

    afterEach(() => {
      vi.unstubAllGlobals();
      storage.resetCache();
    });

    it('keeps the values as they are in database cubierto, object store app', async () => {
      expect(await storage.driver()).toBe('indexeddb');
      const user = { id: 7, name: 'Ana', roles: ['customer'] };
      await storage.set(StorageKey.token, 'tok-123');
      await storage.set(StorageKey.user, user);
      await storage.set(StorageKey.version, 3);

      expect(await stored('token')).toBe('tok-123');
      expect(await stored('user')).toEqual(user);
      storage.resetCache();
      expect(await storage.get<string>(StorageKey.token)).toBe('tok-123');
      expect(await storage.get(StorageKey.user)).toEqual(user);
      expect(await storage.get(StorageKey.version)).toBe(3);
      expect(await storage.get(StorageKey.context)).toBeNull();

      await storage.remove(StorageKey.token, StorageKey.user);
      expect(await stored('token')).toBeUndefined();
      storage.resetCache();
      expect(await storage.get(StorageKey.token)).toBeNull();
      expect(window.localStorage.getItem('cubierto/app/token')).toBeNull();
    });

    it('reads the session the localforage version kept, in its database at version 2', async () => {
      // localforage opened the database without a version (made at 1, empty), then at 2 to add its stores.
      (await openCubierto()).close();
      const old = await openCubierto(2, (db) => {
        db.createObjectStore('app');
        db.createObjectStore('local-forage-detect-blob-support');
      });
      const write = old.transaction('app', 'readwrite');
      write.objectStore('app').put('old-token', 'token');
      write.objectStore('app').put({ id: 7, name: 'Ana' }, 'user');
      await settle(write.objectStore('app').put('device-9', 'device-id'));
      old.close();

      expect(await storage.get<string>(StorageKey.token)).toBe('old-token');
      expect(await storage.get(StorageKey.user)).toEqual({ id: 7, name: 'Ana' });
      expect(await storage.driver()).toBe('indexeddb');

      await storage.clear();
      storage.resetCache();
      expect(await storage.get(StorageKey.token)).toBeNull();
      expect(await storage.get(StorageKey.deviceId)).toBe('device-9');
      const db = await openCubierto();
      expect(db.version).toBe(2);
      db.close();
    });

    it('makes a new database at version 1, and adds the store to one left without it', async () => {
      await storage.set(StorageKey.token, 'tok-1');
      const made = await openCubierto();
      expect(made.version).toBe(1);
      expect([...made.objectStoreNames]).toEqual(['app']);
      made.close();

      vi.stubGlobal('indexedDB', new IDBFactory());
      storage.resetCache();
      (await openCubierto()).close();
      await storage.set(StorageKey.token, 'tok-2');
      expect(await stored('token')).toBe('tok-2');
      const mended = await openCubierto();
      expect(mended.version).toBe(2);
      mended.close();
    });

    it('clear() empties the store but keeps the device id', async () => {
      await storage.set(StorageKey.deviceId, 'device-1');
      await storage.set(StorageKey.token, 'tok-456');
      await storage.clear();
      expect(await stored('token')).toBeUndefined();
      expect(await stored('device-id')).toBe('device-1');
      storage.resetCache();
      expect(await storage.get(StorageKey.token)).toBeNull();
      expect(await storage.get(StorageKey.deviceId)).toBe('device-1');
    });

    it('falls back to localStorage when the database refuses to open', async () => {
      vi.spyOn(IDBFactory.prototype, 'open').mockImplementation(() => {
        throw new DOMException(
          'A mutation operation was attempted on a database that did not allow mutations.',
          'InvalidStateError',
        );
      });
      expect(await storage.driver()).toBe('localstorage');
      await storage.set(StorageKey.token, 'tok-ls');
      expect(JSON.parse(window.localStorage.getItem('cubierto/app/token') ?? 'null')).toBe('tok-ls');
    });
  });
});
