/**
 * The storage drivers' contract: the same cases against the local disk and an S3-compatible server
 * (s3rver on a random port, objects in a temporary folder, started and stopped here).
 */
import { mkdtempSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type S3Peer, startS3Peer } from '../../test/peers/s3-peer.ts';
import { loadConfig } from '../config.ts';
import { createDiskStorage, createStorage, type Storage, type StoredObject } from './storage.ts';

let peer: S3Peer;
const folders: string[] = [];
const opened: Storage[] = [];

beforeAll(async () => {
  peer = await startS3Peer();
});
afterAll(async () => {
  for (const storage of opened) storage.close();
  await peer.close();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** A driver as the configuration builds it: each call a new, empty store. */
const drivers: Record<'disk' | 's3', () => Storage> = {
  disk: () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cubierto-storage-'));
    folders.push(dir);
    const storage = createStorage(loadConfig({ UPLOADS_DIR: dir }).storage);
    opened.push(storage);
    return storage;
  },
  s3: () => {
    const storage = createStorage(loadConfig(peer.env(`t${Math.random().toString(36).slice(2)}`)).storage);
    opened.push(storage);
    return storage;
  },
};

async function listed(storage: Storage, prefix: string): Promise<StoredObject[]> {
  const out: StoredObject[] = [];
  for await (const object of storage.list(prefix)) out.push(object);
  return out.sort((a, b) => a.key.localeCompare(b.key));
}

describe.each(['disk', 's3'] as const)('the %s storage driver', (kind) => {
  it('is the driver the configuration names', () => {
    expect(drivers[kind]().kind).toBe(kind);
  });

  it('gives back the bytes it stored, and null for a key it never stored', async () => {
    const storage = drivers[kind]();
    const bytes = Buffer.from([0, 1, 2, 255, 254, 10, 13]);
    await storage.put('uploads/a1.png', bytes, 'image/png');
    expect(await storage.get('uploads/a1.png')).toEqual(bytes);
    expect(await storage.get('uploads/nunca.png')).toBeNull();
  });

  it('replaces a file written again under the same key', async () => {
    const storage = drivers[kind]();
    await storage.put('logos/x.svg', Buffer.from('<svg>1</svg>'));
    await storage.put('logos/x.svg', Buffer.from('<svg>2</svg>'));
    expect((await storage.get('logos/x.svg'))?.toString()).toBe('<svg>2</svg>');
  });

  it('deletes a file, and deleting one that is not there is no error', async () => {
    const storage = drivers[kind]();
    await storage.put('claims/b.pdf', Buffer.from('%PDF-1.4'));
    await storage.remove('claims/b.pdf');
    expect(await storage.get('claims/b.pdf')).toBeNull();
    await expect(storage.remove('claims/b.pdf')).resolves.toBeUndefined();
  });

  it('lists the files under a prefix with their size and last change, and nothing else', async () => {
    const storage = drivers[kind]();
    const before = Date.now() - 2000;
    await storage.put('avatars/a.png', Buffer.alloc(3));
    await storage.put('avatars/b.png', Buffer.alloc(5));
    await storage.put('claims/c.pdf', Buffer.alloc(7));
    const avatars = await listed(storage, 'avatars/');
    expect(avatars.map((o) => [o.key, o.size])).toEqual([
      ['avatars/a.png', 3],
      ['avatars/b.png', 5],
    ]);
    for (const object of avatars) {
      expect(object.lastModified.getTime()).toBeGreaterThan(before);
      expect(object.lastModified.getTime()).toBeLessThan(Date.now() + 2000);
    }
    expect((await listed(storage, '')).map((o) => o.key)).toEqual([
      'avatars/a.png',
      'avatars/b.png',
      'claims/c.pdf',
    ]);
    expect(await listed(storage, 'logos/')).toEqual([]);
  });

  it('refuses keys that could leave its folder or prefix', async () => {
    const storage = drivers[kind]();
    for (const key of [
      '../secreto.txt',
      '/etc/passwd',
      'avatars/../../x.png',
      'sin-carpeta.png',
      'a//b.png',
    ]) {
      await expect(storage.put(key, Buffer.from('x')), key).rejects.toMatchObject({ code: 'bad_request' });
      await expect(storage.get(key), key).rejects.toMatchObject({ code: 'bad_request' });
    }
  });

  it('answers its readiness check when it is reachable', async () => {
    await expect(drivers[kind]().check()).resolves.toBeUndefined();
  });
});

describe('the S3 driver', () => {
  it('keeps the files of two prefixes of one bucket apart', async () => {
    const one = drivers.s3();
    const other = drivers.s3();
    await one.put('avatars/solo-uno.png', Buffer.from('1'));
    expect(await other.get('avatars/solo-uno.png')).toBeNull();
    expect(await listed(other, '')).toEqual([]);
    expect((await listed(one, '')).map((o) => o.key)).toEqual(['avatars/solo-uno.png']);
  });

  it('lists past one page of the bucket listing', async () => {
    const storage = drivers.s3();
    const keys = Array.from({ length: 1005 }, (_, i) => `uploads/${String(i).padStart(4, '0')}.png`);
    for (let i = 0; i < keys.length; i += 5) {
      await Promise.all(keys.slice(i, i + 5).map((key) => storage.put(key, Buffer.from('x'))));
    }
    expect((await listed(storage, 'uploads/')).map((o) => o.key)).toEqual(keys);
  }, 60_000);

  it('fails its readiness check when the server cannot be reached', async () => {
    const storage = createStorage(loadConfig({ ...peer.env(), S3_ENDPOINT: 'http://127.0.0.1:9' }).storage);
    opened.push(storage);
    await expect(storage.check()).rejects.toThrow();
  });
});

describe('the disk driver', () => {
  it('reports a file changed long ago with that date', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cubierto-storage-'));
    folders.push(dir);
    const storage = createDiskStorage(dir);
    await storage.put('uploads/viejo.png', Buffer.from('x'));
    const old = new Date('2026-01-02T03:04:05Z');
    utimesSync(path.join(dir, 'uploads/viejo.png'), old, old);
    expect((await listed(storage, 'uploads/'))[0]?.lastModified.getTime()).toBe(old.getTime());
  });
});
