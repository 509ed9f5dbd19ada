/** The operator's run-time levers: app versions (/admin/app-versions) and maintenance (/admin/maintenance). */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerCustomer, type TestApp } from '../../../test/harness.ts';
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

const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v4/admin${url}`, headers: op, ...(payload ? { payload } : {}) });

const auditOf = (action: string) => t.database.db.select().from(auditLog).where(eq(auditLog.action, action));

describe('operator settings', () => {
  it('publishes an app version that the app reads as the one to update to', async () => {
    const res = await admin('POST', '/app-versions', {
      version: '9.9.9',
      platform: 'android',
      active: true,
      social: { google: true, facebook: false, apple: false },
    });
    expect(res.statusCode).toBe(201);
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/v4/common/app-version?filter[platform][like]=android&filter[active][eq]=true',
    });
    expect(read.json().data[0].version).toBe('9.9.9');
    const bad = await admin('POST', '/app-versions', {
      ...res.json().data,
      id: undefined,
      created_at: undefined,
      version: '9.9',
    });
    expect(bad.statusCode).toBe(422);
  });

  it('turns maintenance on (customers get 503 with the message) and off again, audited', async () => {
    const customer = await registerCustomer(t.app);
    const on = await admin('PUT', '/maintenance', { enabled: true, message: 'Volvemos a las 14 h.' });
    expect(on.statusCode).toBe(200);
    const blocked = await t.app.inject({
      method: 'GET',
      url: '/api/v4/customers/user',
      headers: customer.auth,
    });
    expect(blocked.statusCode).toBe(503);
    expect(blocked.json().message).toBe('Volvemos a las 14 h.');
    // Operators keep working during maintenance.
    expect((await admin('GET', '/maintenance')).json().data.enabled).toBe(true);
    await admin('PUT', '/maintenance', { enabled: false, message: null });
    const back = await t.app.inject({ method: 'GET', url: '/api/v4/customers/user', headers: customer.auth });
    expect(back.statusCode).toBe(200);
    const entries = await auditOf('maintenance.set');
    expect(entries.map((e) => (e.after as { enabled: boolean }).enabled)).toEqual([true, false]);
  });
});
