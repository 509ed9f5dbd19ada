/**
 * What the Mercado Pago and Ualá adapters share: calling a provider's REST API, money in pesos as the
 * providers take it, webhook signatures (HMAC-SHA256 with a timestamp, stale ones refused), and the
 * payment as read back from the provider — the only thing a notification is ever acted on.
 *
 * Failures: a provider that cannot be reached, times out, answers 429/5xx or answers nonsense is
 * `provider_unavailable` (502). A webhook answering that makes the provider retry later.
 */
import { createHmac } from 'node:crypto';
import type { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { safeEqual } from '../../lib/tokens.ts';
import type { CheckoutProvider } from './payment-service.ts';

export const PROVIDER_TIMEOUT_MS = 8_000;
/** A signed notification older (or newer) than this is refused as a replay. */
export const WEBHOOK_TOLERANCE_MS = 5 * 60_000;

/** A provider's payment as its API reports it when we ask. */
export type ProviderPayment = {
  providerPaymentId: string;
  externalReference: string | null;
  /** In the classification vocabulary of the spec (approved, pending, rejected …). */
  status: string | null;
  amountCents: number;
  currency: string;
  /** The provider's id of who paid (Mercado Pago's payer.id), when it reports one. */
  payerId?: string | null;
};

/** A checkout provider whose payments can be read back by id (null: the provider does not know it). */
export type NotifyingProvider = CheckoutProvider & {
  readPayment(id: string): Promise<ProviderPayment | null>;
  /**
   * Asks the provider to give `amountCents` of a payment back to the payer (a withdrawal). The provider
   * confirms it later through its webhook; answers the provider's id of the refund when it gives one.
   */
  refundPayment(input: {
    providerPaymentId: string;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<{ refundId: string | null }>;
};

/** Whether a checkout provider can refund (Mercado Pago and Ualá can; the sandbox cannot). */
export function canRefund(provider: CheckoutProvider | undefined): provider is NotifyingProvider {
  return !!provider && 'refundPayment' in provider;
}

export function providerUnavailable(provider: string, cause?: unknown): AppError {
  return new AppError('provider_unavailable', {
    message: `${provider} no respondió. Intentá de nuevo en unos minutos.`,
    cause,
  });
}

export type ProviderResponse = { status: number; body: unknown };

/** One JSON call with a time limit; answers 2xx and 4xx (the caller decides), throws on the rest. */
export async function callProvider(
  provider: string,
  url: string,
  init: { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: unknown } = {},
): Promise<ProviderResponse> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method ?? 'GET',
      redirect: 'error',
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
      headers: {
        accept: 'application/json',
        ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...init.headers,
      },
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    });
  } catch (error) {
    throw providerUnavailable(provider, error);
  }
  if (response.status >= 500 || response.status === 429) {
    throw providerUnavailable(provider, new Error(`${url} answered ${response.status}`));
  }
  try {
    return { status: response.status, body: await response.json() };
  } catch (error) {
    throw providerUnavailable(provider, error);
  }
}

/** A 2xx body in the expected shape; anything else is the provider's (or our configuration's) trouble. */
export function expectBody<T extends z.ZodType>(
  provider: string,
  response: ProviderResponse,
  schema: T,
): z.infer<T> {
  if (response.status < 200 || response.status >= 300) {
    throw providerUnavailable(
      provider,
      new Error(`answered ${response.status}: ${JSON.stringify(response.body)}`),
    );
  }
  const parsed = schema.safeParse(response.body);
  if (!parsed.success) throw providerUnavailable(provider, parsed.error);
  return parsed.data;
}

/** Centavos → pesos, as the providers' APIs take amounts (12345 → 123.45). */
export function pesos(cents: number): number {
  return cents / 100;
}

/** Pesos as a provider reports them (number or decimal text) → centavos. */
export function centsOf(amount: number | string): number {
  return Math.round(Number(amount) * 100);
}

export function hmacSha256Hex(secret: string, message: string | Buffer): string {
  return createHmac('sha256', secret).update(message).digest('hex');
}

/** `ts=…,v1=…` (or `t=…,v1=…`) → its parts; keys are case-insensitive, spaces ignored. */
export function signatureParts(header: string | undefined): Record<string, string> {
  const parts: Record<string, string> = {};
  for (const piece of (header ?? '').split(',')) {
    const at = piece.indexOf('=');
    if (at > 0) parts[piece.slice(0, at).trim().toLowerCase()] = piece.slice(at + 1).trim();
  }
  return parts;
}

export function invalidSignature(message = 'La firma de la notificación no es válida.'): AppError {
  return new AppError('unauthenticated', { message });
}

/**
 * Checks a timestamped HMAC-SHA256 signature: the expected hex digest of `message`, compared in constant
 * time, and a timestamp (seconds or milliseconds since the epoch) within the tolerance of `now`.
 */
export function verifyTimestampedSignature(input: {
  secret: string;
  message: string | Buffer;
  timestamp: string | undefined;
  signature: string | undefined;
  now: Date;
}): void {
  if (!input.timestamp || !input.signature || !/^\d{1,16}$/.test(input.timestamp)) throw invalidSignature();
  const expected = hmacSha256Hex(input.secret, input.message);
  if (!safeEqual(expected, input.signature.toLowerCase())) throw invalidSignature();
  const stamp = Number(input.timestamp);
  const ms = stamp < 1e11 ? stamp * 1000 : stamp;
  if (Math.abs(input.now.getTime() - ms) > WEBHOOK_TOLERANCE_MS) {
    throw invalidSignature('La notificación venció: su firma tiene más de 5 minutos.');
  }
}
