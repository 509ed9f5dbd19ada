/**
 * A recurring sweep of claim files uploaded and never filed with a claim (the customer left the form):
 * after a day they are deleted, their row first (only while still unattached, so a claim being filed at
 * that moment keeps its files), then the bytes in storage.
 */
import { and, asc, eq, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { claimAttachments, files } from '../../db/schema/index.ts';
import type { JobHandlers } from '../../lib/outbox.ts';
import type { Storage } from '../../lib/storage.ts';

export const UNATTACHED_FILES_SWEEP_JOB = 'claims.unattached-files-sweep';
export const UNATTACHED_FILES_KEPT_MS = 24 * 3_600_000;
const SWEEP_EVERY_MS = 60 * 60_000;
const BATCH = 100;

/** Deletes the unattached claim files older than a day; answers how many went. */
export async function sweepUnattachedClaimFiles(deps: { db: Db; storage: Storage }, now = new Date()) {
  const cutoff = new Date(now.getTime() - UNATTACHED_FILES_KEPT_MS);
  let removed = 0;
  for (;;) {
    const stale = await deps.db
      .select({ id: claimAttachments.id, fileId: files.id, key: files.storageKey })
      .from(claimAttachments)
      .innerJoin(files, eq(files.id, claimAttachments.fileId))
      .where(and(isNull(claimAttachments.claimId), lt(claimAttachments.createdAt, cutoff)))
      .orderBy(asc(claimAttachments.id))
      .limit(BATCH);
    for (const row of stale) {
      const gone = await deps.db.transaction(async (tx) => {
        const [deleted] = await tx
          .delete(claimAttachments)
          .where(and(eq(claimAttachments.id, row.id), isNull(claimAttachments.claimId)))
          .returning({ id: claimAttachments.id });
        if (deleted) await tx.delete(files).where(eq(files.id, row.fileId));
        return !!deleted;
      });
      if (gone) {
        await deps.storage.remove(row.key);
        removed += 1;
      }
    }
    if (stale.length < BATCH) return removed;
  }
}

export function claimJobs(storage: Storage): JobHandlers {
  return {
    [UNATTACHED_FILES_SWEEP_JOB]: {
      everyMs: SWEEP_EVERY_MS,
      async run(_payload, context) {
        const removed = await sweepUnattachedClaimFiles({ db: context.db, storage }, context.now);
        if (removed) context.log.info({ removed }, 'unattached claim files removed');
      },
    },
  };
}
