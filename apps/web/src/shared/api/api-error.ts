/**
 * The one error type of the web app's calls. `body` is the API's error body (spec §8: message as text or
 * map, validations as text or field → messages, error_code) when one came back; `status` 0 means the
 * request never got an answer (network down, blocked, aborted by the browser).
 *
 * The body is read by hand rather than with the contracts' ErrorBodySchema so that the first page does
 * not need zod just to be able to show an error.
 */
import type { ErrorBody, ErrorCode } from '@cubierto/contracts';

/** An error body as it came: the codes of contracts, or another one from an API newer than this build. */
export type ApiErrorBody = Partial<Omit<ErrorBody, 'error_code'>> & {
  error_code?: ErrorCode | (string & {});
};

export class ApiError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody | null;
  /** Set when the session already reacted (401 → login, 503 → maintenance), so no toast is shown. */
  handled = false;

  constructor(status: number, body: ApiErrorBody | null, options?: { cause?: unknown }) {
    super(typeof body?.message === 'string' ? body.message : `HTTP ${status}`, options);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  get code(): ErrorCode | (string & {}) | undefined {
    return this.body?.error_code;
  }
}

/**
 * Whether the error is the API's answer with one of these error codes. The web branches on codes, never
 * on HTTP statuses (those are the client's business: 401 → session, 503 → maintenance).
 */
export function hasErrorCode(error: unknown, ...codes: readonly ErrorCode[]): error is ApiError {
  return error instanceof ApiError && codes.some((code) => error.code === code);
}

/** The API said the thing asked for does not exist (or is not the customer's). */
export function isNotFound(error: unknown): error is ApiError {
  return hasErrorCode(error, 'not_found');
}

/**
 * The request got no answer at all (status 0: network down, blocked, aborted by the browser): the API
 * may or may not have done what was asked, so a retry keeps the attempt's Idempotency-Key.
 */
export function isUnanswered(error: unknown): boolean {
  return error instanceof ApiError && error.status === 0;
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return (
    !!value && typeof value === 'object' && Object.values(value).every((item) => typeof item === 'string')
  );
}

function isMessagesRecord(value: unknown): value is Record<string, string[]> {
  return (
    !!value &&
    typeof value === 'object' &&
    Object.values(value).every(
      (item) => Array.isArray(item) && item.every((line) => typeof line === 'string'),
    )
  );
}

/**
 * Reads whatever came back as an error body: null when there was no JSON object at all, otherwise the
 * spec's fields that are present (possibly none).
 */
export function parseErrorBody(raw: unknown): ApiErrorBody | null {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return null;
  const record = raw as Record<string, unknown>;
  const body: ApiErrorBody = {};
  if (typeof record.message === 'string' || isStringRecord(record.message)) body.message = record.message;
  if (typeof record.validations === 'string' || isMessagesRecord(record.validations)) {
    body.validations = record.validations;
  }
  if (typeof record.error_code === 'string') body.error_code = record.error_code;
  return body;
}
