/**
 * The app's storage (spec §9): IndexedDB first, then localStorage. jsdom has no IndexedDB, like a browser
 * that lacks it or refuses it (private windows of some browsers): the values then live in localStorage
 * and are read back from there. The browser tests read the token from IndexedDB in Chromium
 * (e2e/tests/contract.spec.ts).
 */
import localforage from 'localforage';
import { describe, expect, it } from 'vitest';
import { STORAGE_DRIVERS, StorageKey, storage } from './storage.ts';

describe('storage', () => {
  it('asks for IndexedDB first and localStorage second', () => {
    expect(STORAGE_DRIVERS).toEqual([localforage.INDEXEDDB, localforage.LOCALSTORAGE]);
  });

  it('falls back to localStorage in a browser without IndexedDB, and reads the values back from it', async () => {
    expect('indexedDB' in window).toBe(false);
    expect(await storage.driver()).toBe(localforage.LOCALSTORAGE);

    await storage.set(StorageKey.token, 'tok-123');
    await storage.set(StorageKey.renewOn, '2030-01-01T00:00:00.000Z');
    expect(JSON.parse(window.localStorage.getItem('cubierto/app/token') ?? 'null')).toBe('tok-123');

    storage.resetCache();
    expect(await storage.get<string>(StorageKey.token)).toBe('tok-123');
    expect(await storage.get<string>(StorageKey.renewOn)).toBe('2030-01-01T00:00:00.000Z');
  });

  it('clear() empties the store but keeps the device id', async () => {
    await storage.set(StorageKey.deviceId, 'device-1');
    await storage.set(StorageKey.token, 'tok-456');
    await storage.clear();
    storage.resetCache();
    expect(await storage.get(StorageKey.token)).toBeNull();
    expect(await storage.get(StorageKey.deviceId)).toBe('device-1');
    expect(window.localStorage.getItem('cubierto/app/token')).toBeNull();
  });
});
