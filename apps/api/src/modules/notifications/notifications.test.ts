import { type NotificationUser, notificationRoute } from '@cubierto/contracts';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerCustomer, type TestApp, usePostgres } from '../../../test/harness.ts';
import { bagCoverageId, contractInsurance, startPayment } from '../../../test/purchase.ts';
import { notifications, notificationUsers, outbox, users } from '../../db/schema/index.ts';
import { seedDemoCatalog } from '../../db/seed.ts';
import { enqueue, holdJobs, runDueJobs, writeHeldJobs } from '../../lib/outbox.ts';
import { createNotification, notificationJobs } from './jobs.ts';
import { NOTIFY_JOB, NOTIFY_MANY_JOB, notify } from './notify.ts';

let t: TestApp;
let coverage: number;
type Customer = Awaited<ReturnType<typeof registerCustomer>>;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoCatalog(t.database.db, t.app.deps.storage);
  coverage = await bagCoverageId(t.app);
});
afterAll(async () => t.close());

const base = '/api/v4/customers/notification-user';
const get = (c: Customer | null, url: string) =>
  t.app.inject({ method: 'GET', url: `${base}${url}`, headers: c?.auth ?? {} });
const post = (c: Customer | null, url: string) =>
  t.app.inject({ method: 'POST', url: `${base}${url}`, headers: c?.auth ?? {} });

/** Runs the notification jobs until none is due (the worker's loop, in the test's hands). */
async function drain() {
  const handlers = notificationJobs(t.app.deps.push);
  for (let i = 0; i < 50; i += 1) {
    const { claimed } = await runDueJobs(t.database.db, { handlers, batchSize: 50 });
    if (claimed === 0) return;
  }
  throw new Error('jobs kept coming');
}

async function userIdOf(c: Customer): Promise<number> {
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, c.email));
  return row!.id;
}

/** Tells the customer something through notify(), as any module does, and lets the worker run. */
async function tell(c: Customer, n: number, key = `test:${c.email}`) {
  const userId = await userIdOf(c);
  for (let i = 1; i <= n; i += 1) {
    await notify(t.database.db, {
      userId,
      title: `Aviso ${i}`,
      body: `Cuerpo ${i}`,
      action: { type: 'Message' },
      key: `${key}:${i}`,
    });
    // One at a time: facts enqueued within the same millisecond tie on their time, and a batch creates
    // them in parallel, so only their one-by-one creation order says which is newer.
    await drain();
  }
}

const list = async (c: Customer, query = '') => {
  const res = await get(c, `${query}`);
  expect(res.statusCode).toBe(200);
  return res.json<{ data: NotificationUser[]; meta: { total: number; unread: number; last_page: number } }>();
};

describe('notification-user routes', () => {
  it('answers 401 without a session on every route', async () => {
    for (const res of [
      await get(null, ''),
      await get(null, '/count'),
      await get(null, '/1'),
      await post(null, '/1/read'),
      await post(null, '/read-all'),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ error_code: 'unauthenticated' });
    }
  });

  it('lists the caller’s notifications paged, unread first, with the unread count', async () => {
    const c = await registerCustomer(t.app);
    expect((await list(c)).data).toEqual([]);
    expect((await get(c, '/count')).json()).toEqual({ data: 0 });

    await tell(c, 3);
    const all = await list(c);
    expect(all.meta).toMatchObject({ total: 3, unread: 3 });
    expect(all.data.map((n) => n.notification.title)).toEqual(['Aviso 3', 'Aviso 2', 'Aviso 1']);
    expect(all.data[0]).toMatchObject({
      read_at: null,
      notification_user_id: all.data[0]!.id,
      notification: { body: 'Cuerpo 3', action: { type: 'Message', insurance_id: null } },
    });

    // Reading the newest moves it after the unread ones.
    const newest = all.data[0]!.id;
    const read = await post(c, `/${newest}/read`);
    expect(read.statusCode).toBe(200);
    expect(read.json().data.read_at).toEqual(expect.any(String));
    const after = await list(c);
    expect(after.data.map((n) => n.id).at(-1)).toBe(newest);
    expect(after.meta.unread).toBe(2);
    expect((await get(c, '/count')).json()).toEqual({ data: 2 });

    const page = await list(c, '?per_page=2&page=2');
    expect(page.data).toHaveLength(1);
    expect(page.meta).toMatchObject({ total: 3, last_page: 2 });
    expect((await get(c, '?per_page=500')).statusCode).toBe(422);
  });

  it('reading twice keeps the first time; read-all marks the rest and answers how many', async () => {
    const c = await registerCustomer(t.app);
    await tell(c, 3);
    const [first] = (await list(c)).data;
    const once = (await post(c, `/${first!.id}/read`)).json().data.read_at;
    const twice = (await post(c, `/${first!.id}/read`)).json().data.read_at;
    expect(twice).toBe(once);
    expect((await post(c, '/read-all')).json()).toEqual({ data: { updated: 2 } });
    expect((await get(c, '/count')).json()).toEqual({ data: 0 });
    expect((await post(c, '/read-all')).json()).toEqual({ data: { updated: 0 } });
  });

  // A row lock held by another connection needs a second connection: PostgreSQL (npm run test:pg).
  it.runIf(usePostgres)(
    'read-all does not wait for a notification another transaction holds: 207 with how many failed, then 200',
    async () => {
      const c = await registerCustomer(t.app);
      await tell(c, 3);
      const [held] = (await list(c)).data;
      // Another instance opening that notification at this moment: its transaction holds the row.
      const other = new pg.Client({ connectionString: t.databaseUrl });
      await other.connect();
      try {
        await other.query('begin');
        await other.query('select id from notification_users where id = $1 for update', [held!.id]);
        const partial = await post(c, '/read-all');
        expect(partial.statusCode).toBe(207);
        expect(partial.json()).toEqual({ data: { updated: 2, failed: 1 }, status: 207 });
        expect((await get(c, '/count')).json()).toEqual({ data: 1 });
        await other.query('rollback');
      } finally {
        await other.end();
      }
      const again = await post(c, '/read-all');
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ data: { updated: 1 } });
      expect((await get(c, '/count')).json()).toEqual({ data: 0 });
    },
  );

  it('another customer’s notification does not exist for the caller (404), and stays unread', async () => {
    const owner = await registerCustomer(t.app);
    const other = await registerCustomer(t.app);
    await tell(owner, 1);
    const [mine] = (await list(owner)).data;
    expect((await get(other, `/${mine!.id}`)).statusCode).toBe(404);
    const read = await post(other, `/${mine!.id}/read`);
    expect(read.statusCode).toBe(404);
    expect(read.json()).toMatchObject({ error_code: 'not_found', message: 'La notificación no existe.' });
    await post(other, '/read-all');
    expect((await get(owner, `/${mine!.id}`)).json().data.read_at).toBeNull();
    expect((await get(other, '/abc')).statusCode).toBe(422);
  });

  it('appears in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v4/openapi.json' })).json();
    for (const path of [
      '/api/v4/customers/notification-user',
      '/api/v4/customers/notification-user/count',
      '/api/v4/customers/notification-user/read-all',
      '/api/v4/customers/notification-user/{id}',
      '/api/v4/customers/notification-user/{id}/read',
      '/api/v4/customers/push-subscriptions',
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
  });
});

describe('the notifications.create job', () => {
  it('stores one notification however many times its job runs (at-least-once delivery)', async () => {
    const c = await registerCustomer(t.app);
    const userId = await userIdOf(c);
    const payload = { userId, title: 'Una vez', body: 'Solo una', action: { type: 'Message' } };
    const first = await createNotification(t.database.db, payload, 'notify:test:once');
    const again = await createNotification(t.database.db, payload, 'notify:test:once');
    expect(again.notificationUserId).toBe(first.notificationUserId);
    const rows = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.key, 'notify:test:once'));
    expect(rows).toHaveLength(1);
    expect((await list(c)).meta.total).toBe(1);
  });

  it('two workers storing the same fact at the same moment make one notification', async () => {
    const c = await registerCustomer(t.app);
    const userId = await userIdOf(c);
    const payload = { userId, title: 'A la vez', body: 'Dos veces', action: { type: 'Message' } };
    const results = await Promise.all(
      Array.from({ length: 4 }, () => createNotification(t.database.db, payload, 'notify:test:race')),
    );
    expect(new Set(results.map((r) => r.notificationUserId)).size).toBe(1);
    const rows = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.key, 'notify:test:race'));
    expect(rows).toHaveLength(1);
    expect((await list(c)).meta.total).toBe(1);
  });

  it('notify() with the same key twice makes one notification', async () => {
    const c = await registerCustomer(t.app);
    await tell(c, 1, 'same');
    await tell(c, 1, 'same');
    expect((await list(c)).meta.total).toBe(1);
  });

  it('a payload that does not parse fails the job instead of storing half a notification', async () => {
    await enqueue(t.database.db, { kind: NOTIFY_JOB, key: 'notify:test:bad', payload: { title: 1 } });
    const result = await runDueJobs(t.database.db, { handlers: notificationJobs(t.app.deps.push) });
    expect(result.failed).toBeGreaterThanOrEqual(1);
    const [job] = await t.database.db.select().from(outbox).where(eq(outbox.key, 'notify:test:bad'));
    expect(job!.doneAt).toBeNull();
    expect(job!.lastError).toEqual(expect.any(String));
  });

  it('a batch stores each notification for its own user at its event’s time; a bad payload in it fails alone', async () => {
    const customers = [await registerCustomer(t.app), await registerCustomer(t.app)];
    const occurredAt = new Date(Date.now() - 60_000);
    // Due since then: a row left to the database's now() is not yet due for a claim made within the same
    // millisecond (the claim's time is JavaScript's, to the millisecond; the database's has microseconds).
    const jobs = [];
    for (const c of customers)
      jobs.push({
        kind: NOTIFY_JOB,
        key: `notify:test:batch:${c.email}`,
        payload: { userId: await userIdOf(c), title: c.email, body: 'En lote', action: { type: 'Message' } },
        createdAt: occurredAt,
        runAt: occurredAt,
      });
    jobs.push({
      kind: NOTIFY_JOB,
      key: 'notify:test:batch:bad',
      payload: { title: 1 },
      createdAt: occurredAt,
      runAt: occurredAt,
    });
    await t.database.db.insert(outbox).values(jobs);

    const result = await runDueJobs(t.database.db, { handlers: notificationJobs(t.app.deps.push) });
    expect(result).toMatchObject({ done: result.claimed - 1, failed: 1 });
    for (const c of customers) {
      const { data } = await list(c);
      expect(data.map((n) => n.notification.title)).toEqual([c.email]);
      expect(new Date(data[0]!.notification.created_at).getTime()).toBe(occurredAt.getTime());
    }
    const [bad] = await t.database.db.select().from(outbox).where(eq(outbox.key, 'notify:test:batch:bad'));
    expect(bad).toMatchObject({ doneAt: null, attempts: 1 });
  });

  it('the notifications of a transaction that holds its jobs are stored by it, each fact once, without a job', async () => {
    const [c, other] = [await registerCustomer(t.app), await registerCustomer(t.app)];
    const told = (who: Customer, userId: number, fact: string) =>
      ({
        userId,
        title: `${who.email} ${fact}`,
        body: fact,
        action: { type: 'Insurance', insuranceId: 7 },
        key: `held:${c.email}:${fact}`,
      }) as const;
    const [userId, otherId] = [await userIdOf(c), await userIdOf(other)];
    const before = new Date();
    await t.database.db.transaction(async (tx) => {
      holdJobs(tx);
      await notify(tx, told(c, userId, 'uno'));
      await notify(tx, told(other, otherId, 'dos'));
      // The same fact again: kept once, the first, as two jobs with one key were.
      await notify(tx, { ...told(c, userId, 'uno'), title: 'otra vez' });
      await notify(tx, told(c, userId, 'tres'));
      await writeHeldJobs(tx);
    });
    // Shown at once, no job run: none was written.
    const mine = (await list(c)).data;
    expect(mine.map((n) => n.notification.title).sort()).toEqual([`${c.email} tres`, `${c.email} uno`]);
    expect(mine[0]!.notification.action).toMatchObject({ type: 'Insurance', insurance_id: 7 });
    expect(new Date(mine[0]!.notification.created_at).getTime()).toBeGreaterThanOrEqual(before.getTime() - 1);
    expect((await list(other)).data.map((n) => n.notification.title)).toEqual([`${other.email} dos`]);
    const jobs = await t.database.db
      .select()
      .from(outbox)
      .where(
        sql`${outbox.key} like ${`notify%held:${c.email}:%`} or ${outbox.payload}::text like ${`%held:${c.email}:%`}`,
      );
    expect(jobs).toEqual([]);
    const stored = await t.database.db
      .select({ key: notifications.key })
      .from(notifications)
      .where(sql`${notifications.key} like ${`notify:held:${c.email}:%`}`);
    expect(stored.map((n) => n.key).sort()).toEqual([
      `notify:held:${c.email}:dos`,
      `notify:held:${c.email}:tres`,
      `notify:held:${c.email}:uno`,
    ]);
  });

  it('a notification job an instance of the previous version left (several notifications in one) still runs', async () => {
    const c = await registerCustomer(t.app);
    const userId = await userIdOf(c);
    const one = (fact: string) => ({
      key: `notify:many:${c.email}:${fact}`,
      userId,
      title: `${c.email} ${fact}`,
      body: fact,
      action: { type: 'Message' },
    });
    await t.database.db.insert(outbox).values({
      kind: NOTIFY_MANY_JOB,
      key: `notify-many:${c.email}`,
      payload: { notifications: [one('uno'), one('dos')] },
    });
    await drain();
    expect((await list(c)).data.map((n) => n.notification.title).sort()).toEqual([
      `${c.email} dos`,
      `${c.email} uno`,
    ]);
  });
});

describe('opening routes by action type (spec §4)', () => {
  const action = (over: Partial<NotificationUser['notification']['action']>) => ({
    type: 'Message' as const,
    notification_id: 1,
    insurance_id: null,
    wallet_id: null,
    wallet_movement_id: null,
    claim_id: null,
    invoice_id: null,
    ...over,
  });
  it('Insurance and InsuranceRisk → the insurance; WalletMovement → the movement; others → detail', () => {
    expect(notificationRoute(action({ type: 'Insurance', insurance_id: 7 }), 3)).toBe(
      '/customers/insurances/7',
    );
    expect(notificationRoute(action({ type: 'InsuranceRisk', insurance_id: 8 }), 3)).toBe(
      '/customers/insurances/8',
    );
    expect(
      notificationRoute(action({ type: 'WalletMovement', wallet_id: 2, wallet_movement_id: 9 }), 3),
    ).toBe('/customers/money-wallet/2/wallet-movements/9');
    expect(notificationRoute(action({ type: 'Claim', claim_id: 4 }), 3)).toBe('/notifications/detail?id=3');
    expect(notificationRoute(action({ type: 'Insurance' }), 5)).toBe('/notifications/detail?id=5');
  });
});

describe('a paid insurance tells its owner', () => {
  it('paying through the sandbox makes a notification that opens the insurance', async () => {
    const c = await registerCustomer(t.app);
    const insurance = await contractInsurance(t.app, c.auth, coverage);
    const { checkout_url } = await startPayment(t.app, c.auth, insurance.id, 'sandbox');
    await t.app.inject({ method: 'POST', url: `${new URL(checkout_url).pathname}/approve` });
    await drain();
    // Other areas may tell about the same payment (an invoice); ours is the insurance in force.
    const data = (await list(c)).data.filter((n) => n.notification.title === 'Tu seguro está vigente');
    expect(data).toHaveLength(1);
    expect(data[0]!.notification).toMatchObject({
      title: 'Tu seguro está vigente',
      body: expect.stringContaining(insurance.number),
      action: { type: 'Insurance', insurance_id: insurance.id },
    });
    const rows = await t.database.db
      .select()
      .from(notificationUsers)
      .where(eq(notificationUsers.id, data[0]!.id));
    expect(rows[0]!.readAt).toBeNull();
  });
});
