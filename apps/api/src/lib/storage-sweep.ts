/**
 * The hourly sweep of orphaned files in storage: bytes no `files` row points at (an upload whose row was
 * never written because its request failed after storing them, a half-written file) are deleted once
 * they are a day old. It lists the store through the Storage interface, so it works on the disk and on
 * a bucket shared by every instance; being one recurring outbox row, it runs once an hour in all.
 * Every stored file therefore has its `files` row (storage_key), written within the day. Only the folders
 * the API writes are swept, so nothing else kept beside them (UPLOADS_DIR inside DATA_DIR, a bucket
 * prefix shared by mistake) is ever taken for an orphan.
 */
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { files } from '../db/schema/index.ts';
import type { JobHandlers } from './outbox.ts';
import type { Storage, StoredObject } from './storage.ts';

export const ORPHANED_FILES_SWEEP_JOB = 'storage.orphaned-files-sweep';
/** Long enough that an upload in progress (stored, its row not yet committed) is never taken for one. */
export const ORPHANED_FILES_KEPT_MS = 24 * 3_600_000;
const SWEEP_EVERY_MS = 60 * 60_000;
const BATCH = 200;
/** The folders files are stored in (inspectUpload's kinds, and the demo logos). */
export const STORED_FOLDERS = ['avatars/', 'claims/', 'logos/', 'uploads/'] as const;

/** Deletes the day-old files without a `files` row; answers how many went. */
export async function sweepOrphanedFiles(
  deps: { db: Db; storage: Storage },
  now = new Date(),
): Promise<number> {
  const cutoff = now.getTime() - ORPHANED_FILES_KEPT_MS;
  let removed = 0;
  let batch: StoredObject[] = [];
  const settle = async () => {
    const keys = batch.map((object) => object.key);
    batch = [];
    if (keys.length === 0) return;
    const known = new Set(
      (
        await deps.db.select({ key: files.storageKey }).from(files).where(inArray(files.storageKey, keys))
      ).map((row) => row.key),
    );
    for (const key of keys) {
      if (known.has(key)) continue;
      await deps.storage.remove(key);
      removed += 1;
    }
  };
  for (const folder of STORED_FOLDERS) {
    for await (const object of deps.storage.list(folder)) {
      if (object.lastModified.getTime() >= cutoff) continue;
      batch.push(object);
      if (batch.length >= BATCH) await settle();
    }
  }
  await settle();
  return removed;
}

export function storageJobs(storage: Storage): JobHandlers {
  return {
    [ORPHANED_FILES_SWEEP_JOB]: {
      everyMs: SWEEP_EVERY_MS,
      async run(_payload, context) {
        const removed = await sweepOrphanedFiles({ db: context.db, storage }, context.now);
        if (removed) context.log.info({ removed }, 'orphaned stored files removed');
      },
    },
  };
}
