/**
 * Stored files' bytes kept in this instance's memory once read (issue 22). Reading a small file from the
 * disk is four trips to libuv's thread pool (open, stat, read, close): 150 to 250 µs of CPU, more than the
 * route's own query; from S3 a network round trip. The routes that show files (the insurers' logos on every
 * catalogue card, a contract's photos, a claim's attachments) read through here.
 *
 * A kept copy is never stale: a storage key names one content for ever (keys are random, made when a file
 * is stored, lib/storage.ts inspectUpload; the demo logos' fixed names are written once, into an empty
 * catalogue), so nothing has to be told to forget. Only routes that first found the file's row (its owner,
 * its kind) read through here, and every removal deletes the row before the bytes: a removed file is never
 * served from memory either.
 */
import { RecentlyUsed } from './recently-used.ts';
import type { Storage } from './storage.ts';

/** Files larger than this are read from the storage every time. */
const MAX_FILE_BYTES = 1024 * 1024;
/** Bytes kept at most per storage; the least recently read go first. */
const MAX_BYTES = 32 * 1024 * 1024;

const keptByStorage = new WeakMap<Storage, RecentlyUsed<string, Buffer>>();

/** The file's bytes (null when there is no such file), from memory when this instance read them before. */
export async function readKept(storage: Storage, key: string): Promise<Buffer | null> {
  let kept = keptByStorage.get(storage);
  if (!kept) {
    kept = new RecentlyUsed<string, Buffer>(MAX_BYTES, (bytes) => bytes.length);
    keptByStorage.set(storage, kept);
  }
  const hit = kept.get(key);
  if (hit) return hit;
  const data = await storage.get(key);
  if (!data || data.length > MAX_FILE_BYTES || kept.has(key)) return data;
  kept.set(key, data);
  return data;
}
