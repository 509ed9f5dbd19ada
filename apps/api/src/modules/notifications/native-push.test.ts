import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, registerCustomer, type TestApp } from '../../../test/harness.ts';
import { type ApnsPeer, startApnsPeer } from '../../../test/peers/apns-peer.ts';
import { type FcmPeer, startFcmPeer } from '../../../test/peers/fcm-peer.ts';
import { ConfigError, loadConfig } from '../../config.ts';
import { outbox, pushSubscriptions, users } from '../../db/schema/index.ts';
import { runDueJobs } from '../../lib/outbox.ts';
import { APNS_TOKEN_RENEW_MS, createApnsSender } from './apns.ts';
import { createFcmSender } from './fcm.ts';
import { notificationJobs, PUSH_JOB } from './jobs.ts';
import { notify } from './notify.ts';

let t: TestApp;
let fcm: FcmPeer;
let apns: ApnsPeer;
type Customer = Awaited<ReturnType<typeof registerCustomer>>;

const nativeEnv = (f: FcmPeer, a: ApnsPeer) => ({
  FCM_SERVICE_ACCOUNT_JSON: JSON.stringify(f.serviceAccount),
  FCM_BASE_URL: f.url,
  APNS_KEY: a.keyPem,
  APNS_KEY_ID: a.keyId,
  APNS_TEAM_ID: a.teamId,
  APNS_TOPIC: a.topic,
  APNS_BASE_URL: a.url,
});

beforeAll(async () => {
  [fcm, apns] = await Promise.all([startFcmPeer(), startApnsPeer()]);
  t = await createTestApp({ env: nativeEnv(fcm, apns) });
});
afterAll(async () => {
  await t.close();
  await Promise.all([fcm.close(), apns.close()]);
});
beforeEach(() => {
  for (const list of [fcm.deliveries, fcm.errors, apns.deliveries, apns.errors]) list.length = 0;
});

const subs = '/api/v4/customers/push-subscriptions';
let tokenCounter = 0;
/** A device token as the platform makes them: FCM's long opaque string, APNs' 64 hex digits. */
const deviceToken = (kind: 'android' | 'ios') => {
  tokenCounter += 1;
  const n = `${process.pid}${tokenCounter}${Date.now()}`;
  return kind === 'ios' ? n.padStart(64, 'a').slice(-64) : `fcm-${n}:APA91b${'x'.repeat(40)}`;
};

async function drain(app: TestApp, at?: Date) {
  for (let i = 0; i < 50; i += 1) {
    const handlers = notificationJobs(app.app.deps.push);
    const { claimed } = await runDueJobs(app.database.db, { handlers, batchSize: 50, now: at ?? new Date() });
    if (claimed === 0) return;
  }
}

async function register(app: TestApp, c: Customer, kind: 'android' | 'ios', token = deviceToken(kind)) {
  const res = await app.app.inject({ method: 'POST', url: subs, headers: c.auth, payload: { kind, token } });
  expect(res.statusCode).toBe(201);
  return { id: res.json<{ data: { id: number } }>().data.id, token };
}

async function userIdOf(app: TestApp, c: Customer) {
  const [row] = await app.database.db.select({ id: users.id }).from(users).where(eq(users.email, c.email));
  return row!.id;
}

async function tell(app: TestApp, c: Customer, key: string) {
  await notify(app.database.db, {
    userId: await userIdOf(app, c),
    title: 'Tu seguro está vigente',
    body: 'La contratación 0001 ya tiene cobertura.',
    action: { type: 'Insurance', insuranceId: 41 },
    key,
  });
}

async function latestRecipient(app: TestApp, c: Customer): Promise<number> {
  const res = await app.app.inject({
    method: 'GET',
    url: '/api/v4/customers/notification-user',
    headers: c.auth,
  });
  return res.json().data[0].id;
}

async function tokensOf(app: TestApp, c: Customer) {
  const rows = await app.database.db
    .select({ endpoint: pushSubscriptions.endpoint })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, await userIdOf(app, c)));
  return rows.map((r) => r.endpoint).sort();
}

describe('native push (FCM for android, APNs for ios)', () => {
  it('a notification reaches the android and the ios device with its title, body and where it opens', async () => {
    const c = await registerCustomer(t.app);
    const android = await register(t, c, 'android');
    const ios = await register(t, c, 'ios');
    await tell(t, c, `native:${c.email}:both`);
    await drain(t);

    expect(fcm.errors).toEqual([]);
    expect(apns.errors).toEqual([]);
    const id = await latestRecipient(t, c);
    expect(fcm.deliveries).toHaveLength(1);
    expect(fcm.deliveries[0]!.message).toMatchObject({
      token: android.token,
      notification: { title: 'Tu seguro está vigente', body: 'La contratación 0001 ya tiene cobertura.' },
      // A universal link of the public site: the app opens it (docs/decisions/014).
      data: { notification_user_id: String(id), url: `${t.config.publicUrl}/notifications/list/${id}` },
      android: { priority: 'high', notification: { tag: `notification-${id}` } },
    });
    expect(apns.deliveries).toHaveLength(1);
    const [delivery] = apns.deliveries;
    expect(delivery!.token).toBe(ios.token);
    expect(delivery!.payload).toEqual({
      aps: {
        alert: { title: 'Tu seguro está vigente', body: 'La contratación 0001 ya tiene cobertura.' },
        sound: 'default',
      },
      notification_user_id: id,
      url: `${t.config.publicUrl}/notifications/list/${id}`,
    });
    expect(delivery!.headers).toMatchObject({
      'apns-topic': apns.topic,
      'apns-push-type': 'alert',
      'apns-collapse-id': `notification-${id}`,
    });
    const stored = await t.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, await userIdOf(t, c)));
    expect(stored.every((s) => s.lastSuccessAt !== null)).toBe(true);
  });

  it('tokens the services say are gone are deleted; the devices that work still get it', async () => {
    const c = await registerCustomer(t.app);
    const uninstalled = await register(t, c, 'android');
    const notAToken = await register(t, c, 'android');
    const alive = await register(t, c, 'android');
    const unregistered = await register(t, c, 'ios');
    const badToken = await register(t, c, 'ios');
    const iphone = await register(t, c, 'ios');
    fcm.answer(uninstalled.token, 'unregistered');
    fcm.answer(notAToken.token, 'invalid');
    apns.answer(unregistered.token, 'unregistered');
    apns.answer(badToken.token, 'bad-token');
    await tell(t, c, `native:${c.email}:gone`);
    await drain(t);

    expect(await tokensOf(t, c)).toEqual([alive.token, iphone.token].sort());
    expect(fcm.deliveries.map((d) => d.token)).toEqual([alive.token]);
    expect(apns.deliveries.map((d) => d.token)).toEqual([iphone.token]);
    const retries = await t.database.db.select().from(outbox).where(eq(outbox.kind, PUSH_JOB));
    expect(retries.filter((j) => j.doneAt === null && j.failedAt === null)).toEqual([]);
  });

  it('a service failing with 5xx is retried later by the outbox, and the retry delivers', async () => {
    const c = await registerCustomer(t.app);
    const android = await register(t, c, 'android');
    const ios = await register(t, c, 'ios');
    fcm.answer(android.token, 503);
    apns.answer(ios.token, 500);
    await tell(t, c, `native:${c.email}:retry`);
    await drain(t);
    expect(fcm.deliveries).toEqual([]);
    expect(apns.deliveries).toEqual([]);

    const recipient = await latestRecipient(t, c);
    const keys = [android.id, ios.id].map((id) => `push:${recipient}:${id}`);
    const jobs = async () =>
      Promise.all(
        keys.map(async (key) => (await t.database.db.select().from(outbox).where(eq(outbox.key, key)))[0]!),
      );
    const waiting = await jobs();
    for (const job of waiting) {
      expect(job).toMatchObject({ kind: PUSH_JOB, doneAt: null, failedAt: null });
      expect(job.runAt.getTime()).toBeGreaterThan(Date.now());
    }
    // Still failing when their time comes: backed off again, with the service's answer.
    const later = new Date(Math.max(...waiting.map((j) => j.runAt.getTime())) + 1000);
    await drain(t, later);
    const again = await jobs();
    expect(again.map((j) => j.lastError)).toEqual([
      'FCM answered 503',
      'APNs answered 500 InternalServerError',
    ]);
    expect(again.every((j) => j.doneAt === null)).toBe(true);

    fcm.answer(android.token, 'ok');
    apns.answer(ios.token, 'ok');
    await drain(t, new Date(Math.max(...again.map((j) => j.runAt.getTime())) + 1000));
    expect(fcm.deliveries.map((d) => d.token)).toEqual([android.token]);
    expect(apns.deliveries.map((d) => d.token)).toEqual([ios.token]);
    expect((await jobs()).every((j) => j.doneAt !== null)).toBe(true);
    expect(await tokensOf(t, c)).toEqual([android.token, ios.token].sort());
  });

  it('one access token and one provider token serve many sends; a revoked access token is renewed', async () => {
    const c = await registerCustomer(t.app);
    await register(t, c, 'android');
    await register(t, c, 'ios');
    for (let i = 0; i < 3; i += 1) await tell(t, c, `native:${c.email}:cache:${i}`);
    await drain(t);
    expect(fcm.deliveries).toHaveLength(3);
    expect(apns.deliveries).toHaveLength(3);
    // Every send of this app so far (the earlier tests' too) used one access token and one JWT.
    expect(fcm.tokensIssued).toBe(1);
    expect(new Set(apns.jwts).size).toBe(1);

    fcm.revokeTokens();
    await tell(t, c, `native:${c.email}:cache:revoked`);
    await drain(t);
    expect(fcm.deliveries).toHaveLength(4);
    expect(fcm.tokensIssued).toBe(2);
    expect(fcm.errors).toEqual([]);
  });

  it('the FCM access token is fetched again once expired, the APNs token after 50 minutes', async () => {
    const config = loadConfig({ NODE_ENV: 'test', ...nativeEnv(fcm, apns) });
    // Clocks that start 55 minutes ago, so that an hour-old token is still one the peers accept.
    let clock = Date.now() - 55 * 60_000;
    const now = () => clock;
    const android = createFcmSender(config.fcm!, { now });
    const ios = createApnsSender(config.apns!, { now });
    const message = { title: 'Hola', body: 'Prueba', notification_user_id: 7, url: '/notifications/list/7' };
    try {
      const issued = fcm.tokensIssued;
      const jwts = apns.jwts.length;
      expect(await android.send(deviceToken('android'), message)).toEqual({ ok: true, status: 200 });
      expect(await ios.send(deviceToken('ios'), message)).toEqual({ ok: true, status: 200 });
      clock += APNS_TOKEN_RENEW_MS - 60_000;
      await android.send(deviceToken('android'), message);
      await ios.send(deviceToken('ios'), message);
      expect(fcm.tokensIssued).toBe(issued + 1);
      expect(new Set(apns.jwts.slice(jwts)).size).toBe(1);

      // An hour on: the access token (3,599 s) is past its margin, the provider token past 50 minutes.
      clock += 2 * 60_000 + 10 * 60_000;
      await android.send(deviceToken('android'), message);
      await ios.send(deviceToken('ios'), message);
      expect(fcm.tokensIssued).toBe(issued + 2);
      expect(new Set(apns.jwts.slice(jwts)).size).toBe(2);
      expect(fcm.errors).toEqual([]);
      expect(apns.errors).toEqual([]);
    } finally {
      await ios.close();
    }
  });

  it('a service that cannot be reached is retried, not given up', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      ...nativeEnv(fcm, apns),
      APNS_BASE_URL: 'http://127.0.0.1:1',
      FCM_TOKEN_URI: 'http://127.0.0.1:1/token',
    });
    const ios = createApnsSender(config.apns!);
    const android = createFcmSender(config.fcm!);
    const message = { title: 'Hola', body: 'Prueba', notification_user_id: 7, url: '/notifications/list/7' };
    try {
      expect(await ios.send(deviceToken('ios'), message)).toMatchObject({
        ok: false,
        gone: false,
        retry: true,
      });
      expect(await android.send(deviceToken('android'), message)).toMatchObject({
        ok: false,
        gone: false,
        retry: true,
      });
    } finally {
      await ios.close();
    }
  });
});

describe('without FCM and APNs configured', () => {
  it('native tokens are kept, not sent to, and leave no retries behind', async () => {
    const plain = await createTestApp();
    try {
      expect(plain.app.deps.push.native).toEqual({});
      const c = await registerCustomer(plain.app);
      const android = await register(plain, c, 'android');
      const ios = await register(plain, c, 'ios');
      await tell(plain, c, `native:${c.email}:off`);
      await drain(plain);
      expect(await tokensOf(plain, c)).toEqual([android.token, ios.token].sort());
      const retries = await plain.database.db.select().from(outbox).where(eq(outbox.kind, PUSH_JOB));
      expect(retries).toEqual([]);
      const [done] = await plain.database.db
        .select()
        .from(outbox)
        .where(eq(outbox.key, `notify:native:${c.email}:off`));
      expect(done!.doneAt).not.toBeNull();
      expect(fcm.deliveries).toEqual([]);
      expect(apns.deliveries).toEqual([]);
    } finally {
      await plain.close();
    }
  });
});

describe('native push configuration', () => {
  it('takes the service account as JSON or from a file, and the APNs key from a file', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cubierto-native-push-'));
    try {
      const accountFile = path.join(dir, 'service-account.json');
      writeFileSync(accountFile, JSON.stringify(fcm.serviceAccount));
      const keyFile = path.join(dir, 'AuthKey_ABC123DEFG.p8');
      writeFileSync(keyFile, apns.keyPem);
      const config = loadConfig({
        NODE_ENV: 'test',
        FCM_SERVICE_ACCOUNT_FILE: accountFile,
        APNS_KEY_FILE: keyFile,
        APNS_KEY_ID: apns.keyId,
        APNS_TEAM_ID: apns.teamId,
        APNS_TOPIC: apns.topic,
      });
      expect(config.fcm).toMatchObject({
        baseUrl: 'https://fcm.googleapis.com',
        projectId: fcm.serviceAccount.project_id,
        clientEmail: fcm.serviceAccount.client_email,
        tokenUri: fcm.serviceAccount.token_uri,
      });
      expect(config.apns).toMatchObject({ baseUrl: 'https://api.push.apple.com', keyId: apns.keyId });
      // FCM_TOKEN_URI wins over the account's token_uri; a PEM with its line breaks written as \n works.
      const overridden = loadConfig({
        NODE_ENV: 'test',
        FCM_SERVICE_ACCOUNT_JSON: JSON.stringify(fcm.serviceAccount),
        FCM_TOKEN_URI: 'https://oauth2.example.test/token',
        APNS_KEY: apns.keyPem.replaceAll('\n', '\\n'),
        APNS_KEY_ID: apns.keyId,
        APNS_TEAM_ID: apns.teamId,
        APNS_TOPIC: apns.topic,
      });
      expect(overridden.fcm!.tokenUri).toBe('https://oauth2.example.test/token');
      expect(overridden.apns!.privateKey).toBe(apns.keyPem);
      expect(loadConfig({ NODE_ENV: 'test' })).toMatchObject({ fcm: undefined, apns: undefined });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses to start on half a configuration or a bad key, naming the variable', () => {
    const account = JSON.stringify(fcm.serviceAccount);
    const fail = (env: Record<string, string>) => () => loadConfig({ NODE_ENV: 'test', ...env });
    expect(fail({ FCM_SERVICE_ACCOUNT_JSON: account, FCM_SERVICE_ACCOUNT_FILE: 'x.json' })).toThrow(
      /FCM_SERVICE_ACCOUNT_FILE: set FCM_SERVICE_ACCOUNT_JSON or FCM_SERVICE_ACCOUNT_FILE/,
    );
    expect(fail({ FCM_SERVICE_ACCOUNT_JSON: '{"project_id":"p"}' })).toThrow(/FCM_SERVICE_ACCOUNT_JSON/);
    expect(fail({ FCM_SERVICE_ACCOUNT_FILE: '/nonexistent/service-account.json' })).toThrow(
      /FCM_SERVICE_ACCOUNT_FILE: cannot read/,
    );
    expect(
      fail({ FCM_SERVICE_ACCOUNT_JSON: JSON.stringify({ ...fcm.serviceAccount, private_key: apns.keyPem }) }),
    ).toThrow(/private_key is not an RSA private key/);
    expect(fail({ APNS_KEY: apns.keyPem, APNS_KEY_ID: apns.keyId })).toThrow(ConfigError);
    expect(fail({ APNS_KEY: apns.keyPem, APNS_KEY_ID: apns.keyId })).toThrow(/APNS_TEAM_ID/);
    expect(
      fail({
        APNS_KEY: 'not a key',
        APNS_KEY_ID: apns.keyId,
        APNS_TEAM_ID: apns.teamId,
        APNS_TOPIC: apns.topic,
      }),
    ).toThrow(/APNS_KEY: is not a PEM private key/);
  });
});
