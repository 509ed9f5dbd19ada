/**
 * runKeyedRequest on the real engine (decision 017): a refused request's work is undone whole, its
 * refusal recorded in a second transaction and answered again; a request that claims the key between
 * the two transactions decides the answer (one key, one answer).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/harness.ts';
import type { Database, Db, Tx } from '../db/client.ts';
import { contexts, idempotentRequests, outbox, users } from '../db/schema/index.ts';
import { AppError } from './errors.ts';
import { type KeyedRequest, runKeyedRequest } from './idempotency-key.ts';
import { enqueue } from './outbox.ts';

let database: Database;
let drop: () => Promise<void>;
let userId: number;
beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  const [user] = await database.db
    .insert(users)
    .values({ name: 'Clave', email: 'clave@example.com' })
    .returning({ id: users.id });
  userId = user!.id;
});
afterAll(async () => drop());

let keys = 0;
function newRequest(hash = 'first'): KeyedRequest {
  keys += 1;
  return { userId, scope: 'payment', key: `key-${keys}`, hash };
}

async function recordOf(request: KeyedRequest) {
  const [row] = await database.db
    .select({ resourceId: idempotentRequests.resourceId, refusal: idempotentRequests.refusal })
    .from(idempotentRequests)
    .where(
      and(
        eq(idempotentRequests.userId, request.userId),
        eq(idempotentRequests.scope, request.scope),
        eq(idempotentRequests.key, request.key),
      ),
    );
  return row;
}

/** Work that writes a row and enqueues a job, then is refused. */
function refusedWork(name: string, message = 'No alcanza.') {
  return async (tx: Tx): Promise<number> => {
    await tx.insert(contexts).values({ name, description: 'x' });
    await enqueue(tx, { kind: name });
    throw new AppError('conflict', { message });
  };
}

const codeAndMessage = (promise: Promise<unknown>) =>
  promise.then(
    () => 'answered',
    (error: unknown) => (error instanceof AppError ? `${error.code}: ${error.message}` : String(error)),
  );

async function leftBehind(name: string) {
  const rows = await database.db.select().from(contexts).where(eq(contexts.name, name));
  const jobs = await database.db.select().from(outbox).where(eq(outbox.kind, name));
  return rows.length + jobs.length;
}

/** The database, with `between` run just before its second transaction opens (the refusal's record). */
function withRequestBeforeSecondTransaction(db: Db, between: () => Promise<unknown>): Db {
  let opened = 0;
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property !== 'transaction') return Reflect.get(target, property, receiver);
      return async (...args: Parameters<Db['transaction']>) => {
        opened += 1;
        if (opened === 2) await between();
        return target.transaction(...args);
      };
    },
  });
}

describe('runKeyedRequest', () => {
  it('a refusal undoes the work and its jobs, is recorded, and is answered again without running', async () => {
    const request = newRequest();
    expect(await codeAndMessage(runKeyedRequest(database.db, request, refusedWork('refused-once')))).toBe(
      'conflict: No alcanza.',
    );
    expect(await leftBehind('refused-once')).toBe(0);
    expect(await recordOf(request)).toEqual({
      resourceId: null,
      refusal: { code: 'conflict', message: 'No alcanza.' },
    });

    let ran = false;
    const retry = runKeyedRequest(database.db, request, async () => {
      ran = true;
      return 1;
    });
    expect(await codeAndMessage(retry)).toBe('conflict: No alcanza.');
    expect(ran).toBe(false);
  });

  it('an unexpected failure records nothing: a retry runs the work, whose jobs are written with it', async () => {
    const request = newRequest();
    const failing = runKeyedRequest(database.db, request, async () => {
      throw new Error('se cortó');
    });
    expect(await codeAndMessage(failing)).toBe('Error: se cortó');
    expect(await recordOf(request)).toBeUndefined();

    const answer = await runKeyedRequest(database.db, request, async (tx) => {
      await enqueue(tx, { kind: 'keyed-success' });
      return 41;
    });
    expect(answer).toEqual({ resourceId: 41, created: true });
    expect(await recordOf(request)).toEqual({ resourceId: 41, refusal: null });
    expect(await leftBehind('keyed-success')).toBe(1);
    expect(await runKeyedRequest(database.db, request, async () => 0)).toEqual({
      resourceId: 41,
      created: false,
    });
  });

  it('a request with the key that succeeds between the refusal and its record is the answer', async () => {
    const request = newRequest();
    const db = withRequestBeforeSecondTransaction(database.db, () =>
      runKeyedRequest(database.db, request, async () => 42),
    );
    const answer = await runKeyedRequest(db, request, refusedWork('refused-then-paid'));
    expect(answer).toEqual({ resourceId: 42, created: false });
    expect(await recordOf(request)).toEqual({ resourceId: 42, refusal: null });
    expect(await leftBehind('refused-then-paid')).toBe(0);
  });

  it('a request with the key and another body in between makes this one a reused key', async () => {
    const request = newRequest();
    const db = withRequestBeforeSecondTransaction(database.db, () =>
      runKeyedRequest(database.db, { ...request, hash: 'second' }, async () => 43),
    );
    const refused = runKeyedRequest(db, request, refusedWork('refused-then-reused'));
    expect(await codeAndMessage(refused)).toBe(
      'idempotency_key_reused: Esa clave de idempotencia ya se usó para otro pago.',
    );
    expect(await recordOf(request)).toEqual({ resourceId: 43, refusal: null });
  });
});
