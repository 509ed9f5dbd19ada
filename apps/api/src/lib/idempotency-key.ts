/**
 * The Idempotency-Key header of a retryable request (a payment, a top-up, a claim filed, an operator's
 * status change): checked with the contracts' schema, a 422 on the header's name when it is wrong.
 */
import { IdempotencyKeySchema } from '@cubierto/contracts';
import type { FastifyRequest } from 'fastify';
import { validationError } from './errors.ts';

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
