/** Test steps of the back office: an operator created in the database, signed in with password and TOTP. */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/client.ts';
import { createOperator } from '../src/modules/operators/service.ts';
import { totpCode } from '../src/modules/operators/totp.ts';
import { uniqueEmail } from './harness.ts';

export const OPERATOR_PASSWORD = 'Back-Office-Clave-2025';

export async function createTestOperator(
  database: Database,
  overrides: { email?: string; name?: string } = {},
) {
  const email = overrides.email ?? uniqueEmail('operador');
  await createOperator(database, {
    body: { email, name: overrides.name ?? 'Ana Operadora', password: OPERATOR_PASSWORD },
    audit: { actor: { kind: 'ops_token' }, ip: null },
  });
  return { email, password: OPERATOR_PASSWORD };
}

/** Password, then enrolment (first time) or a TOTP code; returns the bearer headers and the secret. */
export async function signInOperator(
  app: FastifyInstance,
  credentials: { email: string; password: string; secret?: string },
  at = new Date(),
) {
  const login = await app.inject({
    method: 'POST',
    url: '/api/v4/admin/auth/login',
    payload: { email: credentials.email, password: credentials.password },
  });
  if (login.statusCode !== 200) throw new Error(`operator login failed: ${login.statusCode} ${login.body}`);
  const challenge = login.json<{ data: { challenge: string; stage: string; secret?: string } }>().data;
  const secret = challenge.secret ?? credentials.secret;
  if (!secret) throw new Error('no TOTP secret to answer with');
  const second = await app.inject({
    method: 'POST',
    url: '/api/v4/admin/auth/second-factor',
    payload: { challenge: challenge.challenge, code: totpCode(secret, at) },
  });
  if (second.statusCode !== 200) throw new Error(`second factor failed: ${second.statusCode} ${second.body}`);
  const token = second.json<{ access_token: string; recovery_codes?: string[] }>();
  return {
    secret,
    recoveryCodes: token.recovery_codes ?? [],
    auth: { authorization: `Bearer ${token.access_token}` },
  };
}

/** A created and signed-in operator, ready for /admin calls. */
export async function operatorSession(app: FastifyInstance, database: Database) {
  const credentials = await createTestOperator(database);
  return { ...credentials, ...(await signInOperator(app, credentials)) };
}
