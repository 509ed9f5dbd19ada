/** The back office's own views: the audit log, the dashboard and broadcast notifications. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerCustomer, type TestApp } from '../../../test/harness.ts';
import { operatorSession } from '../../../test/operator.ts';
import { contractInsurance, payThroughSandbox } from '../../../test/purchase.ts';
import { auditLog } from '../../db/schema/index.ts';
import { seedDemoCatalog } from '../../db/seed.ts';
import { runDueJobs } from '../../lib/outbox.ts';
import { notificationJobs } from '../notifications/jobs.ts';

let t: TestApp;
let op: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoCatalog(t.database.db, t.app.deps.storage);
  op = (await operatorSession(t.app, t.database)).auth;
});
afterAll(async () => {
  await t.close();
});

const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v4/admin${url}`, headers: op, ...(payload ? { payload } : {}) });

const auditOf = (action: string) => t.database.db.select().from(auditLog).where(eq(auditLog.action, action));

describe('audit log and dashboard', () => {
  it('shows the audit log newest first, filtered by action, with the record as it was after', async () => {
    for (const name of ['Auditada Uno', 'Auditada Dos']) {
      const created = await admin('POST', '/companies', { name, legal_name: `${name} Seguros S.A.` });
      expect(created.statusCode).toBe(201);
    }
    const res = await admin('GET', '/audit-log?filter[action][eq]=company.create&per_page=5');
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as Array<{
      id: number;
      actor: string;
      operator: { email: string } | null;
      before: unknown;
      after: unknown;
    }>;
    expect(rows.length).toBeGreaterThan(1);
    expect(rows[0]).toMatchObject({ before: null, after: { name: 'Auditada Dos' } });
    expect(rows.every((r) => r.actor === 'operator' && r.operator?.email)).toBe(true);
    expect(rows.map((r) => r.id)).toEqual([...rows.map((r) => r.id)].sort((a, b) => b - a));
  });

  it('charts today’s sales and premiums on the dashboard', async () => {
    const before = (await admin('GET', '/dashboard?days=7')).json().data;
    const customer = await registerCustomer(t.app);
    const bag = await t.app.inject({
      method: 'GET',
      url: '/api/v4/public-policies?filter[risk_type][eq]=bag',
    });
    const insurance = await contractInsurance(t.app, customer.auth, bag.json().data[0].coverages[0].id);
    await payThroughSandbox(t.app, customer.auth, insurance.id);
    const after = (await admin('GET', '/dashboard?days=7')).json().data;
    expect(after.days).toHaveLength(7);
    const today = after.days[6];
    expect(after.sales_per_day.find((d: { day: string }) => d.day === today).bag).toBe(
      ((before.sales_per_day.find((d: { day: string }) => d.day === today)?.bag as number | undefined) ?? 0) +
        1,
    );
    expect(after.totals.premiums_cents - before.totals.premiums_cents).toBe(insurance.premium.total_cents);
  });
});

describe('dashboard claims', () => {
  it('counts the open claims by status and age, and drops one once it is paid', async () => {
    const customer = await registerCustomer(t.app);
    const bag = await t.app.inject({
      method: 'GET',
      url: '/api/v4/public-policies?filter[risk_type][eq]=bag',
    });
    const insurance = await contractInsurance(t.app, customer.auth, bag.json().data[0].coverages[0].id);
    await payThroughSandbox(t.app, customer.auth, insurance.id);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/v4/customers/insurances/${insurance.id}`,
      headers: customer.auth,
    });
    const before = (await admin('GET', '/dashboard?days=7')).json().data;
    const filed = await t.app.inject({
      method: 'POST',
      url: '/api/v4/customers/claims',
      headers: { ...customer.auth, 'idempotency-key': `dash-${Date.now()}` },
      payload: {
        insurance_id: insurance.id,
        risk_id: detail.json().data.risks[0].id,
        incident_date: new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10),
        description: 'Me robaron el bolso en la estación de tren, con documentos.',
        place: 'Estación Constitución, CABA',
      },
    });
    expect(filed.statusCode, filed.body).toBe(201);
    const during = (await admin('GET', '/dashboard?days=7')).json().data;
    expect(during.totals.claims_open).toBe(before.totals.claims_open + 1);
    const fresh = (d: { open_claims_by_age: Array<Record<string, number | string>> }) =>
      Number(d.open_claims_by_age.find((b) => b.age === '0-2')!.recibido);
    expect(fresh(during)).toBe(fresh(before) + 1);
    expect(during.totals.oldest_open_claim_days).toBe(0);
  });
});

describe('broadcast notifications', () => {
  async function drain() {
    const handlers = notificationJobs(t.app.deps.push);
    for (let i = 0; i < 50; i += 1)
      if ((await runDueJobs(t.database.db, { handlers, batchSize: 100 })).claimed === 0) return;
  }
  const inbox = async (auth: Record<string, string>) =>
    (await t.app.inject({ method: 'GET', url: '/api/v4/customers/notification-user', headers: auth })).json()
      .data as Array<{
      notification: { title: string };
    }>;

  it('sends to the customers of a segment only, once, and audits it', async () => {
    const insured = await registerCustomer(t.app);
    const bag = await t.app.inject({
      method: 'GET',
      url: '/api/v4/public-policies?filter[risk_type][eq]=bag',
    });
    const insurance = await contractInsurance(t.app, insured.auth, bag.json().data[0].coverages[0].id);
    await payThroughSandbox(t.app, insured.auth, insurance.id);
    const without = await registerCustomer(t.app);
    await drain();

    const sent = await admin('POST', '/notifications/broadcast', {
      segment: 'risk_type',
      risk_type: 'bag',
      title: 'Novedades de Bolso protegido',
      body: 'Desde el lunes cubrimos también anteojos.',
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json().data.recipients).toBeGreaterThanOrEqual(1);
    await drain();
    expect(
      (await inbox(insured.auth)).filter((n) => n.notification.title === 'Novedades de Bolso protegido'),
    ).toHaveLength(1);
    expect((await inbox(without.auth)).map((n) => n.notification.title)).not.toContain(
      'Novedades de Bolso protegido',
    );
    const [entry] = await auditOf('notification.broadcast');
    expect(entry!.after).toMatchObject({ segment: 'risk_type', recipients: sent.json().data.recipients });

    const missing = await admin('POST', '/notifications/broadcast', {
      segment: 'risk_type',
      title: 'x',
      body: 'y',
    });
    expect(missing.json().validations.risk_type).toEqual(['Elegí el tipo de riesgo.']);
  });
});
