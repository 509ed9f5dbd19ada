/**
 * 207 Multi-Status answers carry their status in the body too (spec §7: the client copies it into data),
 * so an intermediary that rewrites status codes cannot hide a partial success.
 */
import type { FastifyReply } from 'fastify';

export function sendMultiStatus<T extends Record<string, unknown>>(reply: FastifyReply, data: T) {
  return reply.status(207).send({ data: { ...data, status: 207 }, status: 207 });
}
