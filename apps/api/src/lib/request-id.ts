/**
 * Request ids: a well-formed X-Request-Id from the client or the load balancer is kept, anything else is
 * replaced by a new UUID; the id goes back in the response's X-Request-Id, on every log line of the
 * request (`reqId`), and on the outbox jobs the request enqueues (lib/outbox.ts reads it from here), whose
 * runs log it too. One id follows a customer's action from the balancer's log to its background work.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';

/** Letters, digits and `._:-`, 1 to 128 characters: what balancers and tracing tools send (UUIDs, hex ids). */
const WELL_FORMED = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

const current = new AsyncLocalStorage<string>();

/** Fastify's genReqId: the request's own id when well-formed, else a new UUID. */
export function requestIdOf(request: Pick<IncomingMessage, 'headers'>): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && WELL_FORMED.test(given) ? given : randomUUID();
}

/** The id of the request (or outbox job) this code runs for, if any. */
export function currentRequestId(): string | undefined {
  return current.getStore();
}

/** Runs `work` as part of the request with that id (an outbox job started by it). */
export function runWithRequestId<T>(id: string | null | undefined, work: () => T): T {
  return id ? current.run(id, work) : work();
}

/** Answers every request with its id and makes the id current for everything the request does. */
export function registerRequestIds(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    current.run(request.id, done);
  });
}
