/**
 * Deadlines for slow and stalled clients (issue "Safe in production": a POST that never sent its body
 * stayed open for minutes, holding a socket and its parser). Three, each configurable:
 * - an idle connection, no byte either way, is closed (Fastify's connectionTimeout);
 * - the whole request, headers and body, must arrive in time, else Node answers 408 and closes
 *   (Fastify's requestTimeout, checked every second instead of Node's default 30 s);
 * - a body must arrive within its own deadline after the headers, else 408 with the API's error body and
 *   the connection is closed (the hook below; it watches the socket, so multipart bodies, which the
 *   upload plugin reads from the raw request, are covered too).
 */
import type { IncomingHttpHeaders, ServerOptions } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { AppError } from './errors.ts';

/** The Fastify server options that set the connection and request deadlines. */
export function serverTimeouts(timeouts: Config['timeouts']): {
  connectionTimeout: number;
  requestTimeout: number;
  http: ServerOptions;
} {
  return {
    connectionTimeout: timeouts.connectionMs,
    requestTimeout: timeouts.requestMs,
    http: {
      // Node refuses a headers deadline longer than the request's; both are checked on this interval.
      headersTimeout: Math.min(60_000, timeouts.requestMs),
      connectionsCheckingInterval: Math.min(1_000, timeouts.requestMs),
    },
  };
}

function hasBody(headers: IncomingHttpHeaders): boolean {
  if (headers['transfer-encoding'] !== undefined) return true;
  const length = headers['content-length'];
  return length !== undefined && length !== '0';
}

/** The answer to a body that did not arrive in time, written on the socket as Node writes its own 408. */
function requestTimeoutResponse(): string {
  const error = new AppError('request_timeout');
  const body = JSON.stringify({ message: error.message, error_code: error.code });
  return [
    `HTTP/1.1 ${error.statusCode} Request Timeout`,
    'Connection: close',
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    '',
    body,
  ].join('\r\n');
}

/** Closes the connection of a request whose body has not fully arrived `ms` after its headers. */
export function addBodyDeadline(app: FastifyInstance, ms: number): void {
  app.addHook('onRequest', (request, reply, done) => {
    const raw = request.raw;
    if (raw.complete || !hasBody(raw.headers)) return done();
    const timer = setTimeout(() => {
      if (raw.complete) return;
      request.log.info({ deadline_ms: ms }, 'request body not received in time: connection closed');
      const socket = raw.socket;
      if (!reply.raw.headersSent && socket.writable)
        socket.end(requestTimeoutResponse(), () => socket.destroy());
      else socket.destroy();
    }, ms);
    timer.unref();
    const stop = () => clearTimeout(timer);
    raw.once('end', stop);
    raw.once('close', stop);
    reply.raw.once('finish', stop);
    reply.raw.once('close', stop);
    done();
  });
}
