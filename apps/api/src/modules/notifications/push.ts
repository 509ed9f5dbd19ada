/**
 * Web Push (RFC 8030 delivery, RFC 8291 aes128gcm encryption, RFC 8292 VAPID) through `web-push`, which
 * builds the encrypted body and the signed headers; the request itself goes out with fetch so that the
 * push service's answer decides what happens: 2xx delivered, 404/410 the subscription is gone (deleted by
 * the caller), 429/5xx/network errors retried later, any other 4xx given up for that message.
 *
 * VAPID keys: VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY when set (required in production: config.ts); otherwise,
 * in development and test, a pair generated once into DATA_DIR/vapid-keys.json, so a developer's browser
 * stays subscribed across restarts.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { PushMessage } from '@cubierto/contracts';
import webpush from 'web-push';
import type { Config } from '../../config.ts';

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };
export type PushTarget = { endpoint: string; p256dh: string; auth: string };
export type PushOutcome =
  | { ok: true; status: number }
  | { ok: false; gone: boolean; retry: boolean; status: number | null; message: string };

/** A native push service (FCM, APNs): delivers to a device token. */
export type NativePushSender = {
  send(token: string, message: PushMessage): Promise<PushOutcome>;
  /** Ends open connections (the APNs HTTP/2 session) when the app closes. */
  close(): Promise<void>;
};
export type NativeKind = 'android' | 'ios';

export type PushSender = {
  /** The application server key browsers subscribe with (base64url); null when push is off. */
  publicKey: string | null;
  /** Web Push, to a browser's subscription. */
  send(target: PushTarget, message: PushMessage): Promise<PushOutcome>;
  /** The native services that are configured; a kind without one is stored and not sent to. */
  native?: Partial<Record<NativeKind, NativePushSender>>;
};

/** How long a push service keeps a message for a device that is off; older news is not news. */
export const PUSH_TTL_SECONDS = 24 * 3600;

/**
 * A push that did not go out. Unless told otherwise, every push service is read alike: a device that is
 * gone is not tried again; 429, 5xx and no answer at all (status null: network, timeout) are.
 */
export function failed(
  status: number | null,
  message: string,
  kind: { gone?: boolean; retry?: boolean } = {},
): PushOutcome {
  const gone = kind.gone ?? false;
  const transient = status === null || status === 429 || status >= 500;
  return { ok: false, gone, retry: kind.retry ?? (!gone && transient), status, message };
}

export function vapidKeysFile(dataDir: string): string {
  return path.join(dataDir, 'vapid-keys.json');
}

/** The configured keys, or (outside production) the data folder's pair, made on first use. */
export function resolveVapidKeys(config: Pick<Config, 'env' | 'dataDir' | 'vapid'>): VapidKeys | undefined {
  const { publicKey, privateKey, subject } = config.vapid;
  if (publicKey && privateKey) return { publicKey, privateKey, subject };
  if (config.env === 'production') return undefined;
  const file = vapidKeysFile(config.dataDir);
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
    return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject };
  }
  const generated = webpush.generateVAPIDKeys();
  mkdirSync(config.dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(generated), { mode: 0o600 });
  return { ...generated, subject };
}

export function createWebPushSender(
  keys: VapidKeys | undefined,
  options: { timeoutMs?: number } = {},
): PushSender {
  const timeoutMs = options.timeoutMs ?? 10_000;
  return {
    publicKey: keys?.publicKey ?? null,
    async send(target, message) {
      if (!keys) return failed(null, 'push is not configured', { retry: false });
      let request: ReturnType<typeof webpush.generateRequestDetails>;
      try {
        request = webpush.generateRequestDetails(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          JSON.stringify(message),
          {
            vapidDetails: keys,
            TTL: PUSH_TTL_SECONDS,
            contentEncoding: 'aes128gcm',
            urgency: 'normal',
          },
        );
      } catch (error) {
        // Keys the browser gave that cannot encrypt: the subscription can never work.
        return failed(null, (error as Error).message, { gone: true, retry: false });
      }
      try {
        const response = await fetch(request.endpoint, {
          method: request.method,
          headers: request.headers as Record<string, string>,
          body: request.body ? new Uint8Array(request.body) : null,
          signal: AbortSignal.timeout(timeoutMs),
          redirect: 'error',
        });
        await response.body?.cancel();
        if (response.ok) return { ok: true, status: response.status };
        const status = response.status;
        return failed(status, `push service answered ${status}`, { gone: status === 404 || status === 410 });
      } catch (error) {
        return failed(null, (error as Error).message);
      }
    },
  };
}
