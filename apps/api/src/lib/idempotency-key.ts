/**
 * Retryable requests (a payment, a top-up, a claim filed, an operator's status change) carry an
 * Idempotency-Key header: checked here with the contracts' schema, a 422 on the header's name when wrong.
 *
 * A customer's keyed request runs at most once, with Stripe's semantics (DOMAIN.md "Retried requests"):
 * the first request with a key is recorded with the hash of what it asked for and how it ended (a success
 * in the transaction that does its work, a refusal in a second one once that one rolled back: decision
 * 017); a retry with the key and the same request gets that answer again (the resource it created, or
 * the refusal it got), another request with the key gets 409 idempotency_key_reused. Concurrent requests
 * with one key queue on the record's unique index (the first writes it before its work), so the second
 * waits for the first's outcome. Only the business outcome is recorded: a request refused by its schema
 * never started, and an unexpected failure (5xx) rolled everything back, so retrying it runs it again.
 */
import { createHash } from 'node:crypto';
import { type ErrorCode, errorCodes, IdempotencyKeySchema } from '@cubierto/contracts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { type Db, rowsOf, statementOnce, type Tx } from '../db/client.ts';
import { type IdempotencyScope, idempotentRequests, type StoredRefusal } from '../db/schema/index.ts';
import { AppError, validationError } from './errors.ts';
import { type AfterCommit, holdJobs, writeHeldJobs } from './outbox.ts';

/** The key; required unless `optional`, when a missing header answers undefined. */
export function idempotencyKey(request: FastifyRequest): string;
export function idempotencyKey(request: FastifyRequest, options: { optional: true }): string | undefined;
export function idempotencyKey(request: FastifyRequest, options?: { optional: true }): string | undefined {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined && options?.optional) return undefined;
  const parsed = IdempotencyKeySchema.safeParse(raw);
  if (!parsed.success) throw validationError({ 'Idempotency-Key': [parsed.error.issues[0]!.message] });
  return parsed.data;
}

/** JSON with its object keys sorted, so one request hashes the same whatever order its fields came in. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** SHA-256 of what a request asks for (its route's parsed body and parameters). */
export function requestHash(parts: unknown): string {
  return createHash('sha256').update(canonicalJson(parts)).digest('hex');
}

export type KeyedRequest = {
  userId: number;
  scope: IdempotencyScope;
  key: string;
  hash: string;
  /** Where a failure after the commit is told (the request's log): the request still succeeded. */
  log?: Pick<FastifyBaseLogger, 'warn'>;
};

const isKnownCode = (code: string): code is ErrorCode => Object.hasOwn(errorCodes, code);

function replayRefusal(refusal: StoredRefusal): AppError {
  return new AppError(isKnownCode(refusal.code) ? refusal.code : 'conflict', {
    message: refusal.message,
    ...(refusal.validations ? { validations: refusal.validations } : {}),
  });
}

/**
 * Runs `work` once per customer, scope and key. `work` answers the id of what it created. When it throws
 * an AppError below 500, its transaction (the key's claim, its writes and the outbox jobs it enqueued) is
 * rolled back whole, and the refusal is recorded in a second transaction; the same AppError reaches the
 * caller. Answers the id and whether this call created it.
 *
 * No savepoint between the claim and the work: it cost a round trip on every request for the refusals'
 * sake, which are rare. Between the rollback and the refusal's record another request with the key may
 * claim it; the refusal then is not recorded and this call answers that request's outcome, as any later
 * retry will (one key, one answer).
 */
export async function runKeyedRequest(
  db: Db,
  request: KeyedRequest,
  work: (tx: Tx) => Promise<number>,
): Promise<{ resourceId: number; created: boolean }> {
  return runKeyedRequestClaimedByWork(db, request, async (tx, claim) => {
    await claim.take(tx);
    return work(tx);
  });
}

/** The values of the key's claim (keyClaimCte), named apart from the statement's other parts. */
export type KeyClaimValues = {
  claimUserId: number;
  claimScope: IdempotencyScope;
  claimKey: string;
  claimRequestHash: string;
};

/**
 * The key's claim as handed to a work that makes it itself (runKeyedRequestClaimedByWork): in its first
 * statement (keyClaimCte, bound with `values`, then `took`), or in a statement of its own (`take`).
 */
export type KeyClaim = {
  readonly values: KeyClaimValues;
  /**
   * What the first statement's `claimed_key` answered: its id, or none (no row) when another request holds
   * the key. None stops the work there (`took` throws a signal that runKeyedRequestClaimedByWork catches:
   * the statement wrote nothing, every part of it joining the claim), and the request answers the holder's
   * outcome instead, in the same transaction.
   */
  took(id: number | null | undefined): void;
  /** The claim in a statement of its own (claimSql), for a work whose first statement does not carry it. */
  take(tx: Tx): Promise<void>;
};

/**
 * The key's claim as the first CTE of the work's first statement, a round trip fewer than a statement of
 * its own (a payment's hot path): `claimed_key`, one row (`id`) when this request claimed the key, none
 * when another request holds it. Another request's claim, still in its transaction, makes this one wait on
 * the unique index until that transaction ends, as claimSql does. Every other part of the statement must
 * read `claimed_key` (join it), so that nothing is written before the key is claimed, nor at all when it
 * was not: PostgreSQL runs every data-modifying CTE to completion whether or not anything reads it, so a
 * part that did not join the claim would write even when another request holds the key. Its text is the
 * same on every call; its values are the claim's `values`.
 */
export const keyClaimCte: SQL = sql`claimed_key as (${claimInsert(sql`null::jsonb`)})`;

/** Signal of `KeyClaim.took`: another request holds the key. */
const keyHeld = new Error('The idempotency key is held by another request');

/**
 * runKeyedRequest, the key claimed by `work` itself (`claim`): in its first statement (keyClaimCte), which
 * then writes nothing unless the key was claimed, so that a request costs a round trip fewer. A work that
 * does not report the claim (`took` or `take`) before answering is a bug: the request fails (500).
 */
export async function runKeyedRequestClaimedByWork(
  db: Db,
  request: KeyedRequest,
  work: (tx: Tx, claim: KeyClaim) => Promise<number>,
): Promise<{ resourceId: number; created: boolean }> {
  const values: KeyClaimValues = {
    claimUserId: request.userId,
    claimScope: request.scope,
    claimKey: request.key,
    claimRequestHash: request.hash,
  };
  let refused: AppError | undefined;
  /** What the work left for after its commit (lib/outbox.ts afterCommit): the bell's count told, say. */
  let committed: AfterCommit[] = [];
  try {
    const answer = await db.transaction(async (tx) => {
      // The first request with this key claims it by writing its record (its outcome comes at the end, in
      // the same transaction). Another request with the key waits on the unique index until the first
      // one's transaction ends: then it finds the record, or claims the key if the first rolled back.
      let recordId: number | undefined;
      const claim: KeyClaim = {
        values,
        took(id) {
          if (id === null || id === undefined) throw keyHeld;
          recordId = Number(id);
        },
        async take(on) {
          const [claimed] = await claimKey(on, values, null);
          claim.took(claimed?.id);
        },
      };
      // The outbox jobs the work enqueues are held and written with the request's outcome, in one statement.
      holdJobs(tx);
      try {
        const resourceId = await work(tx, claim);
        if (recordId === undefined) throw new Error('A keyed request answered without claiming its key');
        committed = await writeHeldJobs(tx, {
          ctes: outcomeSql,
          values: { keyRecordId: recordId, keyResourceId: resourceId },
        });
        return { resourceId, created: true };
      } catch (error) {
        // Held by another request: nothing was written; its outcome is the answer.
        if (error === keyHeld) return earlierOutcome(tx, request);
        // The transaction rolls back: the jobs and writes it held are never written.
        if (error instanceof AppError && error.statusCode < 500) refused = error;
        throw error;
      }
    });
    // Side by side: what they tell the instances goes in one statement (lib/after-commit.ts). The request
    // succeeded whatever happens to them: a failure is logged, and the instances' caches drop what they
    // keep at their age's end (lib/read-cache.ts).
    await Promise.all(
      committed.map((work) =>
        work(db).catch((error: unknown) =>
          request.log?.warn({ err: error }, 'what a committed request tells after its commit failed'),
        ),
      ),
    );
    return answer;
  } catch (error) {
    if (!refused || error !== refused) throw error;
  }
  const refusal: StoredRefusal = {
    code: refused.code,
    message: refused.message,
    ...(refused.validations ? { validations: refused.validations } : {}),
  };
  const recorded = await db.transaction(async (tx) => {
    const [claimed] = await claimKey(tx, values, refusal);
    return claimed ? null : earlierOutcome(tx, request);
  });
  if (recorded) return recorded;
  throw refused;
}

/**
 * The key claimed by writing its record (with the refusal, when recording one), unless another request
 * holds it; answers the record's id when this one claimed it. Its text is built once (statementOnce): a
 * keyed request is a hot path (a payment).
 */
async function claimKey(
  tx: Tx,
  values: KeyClaimValues,
  refusal: StoredRefusal | null,
): Promise<{ id: number }[]> {
  return rowsOf<{ id: number }>(
    await claimSql(tx, { ...values, claimRefusal: refusal ? JSON.stringify(refusal) : null }),
  );
}

/** The claim's insert, `refusal` its last value: a placeholder (claimSql), or none (keyClaimCte). */
function claimInsert(refusal: SQL): SQL {
  const value = (name: keyof KeyClaimValues) => sql.placeholder(name);
  return sql`insert into ${idempotentRequests} (user_id, scope, key, request_hash, refusal)
    values (${value('claimUserId')}::int, ${value('claimScope')}, ${value('claimKey')},
      ${value('claimRequestHash')}, ${refusal})
    on conflict (user_id, scope, key) do nothing
    returning id::int as id`;
}

const claimSql = statementOnce<KeyClaimValues & { claimRefusal: string | null }>(() =>
  claimInsert(sql`${sql.placeholder('claimRefusal')}::jsonb`),
);

/** The request's outcome written on its record, in the held jobs' statement (writeHeldJobs). */
const outcomeSql: readonly SQL[] = [
  sql`update ${idempotentRequests} set resource_id = ${sql.placeholder('keyResourceId')}::int
    where ${idempotentRequests.id} = ${sql.placeholder('keyRecordId')}::int`,
];

/** The outcome of the request that holds the key: its resource, or its refusal thrown again. */
async function earlierOutcome(
  tx: Tx,
  request: KeyedRequest,
): Promise<{ resourceId: number; created: false }> {
  const [earlier] = await tx
    .select()
    .from(idempotentRequests)
    .where(
      and(
        eq(idempotentRequests.userId, request.userId),
        eq(idempotentRequests.scope, request.scope),
        eq(idempotentRequests.key, request.key),
      ),
    );
  if (!earlier) throw new Error('The idempotency key is taken and its record cannot be read');
  if (earlier.requestHash !== null && earlier.requestHash !== request.hash)
    throw new AppError('idempotency_key_reused', {
      message:
        request.scope === 'claim'
          ? 'Esa clave de idempotencia ya se usó para otro reclamo.'
          : 'Esa clave de idempotencia ya se usó para otro pago.',
    });
  if (earlier.refusal) throw replayRefusal(earlier.refusal);
  if (earlier.resourceId === null) throw new Error('A keyed request was recorded without its outcome');
  return { resourceId: earlier.resourceId, created: false };
}
