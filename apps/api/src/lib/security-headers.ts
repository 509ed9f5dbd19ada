/**
 * The security headers of every response (CSP, HSTS, frame-ancestors, nosniff…), as helmet writes them,
 * computed once at start-up. The Fastify wrapper of helmet rebuilt helmet's middleware, CSP parsing
 * included, on every request, in two hooks: a fifth of a cheap route's time. Nothing here depends on the
 * request, so one object set by one hook gives the same headers.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** What helmet sets with these options, header name (lower case) → value. */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  // helmet only ever calls setHeader and removeHeader on the response, and never reads the request.
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}

/** Sets the headers on every response of the app, errors and not-found included. */
export function addSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = securityHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
