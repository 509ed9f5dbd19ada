/**
 * A small Facebook Graph API on 127.0.0.1 (node:http), answering as Graph documents:
 *  - GET /{version}/debug_token?input_token&access_token={app-id}|{app-secret}
 *    → {data:{app_id, type, application, expires_at, is_valid, scopes, user_id}}; a token it does not know
 *    → {data:{error:{code:190,…}, is_valid:false, scopes:[]}}.
 *  - GET /{version}/me?fields=id,name,email&access_token[&appsecret_proof] → only the fields asked for.
 *  - GET /{version}/oauth/access_token?client_id&redirect_uri&client_secret&code
 *    → {access_token, token_type:'bearer', expires_in}; codes are single-use and tied to redirect_uri.
 * Errors are Graph's `{error:{message, type:'OAuthException', code, fbtrace_id}}` with status 400.
 * `outage = true` makes every endpoint answer 500 with a transient error.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type GraphUser = { id: string; name: string; email?: string };

export type FacebookGraphPeer = {
  /** Base URL including the API version, as FACEBOOK_GRAPH_URL expects. */
  graphUrl: string;
  users: Map<string, GraphUser>;
  /** A user access token; `appId` defaults to the peer's app, `expiresIn` (seconds) may be negative. */
  issueToken(userId: string, options?: { appId?: string; expiresIn?: number }): string;
  /** An OAuth dialog code for the peer's app, redeemable once with exactly this redirect_uri. */
  issueCode(userId: string, redirectUri: string): string;
  outage: boolean;
  /** Paths the peer was asked for, in order (for asserting on what the app sent). */
  requests: URL[];
  close(): Promise<void>;
};

const VERSION = 'v19.0';

export async function startFacebookGraphPeer(options: {
  appId: string;
  appSecret: string;
  users?: GraphUser[];
}): Promise<FacebookGraphPeer> {
  const users = new Map((options.users ?? []).map((user) => [user.id, user]));
  const tokens = new Map<string, { userId: string; appId: string; expiresAt: number }>();
  const codes = new Map<string, { userId: string; redirectUri: string }>();
  const requests: URL[] = [];
  const now = () => Math.floor(Date.now() / 1000);

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' }).end(JSON.stringify(body));
  };
  const graphError = (res: ServerResponse, code: number, message: string, extra: object = {}) =>
    send(res, 400, {
      error: { message, type: 'OAuthException', code, ...extra, fbtrace_id: randomBytes(6).toString('hex') },
    });

  const peer: FacebookGraphPeer = {
    graphUrl: '',
    users,
    outage: false,
    requests,
    issueToken(userId, { appId = options.appId, expiresIn = 3600 } = {}) {
      const token = `EAA${randomBytes(24).toString('base64url')}`;
      tokens.set(token, { userId, appId, expiresAt: now() + expiresIn });
      return token;
    },
    issueCode(userId, redirectUri) {
      const code = `AQ${randomBytes(24).toString('base64url')}`;
      codes.set(code, { userId, redirectUri });
      return code;
    },
    close: async () => {},
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://graph.local');
    requests.push(url);
    const q = url.searchParams;
    if (peer.outage) {
      return send(res, 500, {
        error: {
          message: 'An unexpected error has occurred. Please retry your request later.',
          type: 'OAuthException',
          is_transient: true,
          code: 2,
        },
      });
    }
    if (req.method !== 'GET') return graphError(res, 100, 'Unsupported request method');

    switch (url.pathname) {
      case `/${VERSION}/debug_token`: {
        if (q.get('access_token') !== `${options.appId}|${options.appSecret}`) {
          return graphError(res, 190, 'Invalid OAuth access token signature.');
        }
        const input = q.get('input_token') ?? '';
        const token = tokens.get(input);
        if (!token) {
          return send(res, 200, {
            data: {
              error: { code: 190, message: 'Invalid OAuth access token.' },
              is_valid: false,
              scopes: [],
            },
          });
        }
        const valid = token.expiresAt > now();
        return send(res, 200, {
          data: {
            app_id: token.appId,
            type: 'USER',
            application: token.appId === options.appId ? 'Cubierto' : 'Otra app',
            data_access_expires_at: token.expiresAt + 7_776_000,
            expires_at: token.expiresAt,
            is_valid: valid,
            ...(valid
              ? {}
              : {
                  error: {
                    code: 190,
                    message: 'Error validating access token: Session has expired.',
                    subcode: 463,
                  },
                }),
            scopes: ['email', 'public_profile'],
            user_id: token.userId,
          },
        });
      }
      case `/${VERSION}/me`: {
        const accessToken = q.get('access_token') ?? '';
        const token = tokens.get(accessToken);
        if (!token || token.expiresAt <= now()) {
          return graphError(res, 190, 'Invalid OAuth access token data.');
        }
        const proof = q.get('appsecret_proof');
        // The app's setting "Require App Secret": calls with a user token must prove the app secret.
        if (
          token.appId === options.appId &&
          proof !== createHmac('sha256', options.appSecret).update(accessToken).digest('hex')
        ) {
          return graphError(res, 100, 'Invalid appsecret_proof provided in the API argument');
        }
        const user = users.get(token.userId);
        if (!user) return graphError(res, 100, 'Unsupported get request.');
        const fields = (q.get('fields') ?? 'id,name').split(',');
        const body: Record<string, string> = {};
        for (const field of fields) {
          const value = user[field as keyof GraphUser];
          if (value !== undefined) body[field] = value;
        }
        return send(res, 200, body);
      }
      case `/${VERSION}/oauth/access_token`: {
        if (q.get('client_id') !== options.appId || q.get('client_secret') !== options.appSecret) {
          return graphError(res, 1, 'Error validating client secret.');
        }
        const code = codes.get(q.get('code') ?? '');
        if (!code) {
          return graphError(res, 100, 'Invalid verification code format.', { error_subcode: 36009 });
        }
        if (code.redirectUri !== q.get('redirect_uri')) {
          return graphError(
            res,
            100,
            'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
            { error_subcode: 36008 },
          );
        }
        codes.delete(q.get('code') ?? '');
        return send(res, 200, {
          access_token: peer.issueToken(code.userId, { expiresIn: 5_183_944 }),
          token_type: 'bearer',
          expires_in: 5_183_944,
        });
      }
      default:
        return graphError(res, 100, `Unknown path components: ${url.pathname}`);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  peer.graphUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/${VERSION}`;
  peer.close = () =>
    new Promise<void>((resolve, reject) => {
      server.closeAllConnections();
      server.close((error) => (error ? reject(error) : resolve()));
    });
  return peer;
}
