import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, registerCustomer, type TestApp } from '../../../test/harness.ts';
import { type PeerSubscription, type PushPeer, startPushPeer } from '../../../test/peers/push-peer.ts';
import { productionEnv } from '../../../test/production-env.ts';
import { ConfigError, loadConfig } from '../../config.ts';
import { outbox, pushSubscriptions, users } from '../../db/schema/index.ts';
import { holdJobs, runDueJobs, writeHeldJobs } from '../../lib/outbox.ts';
import { createAndPush, notificationJobs, PUSH_JOB } from './jobs.ts';
import { notify } from './notify.ts';
import { resolveVapidKeys } from './push.ts';
import { pushEndpointProblem } from './service.ts';

let t: TestApp;
let peer: PushPeer;
type Customer = Awaited<ReturnType<typeof registerCustomer>>;

beforeAll(async () => {
  t = await createTestApp();
  peer = await startPushPeer();
});
afterAll(async () => {
  await peer.close();
  await t.close();
});
beforeEach(() => {
  peer.deliveries.length = 0;
  peer.errors.length = 0;
});

const subs = '/api/v4/customers/push-subscriptions';
const handlers = () => notificationJobs(t.app.deps.push);
async function drain(at?: Date) {
  for (let i = 0; i < 50; i += 1) {
    const now = at ?? new Date();
    const { claimed } = await runDueJobs(t.database.db, { handlers: handlers(), batchSize: 50, now });
    if (claimed === 0) return;
  }
}

async function subscribe(c: Customer, s: PeerSubscription) {
  const res = await t.app.inject({
    method: 'POST',
    url: subs,
    headers: c.auth,
    payload: { kind: 'web', endpoint: s.endpoint, expirationTime: null, keys: s.keys },
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ data: { id: number } }>().data;
}

/** Sign-out on this device: the app deletes its subscription by endpoint. */
const signOut = (c: Customer, s: PeerSubscription) =>
  t.app.inject({ method: 'DELETE', url: subs, headers: c.auth, payload: { endpoint: s.endpoint } });

async function userIdOf(c: Customer) {
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, c.email));
  return row!.id;
}

async function tell(c: Customer, key: string) {
  await notify(t.database.db, {
    userId: await userIdOf(c),
    title: 'Tu seguro está vigente',
    body: 'La contratación 0001 ya tiene cobertura.',
    action: { type: 'Insurance', insuranceId: 41 },
    key,
  });
}

describe('Web Push delivery', () => {
  it('encrypts each notification to every browser of the user, signed with VAPID', async () => {
    const c = await registerCustomer(t.app);
    const phone = peer.subscribe();
    const laptop = peer.subscribe();
    await subscribe(c, phone);
    await subscribe(c, laptop);
    await tell(c, `push:${c.email}:1`);
    await drain();

    await peer.waitFor(2);
    expect(peer.errors).toEqual([]);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v4/customers/notification-user',
      headers: c.auth,
    });
    const notificationUserId = list.json().data[0].id;
    for (const delivery of peer.deliveries) {
      // Decrypted with the browser's private key: the content is the notification and where it opens.
      expect(delivery.message).toEqual({
        title: 'Tu seguro está vigente',
        body: 'La contratación 0001 ya tiene cobertura.',
        notification_user_id: notificationUserId,
        url: `/notifications/list/${notificationUserId}`,
      });
      expect(delivery.headers['content-encoding']).toBe('aes128gcm');
    }
    const stored = await t.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, phone.endpoint));
    expect(stored[0]!.lastSuccessAt).not.toBeNull();
  });

  it("a keyed request's notifications reach every device: stored in its transaction, a push job each, sent side by side", async () => {
    const c = await registerCustomer(t.app);
    const phone = peer.subscribe();
    const laptop = peer.subscribe();
    const { id: phoneId } = await subscribe(c, phone);
    await subscribe(c, laptop);
    peer.answer(laptop, 503);
    const userId = await userIdOf(c);
    // A transaction that holds its jobs (a wallet payment: the money out, the insurance in force).
    await t.database.db.transaction(async (tx) => {
      holdJobs(tx);
      for (const [n, title] of [
        [1, 'Movimiento en Mi dinero'],
        [2, 'Tu seguro está vigente'],
      ] as const)
        await notify(tx, {
          userId,
          title,
          body: `Aviso ${n}.`,
          action: { type: 'Message' },
          key: `held-push:${c.email}:${n}`,
        });
      await writeHeldJobs(tx);
    });
    // Stored at the commit, before any job ran; a push job per notification and device.
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v4/customers/notification-user',
      headers: c.auth,
    });
    const shown = list.json<{ data: Array<{ id: number; notification: { title: string } }> }>().data;
    expect(shown.map((n) => n.notification.title).sort()).toEqual([
      'Movimiento en Mi dinero',
      'Tu seguro está vigente',
    ]);
    const pushJobs = await t.database.db
      .select()
      .from(outbox)
      .where(
        inArray(
          outbox.key,
          shown.flatMap((n) => [`push:${n.id}:${phoneId}`, `push:${n.id}:${phoneId + 1}`]),
        ),
      );
    expect(pushJobs).toHaveLength(4);

    await drain();
    await peer.waitFor(2);
    expect(peer.errors).toEqual([]);
    expect(peer.deliveries.map((d) => (d.message as { title: string }).title).sort()).toEqual([
      'Movimiento en Mi dinero',
      'Tu seguro está vigente',
    ]);
    // The laptop's push service failed: its two pushes wait to be tried again, the phone's are done.
    const after = await t.database.db
      .select()
      .from(outbox)
      .where(
        inArray(
          outbox.id,
          pushJobs.map((j) => j.id),
        ),
      );
    const phoneDone = after.filter((j) => j.key!.endsWith(`:${phoneId}`));
    expect(phoneDone.map((j) => j.doneAt !== null)).toEqual([true, true]);
    const laptopWaiting = after.filter((j) => !j.key!.endsWith(`:${phoneId}`));
    expect(laptopWaiting.map((j) => [j.doneAt, j.lastError])).toEqual([
      [null, 'push service answered 503'],
      [null, 'push service answered 503'],
    ]);
    // Tried again once the service answers: both reach the laptop.
    peer.answer(laptop, 201);
    await drain(new Date(Date.now() + 3_600_000));
    await peer.waitFor(4);
  });

  it('the key the pushes are signed with is the one the app subscribes with', async () => {
    const c = await registerCustomer(t.app);
    const res = await t.app.inject({ method: 'GET', url: `${subs}/vapid-public-key`, headers: c.auth });
    const key = res.json().data.vapid_public_key as string;
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    const s = peer.subscribe();
    await subscribe(c, s);
    await tell(c, `push:${c.email}:key`);
    await drain();
    const [delivery] = await peer.waitFor(1);
    expect(delivery!.headers.authorization).toContain(`k=${key}`);
    // The private key is never part of what the API answers.
    expect(res.body).not.toContain(t.app.deps.config.vapid.privateKey ?? 'never-set');
  });

  it('a subscription the push service says is gone (410 or 404) is deleted; the others still get it', async () => {
    const c = await registerCustomer(t.app);
    const gone = peer.subscribe();
    const unknown = peer.subscribe();
    const alive = peer.subscribe();
    for (const s of [gone, unknown, alive]) await subscribe(c, s);
    peer.answer(gone, 410);
    peer.answer(unknown, 404);
    await tell(c, `push:${c.email}:gone`);
    await drain();
    await peer.waitFor(1);
    const left = await t.database.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, await userIdOf(c)));
    expect(left.map((r) => r.endpoint)).toEqual([alive.endpoint]);
    const jobs = await t.database.db.select().from(outbox).where(eq(outbox.kind, PUSH_JOB));
    expect(jobs.filter((j) => j.doneAt === null && j.failedAt === null && j.payload !== null)).toHaveLength(
      0,
    );
  });

  it('a failing push service (500) is retried later, and the retry delivers', async () => {
    const c = await registerCustomer(t.app);
    const flaky = peer.subscribe();
    const { id } = await subscribe(c, flaky);
    peer.answer(flaky, 500);
    await tell(c, `push:${c.email}:retry`);
    await drain();
    expect(peer.deliveries).toHaveLength(0);
    const key = `push:${await latestRecipient(c)}:${id}`;
    const [job] = await t.database.db.select().from(outbox).where(eq(outbox.key, key));
    expect(job).toMatchObject({ kind: PUSH_JOB, doneAt: null, failedAt: null });
    expect(job!.runAt.getTime()).toBeGreaterThan(Date.now());

    // Still failing when its time comes: the outbox backs off again, with the reason.
    await drain(new Date(job!.runAt.getTime() + 1000));
    const [again] = await t.database.db.select().from(outbox).where(eq(outbox.key, key));
    expect(again).toMatchObject({ doneAt: null, lastError: 'push service answered 500' });

    peer.answer(flaky, 201);
    await drain(new Date(again!.runAt.getTime() + 1000));
    await peer.waitFor(1);
    const [done] = await t.database.db.select().from(outbox).where(eq(outbox.key, key));
    expect(done!.doneAt).not.toBeNull();
    expect(
      await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id)),
    ).toHaveLength(1);
  });

  it('a retry is not sent once the notification was read, nor to a device that signed out', async () => {
    const c = await registerCustomer(t.app);
    const s = peer.subscribe();
    await subscribe(c, s);
    peer.answer(s, 503);
    await tell(c, `push:${c.email}:read`);
    await drain();
    // Read on another device before the retry: it is no longer news.
    await t.app.inject({
      method: 'POST',
      url: '/api/v4/customers/notification-user/read-all',
      headers: c.auth,
    });
    peer.answer(s, 201);
    await drain(new Date(Date.now() + 3_600_000));
    expect(peer.deliveries).toHaveLength(0);

    peer.answer(s, 503);
    await tell(c, `push:${c.email}:signed-out`);
    await drain();
    expect((await signOut(c, s)).statusCode).toBe(204);
    peer.answer(s, 201);
    await drain(new Date(Date.now() + 3_600_000));
    expect(peer.deliveries).toHaveLength(0);
  });

  it('a job run twice (at-least-once) stores one notification and the device shows one (same tag)', async () => {
    const c = await registerCustomer(t.app);
    await subscribe(c, peer.subscribe());
    await tell(c, `push:${c.email}:twice`);
    const [job] = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.key, `notify:push:${c.email}:twice`));
    await createAndPush(t.database.db, t.app.deps.push, job!, new Date());
    await createAndPush(t.database.db, t.app.deps.push, job!, new Date());
    await t.database.db.update(outbox).set({ doneAt: new Date() }).where(eq(outbox.id, job!.id));
    await peer.waitFor(2);
    const ids = new Set(peer.deliveries.map((d) => d.message.notification_user_id));
    expect(ids.size).toBe(1);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v4/customers/notification-user',
      headers: c.auth,
    });
    expect(list.json().meta.total).toBe(1);
  });
});

async function latestRecipient(c: Customer): Promise<number> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/v4/customers/notification-user',
    headers: c.auth,
  });
  return res.json().data[0].id;
}

describe('push-subscriptions routes', () => {
  it('answers 401 without a session', async () => {
    for (const [method, url] of [
      ['GET', subs],
      ['POST', subs],
      ['DELETE', subs],
      ['DELETE', `${subs}/1`],
      ['GET', `${subs}/vapid-public-key`],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
    }
  });

  it('checks the subscription: keys of the right size, a URL endpoint, a known kind', async () => {
    const c = await registerCustomer(t.app);
    const s = peer.subscribe();
    const send = (payload: object) => t.app.inject({ method: 'POST', url: subs, headers: c.auth, payload });
    const short = await send({
      kind: 'web',
      endpoint: s.endpoint,
      keys: { p256dh: 'AAAA', auth: s.keys.auth },
    });
    expect(short.statusCode).toBe(422);
    expect(short.json().validations['keys.p256dh']).toEqual(['La clave p256dh no tiene el largo esperado.']);
    const noUrl = await send({ kind: 'web', endpoint: 'no es una url', keys: s.keys });
    expect(noUrl.json().validations.endpoint).toEqual([
      'El endpoint de la suscripción no es una URL válida.',
    ]);
    expect((await send({ kind: 'fax', token: 'x'.repeat(20) })).statusCode).toBe(422);
    expect((await send({ kind: 'web', endpoint: 'ftp://push.example/x', keys: s.keys })).statusCode).toBe(
      422,
    );
  });

  it('stores native tokens with their platform and lists only the caller’s devices', async () => {
    const c = await registerCustomer(t.app);
    const other = await registerCustomer(t.app);
    const android = await t.app.inject({
      method: 'POST',
      url: subs,
      headers: c.auth,
      payload: { kind: 'android', token: 'fcm-token-abcdefghijklmnop' },
    });
    expect(android.statusCode).toBe(201);
    await subscribe(c, peer.subscribe());
    const mine = (await t.app.inject({ method: 'GET', url: subs, headers: c.auth })).json().data;
    expect(mine.map((s: { kind: string }) => s.kind).sort()).toEqual(['android', 'web']);
    expect(mine.find((s: { kind: string }) => s.kind === 'android').endpoint).toBe(
      'fcm-token-abcdefghijklmnop',
    );
    expect((await t.app.inject({ method: 'GET', url: subs, headers: other.auth })).json().data).toEqual([]);

    // Another customer cannot remove them (404), by id or by endpoint.
    const id = android.json().data.id;
    expect(
      (await t.app.inject({ method: 'DELETE', url: `${subs}/${id}`, headers: other.auth })).statusCode,
    ).toBe(404);
    const byEndpoint = await t.app.inject({
      method: 'DELETE',
      url: subs,
      headers: other.auth,
      payload: { endpoint: 'fcm-token-abcdefghijklmnop' },
    });
    expect(byEndpoint.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `${subs}/${id}`, headers: c.auth })).statusCode).toBe(
      204,
    );
  });

  it("registers the device with the account's e-mail as external id (spec §7); another address is 422", async () => {
    const c = await registerCustomer(t.app);
    const token = `fcm-token-external-${Date.now()}`;
    const foreign = await t.app.inject({
      method: 'POST',
      url: subs,
      headers: c.auth,
      payload: { kind: 'android', token, external_id: 'otra.persona@example.com' },
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().validations.external_id).toEqual([
      'El external_id tiene que ser el e-mail de tu cuenta.',
    ]);
    expect((await t.app.inject({ method: 'GET', url: subs, headers: c.auth })).json().data).toEqual([]);

    const own = await t.app.inject({
      method: 'POST',
      url: subs,
      headers: c.auth,
      payload: { kind: 'android', token, external_id: c.email.toUpperCase() },
    });
    expect(own.statusCode, own.body).toBe(201);
    expect(own.json().data).toMatchObject({ kind: 'android', endpoint: token, external_id: c.email });
  });

  it('the same browser subscribing again is one subscription, its keys refreshed', async () => {
    const c = await registerCustomer(t.app);
    const s = peer.subscribe();
    const a = await subscribe(c, s);
    const again = await t.app.inject({
      method: 'POST',
      url: subs,
      headers: c.auth,
      payload: { kind: 'web', endpoint: s.endpoint, keys: s.keys },
    });
    expect(again.statusCode).toBe(201);
    expect(again.json().data.id).toBe(a.id);
    expect((await t.app.inject({ method: 'GET', url: subs, headers: c.auth })).json().data).toHaveLength(1);
  });

  it('another account posting a registered endpoint or token gets 409 and the device stays its owner’s', async () => {
    const owner = await registerCustomer(t.app);
    const intruder = await registerCustomer(t.app);
    const s = peer.subscribe();
    await subscribe(owner, s);
    const token = `fcm-token-${owner.email}`;
    const post = (c: Customer, payload: object) =>
      t.app.inject({ method: 'POST', url: subs, headers: c.auth, payload });
    expect((await post(owner, { kind: 'android', token })).statusCode).toBe(201);

    const web = await post(intruder, { kind: 'web', endpoint: s.endpoint, keys: peer.subscribe().keys });
    expect(web.statusCode).toBe(409);
    expect(web.json()).toMatchObject({
      error_code: 'push_subscription_taken',
      validations: { endpoint: ['Este dispositivo ya recibe las notificaciones de otra cuenta.'] },
    });
    const native = await post(intruder, { kind: 'android', token });
    expect(native.statusCode).toBe(409);
    expect(native.json()).toMatchObject({ error_code: 'push_subscription_taken' });

    const list = (c: Customer) => t.app.inject({ method: 'GET', url: subs, headers: c.auth });
    expect((await list(intruder)).json().data).toEqual([]);
    expect((await list(owner)).json().data).toHaveLength(2);
    // The owner's keys were not replaced by the intruder's: pushes still reach the owner's browser.
    const [row] = await t.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, s.endpoint));
    expect(row).toMatchObject({ userId: await userIdOf(owner), p256dh: s.keys.p256dh, auth: s.keys.auth });
    await tell(owner, `push:${owner.email}:taken`);
    await tell(intruder, `push:${intruder.email}:taken`);
    await drain();
    await peer.waitFor(1);
    expect(peer.errors).toEqual([]);
    expect(peer.deliveries.map((d) => d.subscriptionId)).toEqual([s.endpoint.split('/').pop()]);
  });

  it('a shared device moves to the next customer once the first signs out', async () => {
    const first = await registerCustomer(t.app);
    const next = await registerCustomer(t.app);
    const s = peer.subscribe();
    await subscribe(first, s);
    expect((await signOut(first, s)).statusCode).toBe(204);
    await subscribe(next, s);
    expect((await t.app.inject({ method: 'GET', url: subs, headers: first.auth })).json().data).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: subs, headers: next.auth })).json().data).toHaveLength(
      1,
    );
  });
});

describe('VAPID keys', () => {
  it('come as a pair, from the environment, or (outside production) from the data folder', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cubierto-vapid-'));
    try {
      const half = { NODE_ENV: 'test', VAPID_PUBLIC_KEY: `B${'A'.repeat(86)}` };
      expect(() => loadConfig(half)).toThrow(ConfigError);
      expect(() => loadConfig({ NODE_ENV: 'test', VAPID_PRIVATE_KEY: 'short' })).toThrow(/VAPID_PRIVATE_KEY/);

      const dev = loadConfig({ NODE_ENV: 'development', DATA_DIR: dir });
      const made = resolveVapidKeys(dev)!;
      expect(Buffer.from(made.publicKey, 'base64url')).toHaveLength(65);
      // Kept: the next start signs with the same key, so browsers stay subscribed.
      expect(resolveVapidKeys(dev)).toEqual(made);

      // Production never uses the data folder's pair (and its configuration requires the keys).
      const prod = { ...loadConfig({ NODE_ENV: 'development', DATA_DIR: dir }), env: 'production' as const };
      expect(resolveVapidKeys(prod)).toBeUndefined();
      const given = loadConfig({
        ...productionEnv(),
        VAPID_PUBLIC_KEY: made.publicKey,
        VAPID_PRIVATE_KEY: made.privateKey,
        VAPID_SUBJECT: 'https://cubierto.com.ar/contacto',
      });
      expect(resolveVapidKeys(given)).toEqual({ ...made, subject: 'https://cubierto.com.ar/contacto' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('which endpoints a subscription may use', () => {
  const hosts = loadConfig(productionEnv()).pushServiceHosts;
  const production = { production: true, hosts };
  it('in production: https to a known push service only', () => {
    expect(pushEndpointProblem('https://fcm.googleapis.com/fcm/send/abc', production)).toBeNull();
    expect(
      pushEndpointProblem('https://updates.push.services.mozilla.com/wpush/v2/x', production),
    ).toBeNull();
    expect(pushEndpointProblem('https://web.push.apple.com/QGx', production)).toBeNull();
    expect(pushEndpointProblem('https://wns2-by3p.notify.windows.com/w/?token=x', production)).toBeNull();
    expect(pushEndpointProblem('http://fcm.googleapis.com/fcm/send/abc', production)).toBe('https');
    expect(pushEndpointProblem('https://169.254.169.254/latest/meta-data', production)).toBe('host');
    expect(pushEndpointProblem('https://evilpush.apple.com.example.org/x', production)).toBe('host');
  });
  it('elsewhere: any http(s) URL, for local peers', () => {
    const dev = { production: false, hosts };
    expect(pushEndpointProblem('http://127.0.0.1:9000/push/1', dev)).toBeNull();
    expect(pushEndpointProblem('ftp://127.0.0.1/push/1', dev)).toBe('https');
  });
});
