/**
 * iOS push through the APNs provider API: `POST {APNS_BASE_URL}/3/device/{token}` over HTTP/2 (node:http2,
 * one session kept open and reopened when it ends), token-based: `authorization: bearer <JWT>` signed
 * ES256 with the .p8 key (header kid = key id, claims iss = team id and iat). Apple refuses a token older
 * than an hour and one renewed more often than every 20 minutes, so one token is reused and renewed after
 * 50 minutes (or at once when APNs says it expired or is invalid).
 *
 * What APNs answers decides what happens to the device token: 410 (Unregistered) and 400 BadDeviceToken
 * mean it will never work (deleted by the caller); 429, 5xx and a connection that fails are retried
 * later; any other 4xx is given up for that message.
 */
import http2, { type ClientHttp2Session } from 'node:http2';
import type { PushMessage } from '@cubierto/contracts';
import { importPKCS8, SignJWT } from 'jose';
import type { ApnsConfig } from '../../config.ts';
import { failed, type NativePushSender, PUSH_TTL_SECONDS, type PushOutcome } from './push.ts';

/** Renewed well inside Apple's one hour, and not more often than its 20 minutes. */
export const APNS_TOKEN_RENEW_MS = 50 * 60_000;

/** The APNs payload: the alert the system shows, and beside `aps` what the app needs when it is tapped. */
export function apnsPayload(message: PushMessage) {
  return {
    aps: { alert: { title: message.title, body: message.body }, sound: 'default' },
    notification_user_id: message.notification_user_id,
    url: message.url,
  };
}

type Answer = { status: number; reason: string | undefined };

export function createApnsSender(
  config: ApnsConfig,
  options: { timeoutMs?: number; now?: () => number } = {},
): NativePushSender {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const now = options.now ?? Date.now;
  let signingKey: Promise<CryptoKey> | undefined;
  let token: { value: string; issuedAt: number } | undefined;
  let session: ClientHttp2Session | undefined;

  async function providerToken(): Promise<string> {
    if (token && now() - token.issuedAt < APNS_TOKEN_RENEW_MS) return token.value;
    signingKey ??= importPKCS8(config.privateKey, 'ES256');
    const issuedAt = now();
    const value = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: config.keyId })
      .setIssuer(config.teamId)
      .setIssuedAt(Math.floor(issuedAt / 1000))
      .sign(await signingKey);
    // Two sends racing here sign twice; both tokens are valid, the later one is kept.
    token = { value, issuedAt };
    return value;
  }

  /** The open session, or a new one (the previous one closed, failed or was told to go away). */
  function connection(): ClientHttp2Session {
    if (session && !session.closed && !session.destroyed) return session;
    const opened = http2.connect(config.baseUrl);
    const forget = () => {
      if (session === opened) session = undefined;
    };
    opened.on('error', forget);
    opened.on('goaway', forget);
    opened.on('close', forget);
    // An idle session does not keep the process alive.
    opened.unref();
    session = opened;
    return opened;
  }

  function post(deviceToken: string, message: PushMessage, bearer: string): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const body = JSON.stringify(apnsPayload(message));
      const request = connection().request({
        ':method': 'POST',
        ':path': `/3/device/${encodeURIComponent(deviceToken)}`,
        authorization: `bearer ${bearer}`,
        'apns-topic': config.topic,
        'apns-push-type': 'alert',
        'apns-priority': '10',
        'apns-expiration': String(Math.floor(now() / 1000) + PUSH_TTL_SECONDS),
        // One notification on the device even if the at-least-once job sends it twice.
        'apns-collapse-id': `notification-${message.notification_user_id}`,
        'content-type': 'application/json',
      });
      let status = 0;
      const chunks: Buffer[] = [];
      request.setTimeout(timeoutMs, () => {
        request.close(http2.constants.NGHTTP2_CANCEL);
        reject(new Error(`APNs did not answer in ${timeoutMs} ms`));
      });
      request.on('response', (headers) => {
        status = Number(headers[':status']);
      });
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        let reason: string | undefined;
        try {
          reason = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { reason?: string }).reason;
        } catch {
          reason = undefined;
        }
        resolve({ status, reason });
      });
      request.on('error', reject);
      request.end(body);
    });
  }

  return {
    async send(deviceToken, message): Promise<PushOutcome> {
      try {
        const used = await providerToken();
        const answer = await post(deviceToken, message, used);
        if (answer.status === 200) return { ok: true, status: 200 };
        const text = `APNs answered ${answer.status}${answer.reason ? ` ${answer.reason}` : ''}`;
        if (answer.reason === 'ExpiredProviderToken' || answer.reason === 'InvalidProviderToken') {
          if (token?.value === used) token = undefined;
          return failed(answer.status, text, { retry: true });
        }
        const gone = answer.status === 410 || (answer.status === 400 && answer.reason === 'BadDeviceToken');
        return failed(answer.status, text, { gone });
      } catch (error) {
        return failed(null, (error as Error).message);
      }
    },
    async close() {
      const open = session;
      session = undefined;
      if (open && !open.closed) await new Promise<void>((resolve) => open.close(() => resolve()));
    },
  };
}
