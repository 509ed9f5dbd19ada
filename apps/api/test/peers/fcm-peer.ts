/**
 * A local Firebase Cloud Messaging (HTTP v1) and the Google OAuth token URI in front of it (node:http).
 * The peer makes a service account (an RSA key pair; `serviceAccount` is the JSON a developer downloads,
 * its token_uri pointing here) and checks what Google checks:
 *  - POST /token (application/x-www-form-urlencoded) grant_type=urn:ietf:params:oauth:grant-type:jwt-bearer
 *    and assertion = a JWT signed RS256 with the account's key: iss = client_email, scope including
 *    firebase.messaging, aud = this token URI, iat/exp at most an hour apart and not expired
 *    → {access_token, expires_in, token_type:'Bearer'}; otherwise 400 {error:'invalid_grant', …}.
 *  - POST /v1/projects/{project_id}/messages:send with `Authorization: Bearer <access token>` (unknown or
 *    expired → 401 UNAUTHENTICATED) and {message:{token, notification:{title, body}, data:{string values}}}
 *    (anything else → 400 INVALID_ARGUMENT) → {name:'projects/…/messages/…'}.
 * `answer(token, …)` makes a device token answer as FCM does for an uninstalled app ('unregistered' →
 * 404 UNREGISTERED), a token that is not one ('invalid' → 400 INVALID_ARGUMENT on message.token), or a
 * failing service (a status such as 503).
 */
import { generateKeyPairSync, type KeyObject, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { jwtVerify } from 'jose';
import { listenOnLoopback } from './loopback.ts';

export const FCM_PEER_PROJECT = 'cubierto-test';

export type FcmDelivery = {
  token: string;
  message: {
    token: string;
    notification: { title: string; body: string };
    data: Record<string, string>;
    android?: { priority?: string; ttl?: string; notification?: { tag?: string } };
  };
};

export type FcmPeer = {
  url: string;
  /** The service account JSON (as downloaded from the Firebase console). */
  serviceAccount: {
    type: 'service_account';
    project_id: string;
    private_key_id: string;
    private_key: string;
    client_email: string;
    token_uri: string;
  };
  deliveries: FcmDelivery[];
  /** Problems found in requests (bad JWT, bad message); tests expect it empty. */
  errors: string[];
  /** Access tokens issued so far. */
  tokensIssued: number;
  answer(deviceToken: string, answer: 'ok' | 'unregistered' | 'invalid' | number): void;
  /** Forgets every access token issued so far, as if they were revoked. */
  revokeTokens(): void;
  close(): Promise<void>;
};

const googleError = (code: number, status: string, message: string, details: unknown[] = []) => ({
  error: { code, message, status, details },
});

export async function startFcmPeer(options: { expiresIn?: number } = {}): Promise<FcmPeer> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const clientEmail = `push-sender@${FCM_PEER_PROJECT}.iam.gserviceaccount.com`;
  const accessTokens = new Map<string, number>();
  const answers = new Map<string, 'ok' | 'unregistered' | 'invalid' | number>();
  const send = (res: ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' }).end(JSON.stringify(body));
  const readBody = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  };

  const peer: FcmPeer = {
    url: '',
    serviceAccount: {
      type: 'service_account',
      project_id: FCM_PEER_PROJECT,
      private_key_id: randomBytes(20).toString('hex'),
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      client_email: clientEmail,
      token_uri: '',
    },
    deliveries: [],
    errors: [],
    tokensIssued: 0,
    answer(deviceToken, answer) {
      answers.set(deviceToken, answer);
    },
    revokeTokens() {
      accessTokens.clear();
    },
    close: async () => {},
  };

  async function issueToken(req: IncomingMessage, res: ServerResponse, key: KeyObject) {
    const form = new URLSearchParams(await readBody(req));
    const refuse = (why: string) => {
      peer.errors.push(`token: ${why}`);
      send(res, 400, { error: 'invalid_grant', error_description: why });
    };
    if (!String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded'))
      return refuse('not a form');
    if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer')
      return refuse('bad grant_type');
    try {
      const { payload, protectedHeader } = await jwtVerify(form.get('assertion') ?? '', key, {
        algorithms: ['RS256'],
        issuer: clientEmail,
        audience: peer.serviceAccount.token_uri,
        requiredClaims: ['iat', 'exp', 'scope'],
      });
      if (protectedHeader.kid !== peer.serviceAccount.private_key_id) return refuse('unknown kid');
      if (!String(payload.scope).split(' ').includes('https://www.googleapis.com/auth/firebase.messaging'))
        return refuse('scope');
      if ((payload.exp ?? 0) - (payload.iat ?? 0) > 3600) return refuse('lifetime over an hour');
    } catch (error) {
      return refuse((error as Error).message);
    }
    const expiresIn = options.expiresIn ?? 3599;
    const accessToken = `ya29.${randomBytes(24).toString('base64url')}`;
    accessTokens.set(accessToken, Date.now() + expiresIn * 1000);
    peer.tokensIssued += 1;
    send(res, 200, { access_token: accessToken, expires_in: expiresIn, token_type: 'Bearer' });
  }

  async function sendMessage(req: IncomingMessage, res: ServerResponse) {
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    const expiresAt = accessTokens.get(bearer);
    if (!expiresAt || expiresAt < Date.now()) {
      send(res, 401, googleError(401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.'));
      return;
    }
    let message: FcmDelivery['message'] | undefined;
    try {
      message = (JSON.parse(await readBody(req)) as { message?: FcmDelivery['message'] }).message;
    } catch {
      message = undefined;
    }
    const shapeProblem = !message
      ? 'no message'
      : typeof message.token !== 'string' || !message.token
        ? 'no token'
        : typeof message.notification?.title !== 'string' || typeof message.notification?.body !== 'string'
          ? 'notification needs title and body'
          : !message.data || Object.values(message.data).some((v) => typeof v !== 'string')
            ? 'data values must be strings'
            : null;
    if (shapeProblem || !message) {
      peer.errors.push(`send: ${shapeProblem}`);
      send(res, 400, googleError(400, 'INVALID_ARGUMENT', `Invalid message: ${shapeProblem}`));
      return;
    }
    const answer = answers.get(message.token) ?? 'ok';
    if (answer === 'unregistered') {
      send(
        res,
        404,
        googleError(404, 'NOT_FOUND', 'Requested entity was not found.', [
          { '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: 'UNREGISTERED' },
        ]),
      );
      return;
    }
    if (answer === 'invalid') {
      send(
        res,
        400,
        googleError(400, 'INVALID_ARGUMENT', 'The registration token is not a valid FCM registration token', [
          { '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: 'INVALID_ARGUMENT' },
          {
            '@type': 'type.googleapis.com/google.rpc.BadRequest',
            fieldViolations: [{ field: 'message.token', description: 'Invalid registration token' }],
          },
        ]),
      );
      return;
    }
    if (typeof answer === 'number') {
      send(res, answer, googleError(answer, 'UNAVAILABLE', 'The service is currently unavailable.'));
      return;
    }
    peer.deliveries.push({ token: message.token, message });
    send(res, 200, { name: `projects/${FCM_PEER_PROJECT}/messages/${randomBytes(8).toString('hex')}` });
  }

  const server = createServer((req, res) => {
    const url = req.url ?? '';
    const handle =
      req.method === 'POST' && url === '/token'
        ? issueToken(req, res, publicKey)
        : req.method === 'POST' && url === `/v1/projects/${FCM_PEER_PROJECT}/messages:send`
          ? sendMessage(req, res)
          : Promise.resolve(send(res, 404, googleError(404, 'NOT_FOUND', 'Not found')));
    handle.catch((error: Error) => {
      peer.errors.push(error.message);
      if (!res.headersSent) send(res, 500, googleError(500, 'INTERNAL', error.message));
    });
  });
  const listening = await listenOnLoopback(server);
  peer.url = listening.url;
  peer.serviceAccount.token_uri = `${listening.url}/token`;
  peer.close = listening.close;
  return peer;
}
