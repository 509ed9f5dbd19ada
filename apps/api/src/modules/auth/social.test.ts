/**
 * Social sign-in end to end, through the real app, against local peers: a real OpenID Connect provider
 * (oidc-provider) standing in for Google and Apple, and a Graph API peer standing in for Facebook.
 */
import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { generateKeyPair, type JWTPayload, SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, GOOD_PASSWORD, registerCustomer, type TestApp } from '../../../test/harness.ts';
import { type FacebookGraphPeer, startFacebookGraphPeer } from '../../../test/peers/facebook-peer.ts';
import { type OidcPeer, startOidcPeer } from '../../../test/peers/oidc-peer.ts';
import {
  startBrokenKeysPeer,
  startSilentPeer,
  unusedLocalUrl,
} from '../../../test/peers/unreachable-peer.ts';
import { buildApp } from '../../app.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { sessions, socialIdentities, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { createMemoryRateLimiter } from '../../lib/rate-limiter.ts';
import { createSocialVerifier } from './social.ts';

const WEB = { client_id: 'cubierto-web', client_secret: 'web-secret-0123456789abcdef0123456789abcdef' };
const IOS = {
  client_id: 'ar.com.cubierto.ios',
  client_secret: 'ios-secret-0123456789abcdef0123456789abcdef',
};
const OTHER = { client_id: 'otra-app', client_secret: 'otra-secret-0123456789abcdef0123456789abcdef' };
const FB = { appId: '1029384756', appSecret: 'fb-app-secret-0123456789abcdef' };

let oidc: OidcPeer;
let graph: FacebookGraphPeer;
/** Google and Apple both at the OpenID peer, Facebook at the Graph peer. */
let t: TestApp;
/** The same database behind a second app whose Google and Facebook are down and Apple has no client id. */
let degraded: { app: FastifyInstance; database: Database };

beforeAll(async () => {
  [oidc, graph] = await Promise.all([
    startOidcPeer({ clients: [WEB, IOS, OTHER] }),
    startFacebookGraphPeer({ ...FB }),
  ]);
  t = await createTestApp({
    env: {
      GOOGLE_ISSUER: oidc.issuer,
      GOOGLE_CLIENT_ID: WEB.client_id,
      APPLE_ISSUER: oidc.issuer,
      APPLE_CLIENT_ID: IOS.client_id,
      FACEBOOK_GRAPH_URL: graph.graphUrl,
      FACEBOOK_APP_ID: FB.appId,
      FACEBOOK_APP_SECRET: FB.appSecret,
      LOGIN_MAX_PER_IP: '1000',
    },
  });
  const [downIssuer, downGraph] = await Promise.all([unusedLocalUrl(), unusedLocalUrl()]);
  const social: Config['social'] = {
    google: { issuer: downIssuer, clientId: WEB.client_id },
    apple: { issuer: oidc.issuer, clientId: undefined },
    facebook: { graphUrl: `${downGraph}/v19.0`, appId: FB.appId, appSecret: FB.appSecret },
  };
  const app = await buildApp({
    config: { ...t.config, social },
    database: t.database,
    overrides: { rateLimiter: createMemoryRateLimiter() },
  });
  await app.ready();
  degraded = { app, database: t.database };
});

afterAll(async () => {
  await degraded?.app.close();
  await t?.close();
  await Promise.all([oidc?.close(), graph?.close()]);
});

const socialLogin = (app: FastifyInstance, social: string, token: string) =>
  app.inject({ method: 'POST', url: '/api/v4/auth/social', payload: { social, social_token: token } });

const currentUser = (app: FastifyInstance, accessToken: string) =>
  app.inject({
    method: 'GET',
    url: '/api/v4/auth/user',
    headers: { authorization: `Bearer ${accessToken}` },
  });

/** Rows that a refused sign-in must not create. */
async function rowCounts(target: { database: Database }) {
  const db = target.database.db;
  const [u] = await db.select({ n: count() }).from(users);
  const [i] = await db.select({ n: count() }).from(socialIdentities);
  const [s] = await db.select({ n: count() }).from(sessions);
  return { users: u!.n, identities: i!.n, sessions: s!.n };
}

async function identitiesOf(provider: 'google' | 'apple' | 'facebook', subject: string) {
  return t.database.db
    .select({ userId: socialIdentities.userId, email: socialIdentities.email })
    .from(socialIdentities)
    .where(and(eq(socialIdentities.provider, provider), eq(socialIdentities.subject, subject)));
}

async function userIdByEmail(email: string) {
  const rows = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return rows[0]?.id;
}

/** Signs in with a session token and checks it works on GET /auth/user; returns the user. */
async function expectSession(res: Awaited<ReturnType<typeof socialLogin>>, email: string) {
  expect(res.statusCode, res.body).toBe(200);
  const { data } = res.json();
  expect(data).toEqual({
    token_type: 'Bearer',
    access_token: expect.any(String),
    renew_on: expect.any(String),
  });
  const me = await currentUser(t.app, data.access_token);
  expect(me.statusCode).toBe(200);
  expect(me.json().data.email).toBe(email);
  return me.json().data as { id: number; email: string };
}

async function expectRefused(
  target: { database: Database },
  send: () => Promise<Awaited<ReturnType<typeof socialLogin>>>,
  expected: { status: number; code: string; message?: string },
) {
  const before = await rowCounts(target);
  const res = await send();
  expect(res.statusCode, res.body).toBe(expected.status);
  expect(res.json().error_code).toBe(expected.code);
  if (expected.message) expect(res.json().message).toBe(expected.message);
  expect(await rowCounts(target)).toEqual(before);
}

describe('Google and Apple (OpenID Connect)', () => {
  it('asks an unregistered verified e-mail to register, links the identity on registration, then signs in', async () => {
    const email = 'ana.gomez@example.com';
    oidc.accounts.set('g-ana', { sub: 'g-ana', email, email_verified: true, name: 'Ana Gómez' });
    const { id_token } = await oidc.signIn(WEB.client_id, 'g-ana');

    const before = await rowCounts(t);
    const first = await socialLogin(t.app, 'google', id_token);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ data: { email, message: expect.any(String) } });
    expect(await rowCounts(t)).toEqual(before);

    const register = await t.app.inject({
      method: 'POST',
      url: '/api/v4/auth/register',
      payload: {
        name: 'Ana Gómez',
        email,
        password: GOOD_PASSWORD,
        dni: '30123456',
        accepted_terms: true,
        social: 'google',
        social_token: id_token,
      },
    });
    expect(register.statusCode, register.body).toBe(201);
    expect(register.json().token_type).toBe('Bearer');
    const userId = await userIdByEmail(email);
    expect(await identitiesOf('google', 'g-ana')).toEqual([{ userId, email }]);

    const { id_token: later } = await oidc.signIn(WEB.client_id, 'g-ana');
    const user = await expectSession(await socialLogin(t.app, 'google', later), email);
    expect(user.id).toBe(userId);
  });

  it('links an existing password account with the same verified e-mail (Apple sends email_verified as "true")', async () => {
    const { email } = await registerCustomer(t.app, { email: 'bruno.diaz@example.com' });
    oidc.accounts.set('a-bruno', { sub: 'a-bruno', email: 'Bruno.Diaz@example.com', email_verified: 'true' });
    const { id_token } = await oidc.signIn(IOS.client_id, 'a-bruno');
    const usersBefore = (await rowCounts(t)).users;

    const user = await expectSession(await socialLogin(t.app, 'apple', id_token), email);
    expect(user.id).toBe(await userIdByEmail(email));
    expect(await identitiesOf('apple', 'a-bruno')).toEqual([
      { userId: user.id, email: 'Bruno.Diaz@example.com' },
    ]);
    expect((await rowCounts(t)).users).toBe(usersBefore);
  });

  it('refuses a locked account as the password sign-in does, in Spanish, with no session', async () => {
    const { email } = await registerCustomer(t.app, { email: 'diego.lopez@example.com' });
    oidc.accounts.set('g-diego', { sub: 'g-diego', email, email_verified: true, name: 'Diego López' });
    const user = await expectSession(
      await socialLogin(t.app, 'google', (await oidc.signIn(WEB.client_id, 'g-diego')).id_token),
      email,
    );
    await t.database.db.update(users).set({ lockedAt: new Date() }).where(eq(users.id, user.id));
    const { id_token } = await oidc.signIn(WEB.client_id, 'g-diego');
    await expectRefused(t, () => socialLogin(t.app, 'google', id_token), {
      status: 403,
      code: 'account_locked',
      message: 'Tu cuenta está bloqueada. Escribinos a Ayuda para recuperarla.',
    });
  });

  it('refuses OAuth access tokens, which cannot prove they were issued to Cubierto', async () => {
    const { email } = await registerCustomer(t.app, { email: 'carla.paz@example.com' });
    oidc.accounts.set('g-carla', { sub: 'g-carla', email, email_verified: true, name: 'Carla Paz' });
    const { access_token } = await oidc.signIn(WEB.client_id, 'g-carla');
    expect(access_token.split('.')).toHaveLength(1);

    await expectRefused(t, () => socialLogin(t.app, 'google', access_token), {
      status: 422,
      code: 'social_token_invalid',
    });
    expect(await identitiesOf('google', 'g-carla')).toEqual([]);
    await expectRefused(t, () => socialLogin(t.app, 'google', 'ya29.not-a-token-the-provider-issued'), {
      status: 422,
      code: 'social_token_invalid',
    });
    // Apple hands out ID tokens only.
    await expectRefused(t, () => socialLogin(t.app, 'apple', access_token), {
      status: 422,
      code: 'social_token_invalid',
    });
  });

  it('does not use an e-mail the provider has not verified', async () => {
    const { email } = await registerCustomer(t.app, { email: 'dario.luna@example.com' });
    oidc.accounts.set('g-dario', { sub: 'g-dario', email, email_verified: false });
    oidc.accounts.set('a-dario', { sub: 'a-dario', email, email_verified: 'false' });
    const google = await oidc.signIn(WEB.client_id, 'g-dario');
    const apple = await oidc.signIn(IOS.client_id, 'a-dario');

    for (const [social, token] of [
      ['google', google.id_token],
      ['apple', apple.id_token],
    ] as const) {
      await expectRefused(t, () => socialLogin(t.app, social, token), {
        status: 422,
        code: 'social_token_invalid',
        message: 'El proveedor no compartió tu email. Registrate con email y contraseña.',
      });
    }
  });

  describe('refuses ID tokens the provider did not issue to this app', () => {
    const email = 'eva.rios@example.com';
    const now = () => Math.floor(Date.now() / 1000);
    /** Eva's identity with every claim right; each case below changes exactly one thing. */
    const claims = (): JWTPayload => ({
      iss: oidc.issuer,
      aud: WEB.client_id,
      sub: 'g-eva',
      email,
      email_verified: true,
      iat: now(),
      exp: now() + 600,
    });
    const sign = (payload: JWTPayload, key = oidc.signingKey, kid = oidc.kid) =>
      new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid }).sign(key);

    beforeAll(async () => {
      // Eva has an account with that e-mail: a token accepted by mistake would sign her in.
      await registerCustomer(t.app, { email });
      oidc.accounts.set('g-eva', { sub: 'g-eva', email, email_verified: true });
    });
    // Each case starts from an unlinked identity, so one wrongly accepted token does not mask the next.
    afterEach(async () => {
      await t.database.db.delete(socialIdentities).where(eq(socialIdentities.subject, 'g-eva'));
    });

    it('control: a token with every claim right, signed with the provider key, signs in', async () => {
      const user = await expectSession(await socialLogin(t.app, 'google', await sign(claims())), email);
      expect(user.id).toBe(await userIdByEmail(email));
      expect(await identitiesOf('google', 'g-eva')).toHaveLength(1);
    });

    const cases: Array<[string, () => Promise<[string, string]>]> = [
      [
        'signed by another key (same kid)',
        async () => {
          const { privateKey } = await generateKeyPair('RS256');
          return ['google', await sign(claims(), privateKey)];
        },
      ],
      [
        'signed by a key the provider does not publish',
        async () => {
          const { privateKey } = await generateKeyPair('ES256');
          const token = await new SignJWT(claims())
            .setProtectedHeader({ alg: 'ES256', kid: 'otra' })
            .sign(privateKey);
          return ['google', token];
        },
      ],
      ['expired', async () => ['google', await sign({ ...claims(), iat: now() - 3600, exp: now() - 600 })]],
      [
        'for another audience',
        async () => ['google', (await oidc.signIn(OTHER.client_id, 'g-eva')).id_token],
      ],
      [
        'issued to the Apple client, presented as Google',
        async () => ['google', (await oidc.signIn(IOS.client_id, 'g-eva')).id_token],
      ],
      [
        'from another issuer',
        async () => ['google', await sign({ ...claims(), iss: 'https://issuer.evil.test' })],
      ],
      [
        'unsigned (alg none)',
        async () => {
          const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
          return ['google', `${part({ alg: 'none', kid: oidc.kid })}.${part(claims())}.`];
        },
      ],
      ['not a token at all (Apple)', async () => ['apple', 'not-a-token']],
    ];
    it.each(cases)('%s → 422 social_token_invalid, nothing created', async (_name, make) => {
      const [social, token] = await make();
      await expectRefused(t, () => socialLogin(t.app, social, token), {
        status: 422,
        code: 'social_token_invalid',
      });
      expect(await identitiesOf('google', 'g-eva')).toEqual([]);
    });
  });

  it('refuses a provider without a configured client id', async () => {
    oidc.accounts.set('a-fede', { sub: 'a-fede', email: 'fede@example.com', email_verified: 'true' });
    const { id_token } = await oidc.signIn(IOS.client_id, 'a-fede');
    await expectRefused(degraded, () => socialLogin(degraded.app, 'apple', id_token), {
      status: 422,
      code: 'social_token_invalid',
      message: 'El inicio de sesión con Apple no está configurado.',
    });
  });

  it('answers 502 provider_unavailable when the provider is down', async () => {
    oidc.accounts.set('g-gina', { sub: 'g-gina', email: 'gina@example.com', email_verified: true });
    const { id_token } = await oidc.signIn(WEB.client_id, 'g-gina');
    await expectRefused(degraded, () => socialLogin(degraded.app, 'google', id_token), {
      status: 502,
      code: 'provider_unavailable',
    });
  });
});

describe('Facebook (Graph API)', () => {
  it('asks an unregistered user to register, links the identity on registration, then signs in', async () => {
    const email = 'elena.sosa@example.com';
    graph.users.set('10001', { id: '10001', name: 'Elena Sosa', email });
    const token = graph.issueToken('10001');

    const before = await rowCounts(t);
    const first = await socialLogin(t.app, 'facebook', token);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ data: { email, message: expect.any(String) } });
    expect(await rowCounts(t)).toEqual(before);

    const register = await t.app.inject({
      method: 'POST',
      url: '/api/v4/auth/register',
      payload: {
        name: 'Elena Sosa',
        email,
        password: GOOD_PASSWORD,
        dni: '31222333',
        accepted_terms: true,
        social: 'facebook',
        social_token: token,
      },
    });
    expect(register.statusCode, register.body).toBe(201);
    const userId = await userIdByEmail(email);
    expect(await identitiesOf('facebook', '10001')).toEqual([{ userId, email }]);

    const user = await expectSession(await socialLogin(t.app, 'facebook', graph.issueToken('10001')), email);
    expect(user.id).toBe(userId);

    // The token was checked with the app token, and /me was called with the token and its proof.
    const debug = graph.requests.findLast((url) => url.pathname.endsWith('/debug_token'));
    expect(debug?.searchParams.get('access_token')).toBe(`${FB.appId}|${FB.appSecret}`);
    const me = graph.requests.findLast((url) => url.pathname.endsWith('/me'));
    expect(me?.searchParams.get('fields')).toBe('id,name,email');
  });

  it('refuses tokens Facebook does not vouch for this app', async () => {
    const email = 'hugo.vera@example.com';
    await registerCustomer(t.app, { email });
    graph.users.set('10002', { id: '10002', name: 'Hugo Vera', email });
    for (const token of [
      'EAAnot-a-token-facebook-issued',
      graph.issueToken('10002', { expiresIn: -60 }),
      graph.issueToken('10002', { appId: '5550001112' }),
    ]) {
      await expectRefused(t, () => socialLogin(t.app, 'facebook', token), {
        status: 422,
        code: 'social_token_invalid',
      });
    }
    expect(await identitiesOf('facebook', '10002')).toEqual([]);
  });

  it('refuses a user who did not share an e-mail and has no linked account', async () => {
    graph.users.set('10003', { id: '10003', name: 'Sin Email' });
    await expectRefused(t, () => socialLogin(t.app, 'facebook', graph.issueToken('10003')), {
      status: 422,
      code: 'social_token_invalid',
      message: 'El proveedor no compartió tu email. Registrate con email y contraseña.',
    });
  });

  it('exchanges a dialog code for an access token that signs in (linking the password account)', async () => {
    const { email } = await registerCustomer(t.app, { email: 'ines.mora@example.com' });
    graph.users.set('10004', { id: '10004', name: 'Inés Mora', email });
    const redirectUri = 'https://app.cubierto.test/login/facebook';
    const code = graph.issueCode('10004', redirectUri);
    const exchange = (query: string) =>
      t.app.inject({ method: 'GET', url: `/api/v4/auth/facebook/exchange?${query}` });

    const res = await exchange(new URLSearchParams({ code, redirect_uri: redirectUri }).toString());
    expect(res.statusCode, res.body).toBe(200);
    const { access_token } = res.json().data;
    expect(access_token).toEqual(expect.any(String));
    const user = await expectSession(await socialLogin(t.app, 'facebook', access_token), email);
    expect((await identitiesOf('facebook', '10004'))[0]?.userId).toBe(user.id);

    // Without redirect_uri the app's own /login is the one the code must have been issued for.
    const defaultCode = graph.issueCode('10004', `${t.config.publicUrl}/login`);
    expect((await exchange(new URLSearchParams({ code: defaultCode }).toString())).statusCode).toBe(200);

    for (const query of [
      { code: 'AQnot-a-code', redirect_uri: redirectUri },
      { code, redirect_uri: redirectUri }, // already spent
      { code: graph.issueCode('10004', redirectUri), redirect_uri: 'https://app.cubierto.test/otra' },
    ]) {
      await expectRefused(t, () => exchange(new URLSearchParams(query).toString()), {
        status: 422,
        code: 'social_token_invalid',
      });
    }
  });

  it('answers 502 provider_unavailable when Graph fails or is down', async () => {
    graph.users.set('10005', { id: '10005', name: 'Juan Ríos', email: 'juan.rios@example.com' });
    const token = graph.issueToken('10005');
    const code = graph.issueCode('10005', 'https://app.cubierto.test/login');
    const exchangeUrl = `/api/v4/auth/facebook/exchange?code=${code}&redirect_uri=https://app.cubierto.test/login`;
    const unavailable = { status: 502, code: 'provider_unavailable' };

    graph.outage = true;
    try {
      await expectRefused(t, () => socialLogin(t.app, 'facebook', token), unavailable);
      await expectRefused(t, () => t.app.inject({ method: 'GET', url: exchangeUrl }), unavailable);
    } finally {
      graph.outage = false;
    }
    await expectRefused(degraded, () => socialLogin(degraded.app, 'facebook', token), unavailable);
    await expectRefused(
      degraded,
      () => degraded.app.inject({ method: 'GET', url: exchangeUrl }),
      unavailable,
    );
  });
});

describe('createSocialVerifier', () => {
  const config = (overrides: { issuer?: string; graphUrl?: string; appId?: string } = {}) => ({
    google: { issuer: overrides.issuer ?? oidc.issuer, clientId: WEB.client_id },
    apple: { issuer: overrides.issuer ?? oidc.issuer, clientId: IOS.client_id },
    facebook: {
      graphUrl: overrides.graphUrl ?? graph.graphUrl,
      appId: 'appId' in overrides ? overrides.appId : FB.appId,
      appSecret: FB.appSecret,
    },
  });

  beforeAll(() => {
    oidc.accounts.set('g-kiara', {
      sub: 'g-kiara',
      email: 'kiara@example.com',
      email_verified: true,
      name: 'Kiara',
    });
  });

  it('fetches discovery and keys once per issuer and returns the profile', async () => {
    const verifier = createSocialVerifier(config());
    const first = await oidc.signIn(WEB.client_id, 'g-kiara');
    const second = await oidc.signIn(IOS.client_id, 'g-kiara');
    const from = oidc.requests.length;
    await expect(verifier.verify('google', first.id_token)).resolves.toEqual({
      provider: 'google',
      subject: 'g-kiara',
      email: 'kiara@example.com',
      name: 'Kiara',
    });
    await expect(verifier.verify('apple', second.id_token)).resolves.toMatchObject({ provider: 'apple' });
    await verifier.verify('google', first.id_token);
    const asked = oidc.requests.slice(from);
    expect(asked.filter((path) => path === '/.well-known/openid-configuration')).toHaveLength(1);
    expect(asked.filter((path) => path === '/jwks')).toHaveLength(1);
  });

  it('gives up on a provider that does not answer in time', async () => {
    const silent = await startSilentPeer();
    try {
      const verifier = createSocialVerifier(config({ issuer: silent.url, graphUrl: `${silent.url}/v19.0` }), {
        timeoutMs: 200,
      });
      const { id_token } = await oidc.signIn(WEB.client_id, 'g-kiara');
      const started = Date.now();
      const results = await Promise.allSettled([
        verifier.verify('google', id_token),
        verifier.verify('facebook', 'EAAsome-token'),
        verifier.exchangeFacebookCode('AQsome-code', 'https://app.cubierto.test/login'),
      ]);
      expect(Date.now() - started).toBeLessThan(2_000);
      for (const result of results) {
        expect(result.status).toBe('rejected');
        const reason = (result as PromiseRejectedResult).reason;
        expect(reason).toBeInstanceOf(AppError);
        expect(reason.code).toBe('provider_unavailable');
      }
    } finally {
      await silent.close();
    }
  });

  it("answers provider_unavailable when the provider's keys cannot be fetched", async () => {
    const broken = await startBrokenKeysPeer();
    try {
      const verifier = createSocialVerifier(config({ issuer: broken.issuer }));
      const token = await new SignJWT({ sub: 'g-kiara', aud: WEB.client_id, iss: broken.issuer })
        .setProtectedHeader({ alg: 'RS256', kid: oidc.kid })
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(oidc.signingKey);
      await expect(verifier.verify('google', token)).rejects.toMatchObject({ code: 'provider_unavailable' });
    } finally {
      await broken.close();
    }
  });

  it('refuses Facebook when the app is not configured', async () => {
    const verifier = createSocialVerifier(config({ appId: undefined }));
    for (const attempt of [
      () => verifier.verify('facebook', 'EAAsome-token'),
      () => verifier.exchangeFacebookCode('AQsome-code', 'https://app.cubierto.test/login'),
    ]) {
      await expect(attempt()).rejects.toMatchObject({
        code: 'social_token_invalid',
        message: 'El inicio de sesión con Facebook no está configurado.',
      });
    }
  });
});
