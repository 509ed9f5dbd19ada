/**
 * A real OpenID Connect provider (oidc-provider) on 127.0.0.1, standing in for Google and Apple.
 * `signIn` drives the authorization-code flow over HTTP exactly as a browser would (dev interactions:
 * sign in as an account, consent), then redeems the code at the token endpoint, so the ID token and
 * access token it returns are the provider's own.
 *
 * The provider signs with a key made here; `signingKey`/`kid` let a test mint edge-case tokens
 * (expired, wrong issuer) with that same key, so only the claim under test is wrong.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type CryptoKey, exportJWK, generateKeyPair } from 'jose';
import Provider, { type Account, type AccountClaims } from 'oidc-provider';

export type OidcPeerAccount = {
  sub: string;
  email?: string;
  /** Google sends a boolean; Apple, the string "true"/"false". */
  email_verified?: boolean | string;
  name?: string;
};

export type OidcPeerClient = { client_id: string; client_secret: string };

export type OidcPeer = {
  issuer: string;
  kid: string;
  signingKey: CryptoKey;
  /** Accounts the provider knows, by account id (= sub); add more at any time. */
  accounts: Map<string, OidcPeerAccount>;
  /** Paths the provider was asked for, in order (discovery, keys, userinfo …). */
  requests: string[];
  /** Signs `accountId` in to `clientId` and returns the provider's tokens. */
  signIn(clientId: string, accountId: string): Promise<{ id_token: string; access_token: string }>;
  close(): Promise<void>;
};

export const OIDC_PEER_REDIRECT_URI = 'https://app.cubierto.test/auth/callback';

export async function startOidcPeer(options: {
  clients: OidcPeerClient[];
  accounts?: OidcPeerAccount[];
}): Promise<OidcPeer> {
  const accounts = new Map((options.accounts ?? []).map((account) => [account.sub, account]));
  const kid = `peer-${randomBytes(4).toString('hex')}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' };

  // The issuer names the port, so listen first and attach the provider afterwards.
  let handler: ((req: IncomingMessage, res: ServerResponse) => void) | null = null;
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(new URL(req.url ?? '/', 'http://peer.local').pathname);
    if (handler) handler(req, res);
    else res.writeHead(503).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: options.clients.map((client) => ({
      ...client,
      redirect_uris: [OIDC_PEER_REDIRECT_URI],
      grant_types: ['authorization_code'],
      response_types: ['code'],
    })),
    jwks: { keys: [privateJwk] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // Like Google and Apple, put the scopes' claims (email, name) in the ID token itself.
    conformIdTokenClaims: false,
    cookies: { keys: [randomBytes(16).toString('hex')] },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
      Grant: 600,
    },
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx: unknown, sub: string): Promise<Account | undefined> {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return { accountId: sub, claims: async () => ({ ...account }) as AccountClaims };
    },
  });
  handler = provider.callback();

  async function signIn(clientId: string, accountId: string) {
    const client = options.clients.find((c) => c.client_id === clientId);
    if (!client) throw new Error(`unknown client ${clientId}`);
    const cookies = new Map<string, string>();
    const verifier = randomBytes(32).toString('base64url');
    const send = async (url: string, body?: URLSearchParams) => {
      const response = await fetch(new URL(url, issuer), {
        method: body ? 'POST' : 'GET',
        redirect: 'manual',
        headers: {
          cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
          ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        ...(body ? { body } : {}),
      });
      for (const line of response.headers.getSetCookie()) {
        const [pair = '', ...attributes] = line.split(';');
        const [name = '', value = ''] = pair.trim().split(/=(.*)/s);
        const expired = attributes.some((a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a));
        if (expired || value === '') cookies.delete(name);
        else cookies.set(name, value);
      }
      const location = response.headers.get('location');
      await response.body?.cancel();
      if (response.status < 300 || response.status >= 400 || !location) {
        throw new Error(`OpenID peer: ${url} answered ${response.status}`);
      }
      return location;
    };

    const authorize = new URL('/auth', issuer);
    authorize.search = new URLSearchParams({
      client_id: clientId,
      response_type: 'code',
      scope: 'openid email profile',
      redirect_uri: OIDC_PEER_REDIRECT_URI,
      state: randomBytes(8).toString('hex'),
      nonce: randomBytes(8).toString('hex'),
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    }).toString();
    let location = await send(authorize.href);
    // Each interaction (first sign-in, then consent) answers a form and resumes the authorization.
    let signedIn = false;
    for (let step = 0; !location.startsWith(OIDC_PEER_REDIRECT_URI); step += 1) {
      if (step > 6) throw new Error(`OpenID peer: the flow did not finish (${location})`);
      const path = new URL(location, issuer).pathname;
      if (path.startsWith('/interaction/')) {
        const form = signedIn
          ? new URLSearchParams({ prompt: 'consent' })
          : new URLSearchParams({ prompt: 'login', login: accountId, password: 'x' });
        signedIn = true;
        location = await send(path, form);
      } else {
        location = await send(location);
      }
    }
    const code = new URL(location).searchParams.get('code');
    if (!code) throw new Error(`OpenID peer: no code in ${location}`);

    const tokenResponse = await fetch(new URL('/token', issuer), {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${client.client_id}:${client.client_secret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: OIDC_PEER_REDIRECT_URI,
        code_verifier: verifier,
      }),
    });
    const tokens = (await tokenResponse.json()) as { id_token?: string; access_token?: string };
    if (!tokenResponse.ok || !tokens.id_token || !tokens.access_token) {
      throw new Error(
        `OpenID peer: token endpoint answered ${tokenResponse.status} ${JSON.stringify(tokens)}`,
      );
    }
    return { id_token: tokens.id_token, access_token: tokens.access_token };
  }

  return {
    issuer,
    kid,
    signingKey: privateKey,
    accounts,
    requests,
    signIn,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
