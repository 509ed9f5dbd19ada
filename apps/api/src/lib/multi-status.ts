/**
 * 207 Multi-Status: a request that partly succeeded (an import whose rows partly fail, a read-all that
 * could not mark every notification). The body carries the status too, beside its data, so an
 * intermediary that rewrites status codes cannot hide a partial success; the client copies it into the
 * data (spec §7).
 */
import type { FastifyReply } from 'fastify';

export function sendMultiStatus<T extends Record<string, unknown>>(reply: FastifyReply, data: T) {
  return reply.status(207).send({ data, status: 207 });
}
