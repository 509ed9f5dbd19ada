/**
 * A local Web Push service and the browser it delivers to. `subscribe()` makes what a browser's
 * PushManager would: an endpoint on this server and a fresh P-256 key pair with an auth secret. Every
 * message POSTed to an endpoint is checked like a push service does (VAPID JWT signed by the key in the
 * Authorization header, audience = this origin) and decrypted like a browser does (RFC 8291 aes128gcm:
 * ECDH with the sender's key, HKDF with the auth secret, AES-128-GCM), so tests read the real content.
 * `answer(status)` makes an endpoint answer as a push service would for gone (410), unknown (404) or
 * failing (500) subscriptions.
 */
import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PushMessage } from '@cubierto/contracts';
import { decodeProtectedHeader, importJWK, jwtVerify } from 'jose';

export type PeerSubscription = {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** The browser's private half, kept by the peer to decrypt. */
  privateKey: Buffer;
};

export type Delivery = {
  subscriptionId: string;
  message: PushMessage;
  receivedAt: number;
  headers: IncomingMessage['headers'];
};

const b64u = (b: Buffer) => b.toString('base64url');

/** Decrypts one aes128gcm record (RFC 8188) sent to this subscriber (RFC 8291). */
export function decryptAes128gcm(
  body: Buffer,
  subscriber: { publicKey: Buffer; privateKey: Buffer; auth: Buffer },
) {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderPublicKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(subscriber.privateKey);
  const secret = ecdh.computeSecret(senderPublicKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), subscriber.publicKey, senderPublicKey]);
  const ikm = Buffer.from(hkdfSync('sha256', secret, subscriber.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('bad padding delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/** Checks `Authorization: vapid t=<jwt>, k=<key>` as a push service does; answers the key used. */
async function verifyVapid(header: string | undefined, audience: string): Promise<string> {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error('missing VAPID authorization');
  const [, jwt, key] = match as unknown as [string, string, string];
  if (decodeProtectedHeader(jwt).alg !== 'ES256') throw new Error('VAPID JWT is not ES256');
  const point = Buffer.from(key, 'base64url');
  const jwk = { kty: 'EC', crv: 'P-256', x: b64u(point.subarray(1, 33)), y: b64u(point.subarray(33, 65)) };
  const { payload } = await jwtVerify(jwt, await importJWK(jwk, 'ES256'), { audience });
  if (typeof payload.sub !== 'string' || !/^(mailto:|https:)/.test(payload.sub))
    throw new Error('bad VAPID sub');
  return key;
}

export type PushPeer = {
  url: string;
  deliveries: Delivery[];
  /** Problems found in received requests (bad VAPID, undecryptable body); tests expect it empty. */
  errors: string[];
  subscribe(): PeerSubscription;
  /** From now on this subscription's endpoint answers `status` (410 gone, 404 unknown, 500 failing). */
  answer(subscription: PeerSubscription, status: number): void;
  /** Resolves once `count` deliveries in all have arrived (or rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<Delivery[]>;
  close(): Promise<void>;
};

export async function startPushPeer(options: { onDelivery?: (d: Delivery) => void } = {}): Promise<PushPeer> {
  const subscribers = new Map<
    string,
    { publicKey: Buffer; privateKey: Buffer; auth: Buffer; status: number }
  >();
  const deliveries: Delivery[] = [];
  const errors: string[] = [];
  let waiters: Array<() => void> = [];
  let origin = '';

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const id = (req.url ?? '').replace(/^\/push\//, '');
      const subscriber = subscribers.get(id);
      if (req.method !== 'POST' || !subscriber) {
        res.writeHead(404).end();
        return;
      }
      if (subscriber.status !== 201) {
        res.writeHead(subscriber.status).end();
        return;
      }
      try {
        await verifyVapid(req.headers.authorization, origin);
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
        if (!req.headers.ttl) throw new Error('missing TTL');
        const text = decryptAes128gcm(Buffer.concat(chunks), subscriber);
        const delivery = {
          subscriptionId: id,
          message: JSON.parse(text) as PushMessage,
          receivedAt: performance.now(),
          headers: req.headers,
        };
        deliveries.push(delivery);
        options.onDelivery?.(delivery);
        res.writeHead(201, { location: `${origin}/message/${deliveries.length}` }).end();
        for (const wake of waiters) wake();
      } catch (error) {
        errors.push((error as Error).message);
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: origin,
    deliveries,
    errors,
    subscribe() {
      const ecdh = createECDH('prime256v1');
      const publicKey = ecdh.generateKeys();
      const auth = randomBytes(16);
      const id = randomBytes(12).toString('hex');
      subscribers.set(id, { publicKey, privateKey: ecdh.getPrivateKey(), auth, status: 201 });
      return {
        endpoint: `${origin}/push/${id}`,
        keys: { p256dh: b64u(publicKey), auth: b64u(auth) },
        privateKey: ecdh.getPrivateKey(),
      };
    },
    answer(subscription, status) {
      const id = subscription.endpoint.split('/').pop()!;
      const s = subscribers.get(id);
      if (s) s.status = status;
    },
    waitFor(count, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters = waiters.filter((w) => w !== check);
          reject(new Error(`${deliveries.length} of ${count} pushes arrived in ${timeoutMs} ms`));
        }, timeoutMs);
        const check = () => {
          if (deliveries.length >= count) {
            clearTimeout(timer);
            waiters = waiters.filter((w) => w !== check);
            resolve(deliveries);
          }
        };
        waiters.push(check);
        check();
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
