/**
 * The recorded browser requests (bench/fixtures/browser-requests.json): written by bench/record-requests.ts
 * (npm run bench:record), replayed by bench/api.ts (npm run bench:api).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const FIXTURE_PATH = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'fixtures',
  'browser-requests.json',
);

/** A body as sent: JSON (ids as "{param}" strings), or raw bytes (a multipart upload) in base64. */
export type RecordedBody = { json: unknown } | { base64: string };

export type RecordedRequest = {
  /** Order sent, from 1. */
  seq: number;
  /** The journey step it was sent in. */
  journey: string;
  method: string;
  /** Path and query string as sent, ids replaced by `{param}`. */
  url: string;
  /** read: GET/HEAD; write: anything else. */
  kind: 'read' | 'write';
  /** Sent with the session's bearer token. */
  auth: boolean;
  headers: Record<string, string>;
  body: RecordedBody | null;
  status: number;
  /** Not an /api/v4 request: replayed to set the data up, never measured (the sandbox checkout). */
  setup_only?: boolean;
  /** The answer's content type (JSON, a PDF…). */
  response_type: string;
};

export type RecordedParam = {
  /** The request whose answer holds the value, and where (RFC 6901 pointer into its JSON body). */
  from: number;
  pointer: string;
  /** The value is the path segment after this one in the address found there (a checkout URL). */
  after?: string;
  /** The value recorded (informative: the bench reads its own). */
  recorded: string | number;
};

export type RequestFixture = {
  recorded_at: string;
  viewport: string;
  regenerate: string;
  web_request_code: { sha256: string; files: number };
  params: Record<string, RecordedParam>;
  requests: RecordedRequest[];
};

/** Today in Buenos Aires, as the web writes a date (YYYY-MM-DD). */
export function today(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Argentina/Buenos_Aires' }).format(new Date());
}
