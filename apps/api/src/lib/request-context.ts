/**
 * Per-request context shared by every module: who is calling (bearer session), the Context-Id header's
 * check (spec §7), and the guards customer routes run before their handler.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AuthenticatedUser } from '../modules/auth/sessions.ts';
import type { OperatorActor } from '../modules/operators/audit.ts';
import { findOperatorSession, OPERATOR_TOKEN_PREFIX } from '../modules/operators/service.ts';
import { AppError } from './errors.ts';
import { safeEqual } from './tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthenticatedUser | null;
    /** The operator (or the operations token) behind a request that passed requireOperator. */
    operator: OperatorActor | null;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  return m?.[1];
}

export const requestContextPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('auth', null);
  app.decorateRequest('operator', null);
  // The app sends its stored context (spec §7); no route depends on it (the customer's context is the one
  // stored with update-context), so it is only checked: a malformed one is refused rather than ignored.
  // A callback hook, not an async one: it runs on every request and never waits for anything.
  app.addHook('onRequest', (request, _reply, done) => {
    const raw = request.headers['context-id'];
    if (raw === undefined || raw === '') return done();
    const value = Array.isArray(raw) ? raw[0] : raw;
    const id = Number(value);
    if (!Number.isInteger(id) || id < 1) {
      return done(new AppError('bad_request', { message: 'El encabezado Context-Id no es válido.' }));
    }
    done();
  });
});

/** Guard: a valid, unrevoked bearer session; 401 with the error body otherwise. */
export async function requireCustomer(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const token = bearerToken(request);
  if (!token) throw new AppError('unauthenticated');
  // Operators never act as customers; a token that only looks like an operator's is no session (401).
  if (token.startsWith(OPERATOR_TOKEN_PREFIX)) {
    if (!(await findOperatorSession(request.server.deps.db, token))) throw new AppError('unauthenticated');
    throw new AppError('forbidden', {
      message: 'Una sesión de operador no puede usar las rutas de clientes.',
    });
  }
  const user = await request.server.deps.sessions.find(token);
  if (!user) throw new AppError('unauthenticated');
  request.auth = user;
}

/** Guard: 503 with the maintenance message while the flag is on (spec §4). */
export async function rejectDuringMaintenance(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const maintenance = await request.server.deps.maintenance.get();
  if (maintenance.enabled) {
    throw new AppError('maintenance', maintenance.message ? { message: maintenance.message } : {});
  }
}

/** The signed-in caller; only for handlers behind requireCustomer. */
export function caller(request: FastifyRequest): AuthenticatedUser {
  if (!request.auth) throw new AppError('unauthenticated');
  return request.auth;
}

/**
 * Guard for operator actions: an operator's session (signed in with TOTP), or the operations token as a
 * machine credential for the command line (decision 013; audited as 'ops_token'). Only a valid
 * customer session is refused with 403; no credential, a wrong operations token, or a bearer token that
 * is no live session (forged, expired, revoked, whatever its prefix) is a 401, so the client clears its
 * session like on every other route (spec §4).
 */
export async function requireOperator(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const opsToken = request.server.deps.opsToken;
  const given = request.headers['x-ops-token'];
  if (opsToken && typeof given === 'string' && safeEqual(given, opsToken)) {
    request.operator = { kind: 'ops_token' };
    return;
  }
  const token = bearerToken(request);
  if (token?.startsWith(OPERATOR_TOKEN_PREFIX)) {
    const operator = await findOperatorSession(request.server.deps.db, token);
    if (!operator) throw new AppError('unauthenticated');
    request.operator = operator;
    return;
  }
  if (token && (await request.server.deps.sessions.find(token))) throw new AppError('forbidden');
  throw new AppError('unauthenticated');
}
