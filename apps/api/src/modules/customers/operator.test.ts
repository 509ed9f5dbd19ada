/** The back office's customers: search, lock (sessions end, sign-in refused) and unlock, audited. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, GOOD_PASSWORD, registerCustomer, type TestApp } from '../../../test/harness.ts';
import { operatorSession } from '../../../test/operator.ts';
import { auditLog } from '../../db/schema/index.ts';

let t: TestApp;
let op: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  op = (await operatorSession(t.app, t.database)).auth;
});
afterAll(async () => {
  await t.close();
});

const admin = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v4/admin${url}`, headers: op, ...(payload ? { payload } : {}) });

const auditOf = (action: string) => t.database.db.select().from(auditLog).where(eq(auditLog.action, action));

describe('operator customers', () => {
  it('locks a customer (sessions end, sign-in refused in Spanish) and unlocks them', async () => {
    const customer = await registerCustomer(t.app, { dni: '30111222' });
    const found = await admin('GET', `/customers?search=${encodeURIComponent(customer.email)}`);
    const id = found.json().data[0].id as number;
    expect(
      (await admin('GET', '/customers?search=30111222')).json().data.map((c: { id: number }) => c.id),
    ).toContain(id);

    const lock = await admin('POST', `/customers/${id}/lock`, { reason: 'Fraude sospechado' });
    expect(lock.json().data.locked_at).not.toBeNull();
    const ended = await t.app.inject({
      method: 'GET',
      url: '/api/v4/customers/user',
      headers: customer.auth,
    });
    expect(ended.statusCode).toBe(401);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v4/auth/login',
      payload: { email: customer.email, password: GOOD_PASSWORD },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error_code).toBe('account_locked');
    expect(refused.json().message).toBe('Tu cuenta está bloqueada. Escribinos a Ayuda para recuperarla.');
    expect(
      (await admin('GET', '/customers?locked=true')).json().data.map((c: { id: number }) => c.id),
    ).toContain(id);

    await admin('POST', `/customers/${id}/unlock`, { reason: 'Verificado' });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v4/auth/login',
      payload: { email: customer.email, password: GOOD_PASSWORD },
    });
    expect(again.statusCode).toBe(200);
    const [locked] = (await auditOf('customer.lock')).filter((a) => a.targetId === String(id));
    expect(locked!.after).toMatchObject({ reason: 'Fraude sospechado' });
    expect(locked!.before).toEqual({ locked_at: null });
  });
});
