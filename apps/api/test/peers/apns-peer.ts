/**
 * A local APNs provider API over HTTP/2 (node:http2, cleartext h2c on 127.0.0.1). The peer makes the
 * team's signing key (a P-256 key pair; `keyPem` is what the .p8 file holds) and checks what Apple does:
 *  - POST /3/device/{token} only; anything else 405 MethodNotAllowed / 404 BadPath.
 *  - `authorization: bearer <JWT>`: ES256, header kid = the key id, iss = the team id, iat not older
 *    than an hour (else 403 ExpiredProviderToken) and verified with the public key (else 403
 *    InvalidProviderToken).
 *  - apns-topic = the app's bundle id (else 400 DeviceTokenNotForTopic / MissingTopic), apns-push-type
 *    'alert', and a JSON payload with aps.alert {title, body} (else 400 PayloadEmpty / BadPayload).
 * `answer(token, …)` makes a device token answer as APNs does for an uninstalled app (410 Unregistered),
 * a token that is not one (400 BadDeviceToken) or a failing service (500 InternalServerError, 503 …).
 */
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import http2, { type IncomingHttpHeaders, type ServerHttp2Stream } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { decodeProtectedHeader, jwtVerify } from 'jose';

export type ApnsDelivery = {
  token: string;
  headers: IncomingHttpHeaders;
  payload: {
    aps: { alert: { title: string; body: string }; sound?: string };
    notification_user_id?: number;
    url?: string;
  };
  /** The provider token (JWT) the request carried. */
  jwt: string;
};

type Answer = { status: number; reason: string };

export type ApnsPeer = {
  url: string;
  keyPem: string;
  keyId: string;
  teamId: string;
  topic: string;
  deliveries: ApnsDelivery[];
  /** Problems found in requests (bad JWT, headers, payload); tests expect it empty. */
  errors: string[];
  /** Every provider token (JWT) received, in order. */
  jwts: string[];
  /** HTTP/2 connections opened to the peer. */
  sessions: number;
  answer(deviceToken: string, answer: 'ok' | 'unregistered' | 'bad-token' | number): void;
  close(): Promise<void>;
};

export async function startApnsPeer(): Promise<ApnsPeer> {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const answers = new Map<string, Answer>();
  const peer: ApnsPeer = {
    url: '',
    keyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    keyId: 'ABC123DEFG',
    teamId: 'TEAM123456',
    topic: 'ar.com.cubierto.app',
    deliveries: [],
    errors: [],
    jwts: [],
    sessions: 0,
    answer(deviceToken, answer) {
      answers.set(
        deviceToken,
        answer === 'ok'
          ? { status: 200, reason: '' }
          : answer === 'unregistered'
            ? { status: 410, reason: 'Unregistered' }
            : answer === 'bad-token'
              ? { status: 400, reason: 'BadDeviceToken' }
              : { status: answer, reason: answer === 429 ? 'TooManyRequests' : 'InternalServerError' },
      );
    },
    close: async () => {},
  };

  const reply = (stream: ServerHttp2Stream, status: number, reason?: string) => {
    const headers = { ':status': status, 'apns-id': randomUUID() };
    if (!reason) {
      stream.respond(headers, { endStream: true });
      return;
    }
    stream.respond({ ...headers, 'content-type': 'application/json' });
    stream.end(JSON.stringify(status === 410 ? { reason, timestamp: Date.now() } : { reason }));
  };
  const refuse = (stream: ServerHttp2Stream, status: number, reason: string) => {
    peer.errors.push(reason);
    reply(stream, status, reason);
  };

  async function handle(stream: ServerHttp2Stream, headers: IncomingHttpHeaders, body: string) {
    if (headers[':method'] !== 'POST') return refuse(stream, 405, 'MethodNotAllowed');
    const match = /^\/3\/device\/([^/?]+)$/.exec(headers[':path'] ?? '');
    if (!match) return refuse(stream, 404, 'BadPath');
    const token = decodeURIComponent(match[1]!);
    const jwt = /^bearer (.+)$/.exec(String(headers.authorization ?? ''))?.[1];
    if (!jwt) return refuse(stream, 403, 'MissingProviderToken');
    peer.jwts.push(jwt);
    try {
      const header = decodeProtectedHeader(jwt);
      if (header.alg !== 'ES256' || header.kid !== peer.keyId)
        return refuse(stream, 403, 'InvalidProviderToken');
      const { payload } = await jwtVerify(jwt, publicKey, {
        algorithms: ['ES256'],
        issuer: peer.teamId,
        requiredClaims: ['iat'],
      });
      if (Date.now() / 1000 - (payload.iat ?? 0) > 3600) return refuse(stream, 403, 'ExpiredProviderToken');
    } catch {
      return refuse(stream, 403, 'InvalidProviderToken');
    }
    if (!headers['apns-topic']) return refuse(stream, 400, 'MissingTopic');
    if (headers['apns-topic'] !== peer.topic) return refuse(stream, 400, 'DeviceTokenNotForTopic');
    if (headers['apns-push-type'] !== 'alert') return refuse(stream, 400, 'InvalidPushType');
    let payload: ApnsDelivery['payload'];
    try {
      payload = JSON.parse(body) as ApnsDelivery['payload'];
    } catch {
      return refuse(stream, 400, body ? 'BadPayload' : 'PayloadEmpty');
    }
    if (typeof payload.aps?.alert?.title !== 'string' || typeof payload.aps.alert.body !== 'string')
      return refuse(stream, 400, 'BadPayload');
    const answer = answers.get(token) ?? { status: 200, reason: '' };
    if (answer.status !== 200) return reply(stream, answer.status, answer.reason);
    peer.deliveries.push({ token, headers, payload, jwt });
    reply(stream, 200);
  }

  const server = http2.createServer();
  server.on('session', () => {
    peer.sessions += 1;
  });
  server.on('stream', (stream, headers) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      handle(stream, headers, Buffer.concat(chunks).toString('utf8')).catch((error: Error) => {
        peer.errors.push(error.message);
        if (!stream.headersSent) reply(stream, 500, 'InternalServerError');
      });
    });
  });
  const sessions = new Set<http2.ServerHttp2Session>();
  server.on('session', (session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  peer.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  peer.close = () =>
    new Promise<void>((resolve) => {
      for (const session of sessions) session.destroy();
      server.close(() => resolve());
    });
  return peer;
}
