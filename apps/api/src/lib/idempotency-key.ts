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
import type { FastifyRequest } from 'fastify';
import { type Db, rowsOf, statementOnce, type Tx } from '../db/client.ts';
import { type IdempotencyScope, idempotentRequests, type StoredRefusal } from '../db/schema/index.ts';
import { AppError, validationError } from './errors.ts';
import { holdJobs, writeHeldJobs } from './outbox.ts';

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

export type KeyedRequest = { userId: number; scope: IdempotencyScope; key: string; hash: string };

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
  const record = {
    userId: request.userId,
    scope: request.scope,
    key: request.key,
    requestHash: request.hash,
  };
  let refused: AppError | undefined;
  try {
    return await db.transaction(async (tx) => {
      // The first request with this key claims it by writing its record (its outcome comes at the end, in
      // the same transaction). Another request with the key waits here, on the unique index, until the
      // first one's transaction ends: then it finds the record, or claims the key if the first rolled back.
      const [claimed] = await claimKey(tx, record);
      if (!claimed) return earlierOutcome(tx, request);
      // The outbox jobs the work enqueues are held and written with the request's outcome, in one statement.
      holdJobs(tx);
      try {
        const resourceId = await work(tx);
        await writeHeldJobs(tx, {
          ctes: outcomeSql,
          values: { keyRecordId: claimed.id, keyResourceId: resourceId },
        });
        return { resourceId, created: true };
      } catch (error) {
        // The transaction rolls back: the jobs and writes it held are never written.
        if (error instanceof AppError && error.statusCode < 500) refused = error;
        throw error;
      }
    });
  } catch (error) {
    if (!refused || error !== refused) throw error;
  }
  const refusal: StoredRefusal = {
    code: refused.code,
    message: refused.message,
    ...(refused.validations ? { validations: refused.validations } : {}),
  };
  const recorded = await db.transaction(async (tx) => {
    const [claimed] = await claimKey(tx, { ...record, refusal });
    return claimed ? null : earlierOutcome(tx, request);
  });
  if (recorded) return recorded;
  throw refused;
}

type KeyRecord = {
  userId: number;
  scope: IdempotencyScope;
  key: string;
  requestHash: string;
  refusal?: StoredRefusal;
};

/**
 * The key claimed by writing its record, unless another request holds it; answers the record's id when
 * this one claimed it. Its text is built once (statementOnce): a keyed request is a hot path (a payment).
 */
async function claimKey(tx: Tx, record: KeyRecord): Promise<{ id: number }[]> {
  return rowsOf<{ id: number }>(
    await claimSql(tx, { ...record, refusal: record.refusal ? JSON.stringify(record.refusal) : null }),
  );
}

const claimSql = statementOnce<Omit<KeyRecord, 'refusal'> & { refusal: string | null }>(
  () => sql`insert into ${idempotentRequests} (user_id, scope, key, request_hash, refusal)
    values (${sql.placeholder('userId')}::int, ${sql.placeholder('scope')}, ${sql.placeholder('key')},
      ${sql.placeholder('requestHash')}, ${sql.placeholder('refusal')}::jsonb)
    on conflict (user_id, scope, key) do nothing
    returning id::int as id`,
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
