/**
 * ARCA in tests: the app's own local ARCA peer (ARCA_ENV=local, the default), and the outbox's ARCA jobs
 * run as the worker would, pass after pass, until none is left to run (a credit note's job waits for its
 * invoice's CAE and runs again in a later pass). Only the ARCA jobs are claimed; other jobs are left alone.
 */
import { and, count, inArray, isNull } from 'drizzle-orm';
import { outbox } from '../src/db/schema/index.ts';
import { runDueJobs } from '../src/lib/outbox.ts';
import type { ArcaLocalPeer } from '../src/modules/invoices/arca/local-peer.ts';
import { invoiceJobs } from '../src/modules/invoices/arca-job.ts';
import type { TestApp } from './harness.ts';

/** The in-process peer of a test app (ARCA_ENV=local). */
export function arcaPeer(t: Pick<TestApp, 'app'>): ArcaLocalPeer {
  const peer = t.app.deps.arca.peer;
  if (!peer) throw new Error('the test app does not run the local ARCA peer (ARCA_ENV=local)');
  return peer;
}

/**
 * Runs the ARCA jobs until none is left to run; each pass is two hours further on, so a job that waits
 * (backoff after a failure) runs in the next one. Answers the passes' results.
 */
export async function authorizeInvoices(
  t: Pick<TestApp, 'app' | 'database'>,
  options: { maxPasses?: number } = {},
): Promise<Array<{ claimed: number; done: number; failed: number }>> {
  const passes = [];
  const handlers = invoiceJobs(t.app.deps.arca);
  for (let pass = 0; pass < (options.maxPasses ?? 12); pass++) {
    const result = await runDueJobs(t.database.db, {
      handlers,
      onlyHandled: true,
      batchSize: 50,
      now: new Date(Date.now() + pass * 2 * 3_600_000),
    });
    passes.push(result);
    if (result.claimed > 0) continue;
    const [left] = await t.database.db
      .select({ n: count() })
      .from(outbox)
      .where(
        and(inArray(outbox.kind, Object.keys(handlers)), isNull(outbox.doneAt), isNull(outbox.failedAt)),
      );
    if (!left?.n) break;
  }
  return passes;
}
