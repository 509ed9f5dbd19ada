/**
 * Keyed requests (a customer's Idempotency-Key on filing a claim, paying or topping up): what the first
 * request with a key asked for and how it ended, so any retry with that key gets the same answer and
 * never runs again (Stripe's semantics, DOMAIN.md "Retried requests").
 */
import { integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt, id, ref } from './columns.ts';

export const IDEMPOTENCY_SCOPES = ['claim', 'payment'] as const;
export type IdempotencyScope = (typeof IDEMPOTENCY_SCOPES)[number];

/** The refusal a keyed request ended with, as the error handler wrote it. */
export type StoredRefusal = { code: string; message: string; validations?: Record<string, string[]> };

export const idempotentRequests = pgTable(
  'idempotent_requests',
  {
    id: id(),
    userId: ref('user_id', () => users.id),
    /** Which requests share the key space: claims filed, or payments and top-ups. */
    scope: text('scope', { enum: IDEMPOTENCY_SCOPES }).notNull(),
    key: text('key').notNull(),
    /**
     * SHA-256 of what the request asked for: the same key with another request is refused. Null only for
     * claims filed before requests were recorded (their body was not kept), which any body replays.
     */
    requestHash: text('request_hash'),
    /** What it created (the claim or the payment), when it succeeded. */
    resourceId: integer('resource_id'),
    /** How it was refused, when it was: replayed as is. */
    refusal: jsonb('refusal').$type<StoredRefusal>(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('idempotent_requests_key_idx').on(t.userId, t.scope, t.key)],
);
