/**
 * Android push through Firebase Cloud Messaging, HTTP v1 API:
 * `POST {FCM_BASE_URL}/v1/projects/{project_id}/messages:send` with an OAuth 2 access token. The token
 * comes from the service account (RFC 7523): a JWT signed RS256 with the account's key
 * (iss = client_email, scope = firebase.messaging, aud = token URI, one hour) exchanged at the token URI
 * with grant_type `urn:ietf:params:oauth:grant-type:jwt-bearer`; it is reused until a minute before it
 * expires, and concurrent sends share one exchange.
 *
 * What FCM answers decides what happens to the token: 404 UNREGISTERED, or 400 INVALID_ARGUMENT about
 * the registration token, means the app was uninstalled or the token is not one (deleted by the caller);
 * 429 and 5xx are retried later; 401 renews the access token once at once.
 */
import type { PushMessage } from '@cubierto/contracts';
import { importPKCS8, SignJWT } from 'jose';
import { z } from 'zod';
import type { FcmConfig } from '../../config.ts';
import { failed, type NativePushSender, PUSH_TTL_SECONDS, type PushOutcome } from './push.ts';

export const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
export const JWT_BEARER_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
/** An access token is renewed this long before the token URI says it expires. */
const TOKEN_MARGIN_MS = 60_000;

const AccessTokenSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.coerce.number().positive(),
});

/** FCM's error body (google.rpc.Status with FcmError and BadRequest details). */
const FcmErrorSchema = z.object({
  error: z.object({
    message: z.string().optional(),
    status: z.string().optional(),
    details: z
      .array(
        z.looseObject({
          errorCode: z.string().optional(),
          fieldViolations: z.array(z.looseObject({ field: z.string().optional() })).optional(),
        }),
      )
      .optional(),
  }),
});

/** The FCM message: shown by the system when the app is in the background, data for the tap. */
export function fcmMessage(token: string, message: PushMessage) {
  return {
    token,
    notification: { title: message.title, body: message.body },
    // FCM data values are strings; the app opens `url` when the notification is tapped.
    data: { notification_user_id: String(message.notification_user_id), url: message.url },
    android: {
      priority: 'high',
      ttl: `${PUSH_TTL_SECONDS}s`,
      // One notification on the device even if the at-least-once job sends it twice.
      notification: { tag: `notification-${message.notification_user_id}` },
    },
  };
}

/** Is this error about the registration token (so the token will never work)? */
function tokenIsGone(status: number, body: unknown): boolean {
  const parsed = FcmErrorSchema.safeParse(body);
  if (!parsed.success) return false;
  const { error } = parsed.data;
  const codes = (error.details ?? []).map((d) => d.errorCode).filter(Boolean);
  if (status === 404) return codes.includes('UNREGISTERED') || error.status === 'NOT_FOUND';
  if (status !== 400 || !(codes.includes('INVALID_ARGUMENT') || error.status === 'INVALID_ARGUMENT'))
    return false;
  const aboutToken = (error.details ?? []).some((d) =>
    (d.fieldViolations ?? []).some((v) => v.field === 'message.token'),
  );
  return aboutToken || /registration token/i.test(error.message ?? '');
}

export function createFcmSender(
  config: FcmConfig,
  options: { timeoutMs?: number; now?: () => number } = {},
): NativePushSender {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const now = options.now ?? Date.now;
  const sendUrl = `${config.baseUrl}/v1/projects/${encodeURIComponent(config.projectId)}/messages:send`;
  let signingKey: Promise<CryptoKey> | undefined;
  let token: { value: string; renewAt: number } | undefined;
  let pending: Promise<string> | undefined;

  async function exchange(): Promise<string> {
    signingKey ??= importPKCS8(config.privateKey, 'RS256');
    const issuedAt = Math.floor(now() / 1000);
    const assertion = await new SignJWT({ scope: FCM_SCOPE })
      .setProtectedHeader({
        alg: 'RS256',
        typ: 'JWT',
        ...(config.privateKeyId ? { kid: config.privateKeyId } : {}),
      })
      .setIssuer(config.clientEmail)
      .setSubject(config.clientEmail)
      .setAudience(config.tokenUri)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + 3600)
      .sign(await signingKey);
    const response = await fetch(config.tokenUri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: JWT_BEARER_GRANT, assertion }).toString(),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    });
    const body: unknown = await response.json().catch(() => null);
    const parsed = AccessTokenSchema.safeParse(body);
    if (!response.ok || !parsed.success)
      throw new Error(`FCM token URI answered ${response.status}: ${JSON.stringify(body)?.slice(0, 200)}`);
    token = {
      value: parsed.data.access_token,
      renewAt: now() + parsed.data.expires_in * 1000 - TOKEN_MARGIN_MS,
    };
    return token.value;
  }

  /** The current access token; concurrent sends share one exchange. */
  async function accessToken(): Promise<string> {
    if (token && now() < token.renewAt) return token.value;
    pending ??= exchange().finally(() => {
      pending = undefined;
    });
    return pending;
  }

  async function post(deviceToken: string, message: PushMessage, bearer: string) {
    const response = await fetch(sendUrl, {
      method: 'POST',
      headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ message: fcmMessage(deviceToken, message) }),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    });
    const body: unknown = await response.json().catch(() => null);
    return { status: response.status, ok: response.ok, body };
  }

  return {
    async send(deviceToken, message): Promise<PushOutcome> {
      try {
        const used = await accessToken();
        let answer = await post(deviceToken, message, used);
        if (answer.status === 401) {
          // Revoked or expired early: only forget the refused token (a concurrent send may have a new one).
          if (token?.value === used) token = undefined;
          answer = await post(deviceToken, message, await accessToken());
        }
        if (answer.ok) return { ok: true, status: answer.status };
        const gone = tokenIsGone(answer.status, answer.body);
        // A second 401 (a fresh token refused too) is tried again later, like an outage.
        return failed(answer.status, `FCM answered ${answer.status}`, {
          gone,
          ...(answer.status === 401 ? { retry: true } : {}),
        });
      } catch (error) {
        return failed(null, (error as Error).message);
      }
    },
    async close() {},
  };
}
