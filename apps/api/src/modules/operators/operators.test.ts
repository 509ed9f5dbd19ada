import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerCustomer, type TestApp } from '../../../test/harness.ts';
import { createTestOperator, OPERATOR_PASSWORD, signInOperator } from '../../../test/operator.ts';
import { auditLog, operators } from '../../db/schema/index.ts';
import { findOperatorSession, OPERATOR_SESSION_HOURS } from './service.ts';
import { base32Decode, base32Encode, hotp, matchTotp, totpCode } from './totp.ts';

const OPS_TOKEN = 'ops-token-for-operator-tests-0123456789';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ opsToken: OPS_TOKEN });
});
afterAll(async () => {
  await t.close();
});

const login = (email: string, password = OPERATOR_PASSWORD) =>
  t.app.inject({ method: 'POST', url: '/api/v4/admin/auth/login', payload: { email, password } });
const secondFactor = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/v4/admin/auth/second-factor', payload });

describe('TOTP (RFC 6238)', () => {
  it('matches the RFC 6238 SHA-1 test vectors', () => {
    // Secret "12345678901234567890"; the RFC gives 8 digits, the 6 last are what 6-digit apps show.
    const secret = base32Encode(Buffer.from('12345678901234567890'));
    expect(totpCode(secret, new Date(59_000))).toBe('287082');
    expect(totpCode(secret, new Date(1_111_111_109_000))).toBe('081804');
    expect(totpCode(secret, new Date(2_000_000_000_000))).toBe('279037');
    expect(hotp(secret, 0)).toBe('755224');
    expect(base32Decode(secret).toString()).toBe('12345678901234567890');
  });

  it('accepts one step of drift and never the same step twice', () => {
    const secret = base32Encode(Buffer.from('12345678901234567890'));
    const at = new Date(1_700_000_000_000);
    const previous = totpCode(secret, new Date(at.getTime() - 30_000));
    const step = matchTotp(secret, previous, { at });
    expect(step).not.toBeNull();
    expect(matchTotp(secret, previous, { at, lastStep: step })).toBeNull();
    expect(matchTotp(secret, totpCode(secret, new Date(at.getTime() - 90_000)), { at })).toBeNull();
  });
});

describe('operator sign-in', () => {
  it('enrols the second factor at the first sign-in, shows ten recovery codes once, then asks for TOTP', async () => {
    const credentials = await createTestOperator(t.database);
    const first = await login(credentials.email);
    expect(first.statusCode).toBe(200);
    const enrol = first.json().data;
    expect(enrol.stage).toBe('enroll');
    expect(enrol.otpauth_uri).toMatch(/^otpauth:\/\/totp\/Cubierto%3A.+\?secret=[A-Z2-7]+&issuer=Cubierto/);
    expect(enrol.qr_data_url).toMatch(/^data:image\/svg\+xml;base64,/);

    const signedIn = await signInOperator(t.app, { ...credentials, secret: enrol.secret });
    expect(signedIn.recoveryCodes).toHaveLength(10);
    const me = await t.app.inject({ method: 'GET', url: '/api/v4/admin/auth/me', headers: signedIn.auth });
    expect(me.json().data.email).toBe(credentials.email);
    expect(me.json().data.totp_enabled).toBe(true);

    const again = await login(credentials.email);
    expect(again.json().data).toEqual({ challenge: expect.any(String), stage: 'totp' });
  });

  it('refuses a wrong password without saying whether the operator exists', async () => {
    const credentials = await createTestOperator(t.database);
    const wrong = await login(credentials.email, 'not-the-password');
    const unknown = await login('nadie@example.com', 'not-the-password');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json().message).toBe(wrong.json().message);
  });

  it('locks the account for 15 minutes after five wrong codes, then lets it in again', async () => {
    const credentials = await createTestOperator(t.database);
    const { secret } = await signInOperator(t.app, credentials);
    const { challenge } = (await login(credentials.email)).json().data;
    const wrongCode = totpCode(secret) === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i += 1) {
      const res = await secondFactor({ challenge, code: wrongCode });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toContain(`${5 - i === 1 ? 'queda 1 intento' : `quedan ${5 - i} intentos`}`);
    }
    const fifth = await secondFactor({ challenge, code: wrongCode });
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().message).toMatch(/bloqueada .* 15 minutos/);

    // Locked: even the right password is refused with the same message, and the challenge is gone.
    const locked = await login(credentials.email);
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBe('900');
    expect((await secondFactor({ challenge, code: totpCode(secret) })).statusCode).toBe(401);

    const [row] = await t.database.db.select().from(operators).where(eq(operators.email, credentials.email));
    expect(row!.lockedUntil!.getTime() - Date.now()).toBeGreaterThan(14 * 60_000);
    // Fifteen minutes later.
    await t.database.db
      .update(operators)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(operators.id, row!.id));
    await signInOperator(t.app, { ...credentials, secret }, new Date(Date.now() + 30_000));
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'operator.locked'));
    expect(audit.some((a) => a.targetId === String(row!.id))).toBe(true);
  });

  it('counts wrong codes sent at the same time one by one: the fifth locks, whatever the interleaving', async () => {
    const credentials = await createTestOperator(t.database);
    const { secret } = await signInOperator(t.app, credentials);
    const { challenge } = (await login(credentials.email)).json().data;
    const wrongCode = totpCode(secret) === '000000' ? '111111' : '000000';
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => secondFactor({ challenge, code: wrongCode })),
    );
    // Four are counted as wrong, the fifth locks; the rest find the account locked or the challenge gone.
    const counted = answers.filter(
      (a) => a.statusCode === 401 && /quedan? \d|queda 1/.test(a.json().message),
    );
    expect(counted).toHaveLength(4);
    expect(answers.every((a) => a.statusCode === 401 || a.statusCode === 429)).toBe(true);
    const [row] = await t.database.db.select().from(operators).where(eq(operators.email, credentials.email));
    expect(row!.lockedUntil).not.toBeNull();
    const locks = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'operator.locked'));
    expect(locks.filter((l) => l.targetId === String(row!.id))).toHaveLength(1);
  });

  it('accepts a recovery code once', async () => {
    const credentials = await createTestOperator(t.database);
    const { recoveryCodes } = await signInOperator(t.app, credentials);
    const first = await secondFactor({
      challenge: (await login(credentials.email)).json().data.challenge,
      recovery_code: recoveryCodes[0],
    });
    expect(first.statusCode).toBe(200);
    const again = await secondFactor({
      challenge: (await login(credentials.email)).json().data.challenge,
      recovery_code: recoveryCodes[0],
    });
    expect(again.statusCode).toBe(401);
  });

  it('refuses a code already used, even within its 30 seconds', async () => {
    const credentials = await createTestOperator(t.database);
    const { secret } = await signInOperator(t.app, credentials);
    const { challenge } = (await login(credentials.email)).json().data;
    // The enrolment used the current step: the same code cannot open a second session.
    const res = await secondFactor({ challenge, code: totpCode(secret) });
    expect(res.statusCode).toBe(401);
  });

  it('gives sessions of hours, not days, and ends them at sign-out', async () => {
    const credentials = await createTestOperator(t.database);
    const { auth } = await signInOperator(t.app, credentials);
    const token = auth.authorization.slice('Bearer '.length);
    const later = new Date(Date.now() + (OPERATOR_SESSION_HOURS + 0.1) * 3_600_000);
    expect(await findOperatorSession(t.database.db, token)).not.toBeNull();
    expect(await findOperatorSession(t.database.db, token, later)).toBeNull();

    const out = await t.app.inject({ method: 'POST', url: '/api/v4/admin/auth/logout', headers: auth });
    expect(out.statusCode).toBe(204);
    const after = await t.app.inject({ method: 'GET', url: '/api/v4/admin/auth/me', headers: auth });
    expect(after.statusCode).toBe(401);
  });
});

describe('who may call what', () => {
  it('refuses customers on operator routes (403) and operators on customer routes (403)', async () => {
    const customer = await registerCustomer(t.app);
    const operator = await signInOperator(t.app, await createTestOperator(t.database));
    const asCustomer = await t.app.inject({
      method: 'GET',
      url: '/api/v4/admin/companies',
      headers: customer.auth,
    });
    expect(asCustomer.statusCode).toBe(403);
    const asOperator = await t.app.inject({
      method: 'GET',
      url: '/api/v4/customers/user',
      headers: operator.auth,
    });
    expect(asOperator.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v4/admin/companies' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('lets an operator create another operator, and the ops token too, both audited', async () => {
    const operator = await signInOperator(t.app, await createTestOperator(t.database));
    const body = {
      name: 'Beto Backoffice',
      email: 'beto.backoffice@example.com',
      password: 'Otra-Clave-Larga-2025',
    };
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v4/admin/operators',
      headers: operator.auth,
      payload: body,
    });
    expect(created.statusCode).toBe(201);
    const short = await t.app.inject({
      method: 'POST',
      url: '/api/v4/admin/operators',
      headers: { 'x-ops-token': OPS_TOKEN },
      payload: { ...body, email: 'corta@example.com', password: 'Corta-2025' },
    });
    expect(short.statusCode).toBe(422);
    expect(short.json().validations.password[0]).toContain('12 caracteres');
    const byMachine = await t.app.inject({
      method: 'POST',
      url: '/api/v4/admin/operators',
      headers: { 'x-ops-token': OPS_TOKEN },
      payload: { ...body, email: 'maquina@example.com' },
    });
    expect(byMachine.statusCode).toBe(201);
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'operator.create'));
    expect(entries.find((e) => e.targetId === String(created.json().data.id))?.actor).toBe('operator');
    expect(entries.find((e) => e.targetId === String(byMachine.json().data.id))?.actor).toBe('ops_token');
  });

  it('keeps the audit log append-only', async () => {
    await expect(t.database.db.execute(sql`update audit_log set action = 'x'`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from audit_log`)).rejects.toThrow();
  });
});
