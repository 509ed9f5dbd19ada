/**
 * Replaying bench/fixtures/browser-requests.json (recorded by bench/record-requests.ts) against a running
 * app: the recorded requests made concrete for this database (ids read from its own answers where the
 * fixture says, dates from today, a fresh Idempotency-Key per send), sent in order as the browser did.
 * Used by bench/api.ts (load) and bench/api-profile.ts (statements and time per request).
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { FIXTURE_PATH, type RecordedRequest, type RequestFixture, today } from './request-fixture.ts';

export const fixture = JSON.parse(readFileSync(FIXTURE_PATH, 'utf8')) as RequestFixture;

/** A recorded request made concrete for this bench's data. */
export type Concrete = {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  /** The status the browser got. */
  status: number;
};

type Values = Map<string, string | number>;

/** Today in Buenos Aires plus `days`, as the web writes a date. */
function dateFromToday(days: number): string {
  const base = Date.parse(today());
  return new Date(base + days * 86_400_000).toISOString().slice(0, 10);
}

function fillText(text: string, values: Values, encode: boolean): string {
  return text.replace(/\{(date[+-]\d+|[A-Za-z]\w*)\}/g, (whole, name: string) => {
    const date = /^date([+-])(\d+)$/.exec(name);
    if (date) return dateFromToday((date[1] === '-' ? -1 : 1) * Number(date[2]));
    if (name === 'uuid') return randomUUID();
    const value = values.get(name);
    if (value === undefined) return whole;
    return encode ? encodeURIComponent(String(value)) : String(value);
  });
}

function fillJson(value: unknown, values: Values): unknown {
  if (Array.isArray(value)) return value.map((v) => fillJson(v, values));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillJson(v, values)]));
  if (typeof value === 'string') {
    const whole = /^\{([A-Za-z]\w*)\}$/.exec(value);
    if (whole && whole[1] !== 'uuid' && values.has(whole[1]!)) return values.get(whole[1]!);
    return fillText(value, values, false);
  }
  return value;
}

export function concrete(r: RecordedRequest, values: Values, token: string): Concrete {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(r.headers)) {
    if (name === 'idempotency-key') continue;
    headers[name] = fillText(value, values, false);
  }
  if (r.auth) headers.authorization = `Bearer ${token}`;
  let body: string | Buffer | undefined;
  if (r.body && 'json' in r.body) body = JSON.stringify(fillJson(r.body.json, values));
  else if (r.body && 'base64' in r.body) body = Buffer.from(r.body.base64, 'base64');
  return { method: r.method, path: fillText(r.url, values, true), headers, body, status: r.status };
}

/** Headers of one send: a fresh Idempotency-Key where the browser sent one. */
function sendHeaders(r: RecordedRequest, c: Concrete): Record<string, string> {
  return r.headers['idempotency-key'] ? { ...c.headers, 'idempotency-key': randomUUID() } : c.headers;
}

export async function send(
  port: number,
  r: RecordedRequest,
  c: Concrete,
): Promise<{ status: number; json: unknown; ms: number; text: string }> {
  const started = performance.now();
  const res = await fetch(`http://127.0.0.1:${port}${c.path}`, {
    method: c.method,
    headers: sendHeaders(r, c),
    body: typeof c.body === 'string' || c.body === undefined ? c.body : new Uint8Array(c.body),
    redirect: 'manual',
  });
  const text = await res.text();
  const ms = performance.now() - started;
  let json: unknown = null;
  if ((res.headers.get('content-type') ?? '').includes('json')) json = JSON.parse(text);
  return { status: res.status, json, ms, text };
}

function atPointer(json: unknown, pointer: string): unknown {
  let here = json;
  for (const raw of pointer.split('/').slice(1)) {
    const part = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (here === null || typeof here !== 'object') return undefined;
    here = (here as Record<string, unknown>)[part];
  }
  return here;
}

/** The parameters an answer holds (the fixture says which request's answer, and where). */
function collect(seq: number, json: unknown, values: Values) {
  for (const [name, p] of Object.entries(fixture.params)) {
    if (p.from !== seq) continue;
    let value = atPointer(json, p.pointer);
    if (p.after && typeof value === 'string') {
      const at = value.indexOf(p.after);
      value = at < 0 ? undefined : value.slice(at + p.after.length).split(/[/?#&]/)[0];
    }
    if (typeof value === 'number' || typeof value === 'string') values.set(name, value);
  }
}

function findToken(json: unknown): string | undefined {
  if (!json || typeof json !== 'object') return undefined;
  for (const [k, v] of Object.entries(json)) {
    if (k === 'access_token' && typeof v === 'string') return v;
    const inner = findToken(v);
    if (inner) return inner;
  }
  return undefined;
}

export const isSignIn = (r: RecordedRequest) => r.method === 'POST' && r.url.startsWith('/api/v4/auth/login');

export type Replay = {
  values: Values;
  token: string;
  /** Per recorded request: the status and time it got here. */
  got: Map<number, { status: number; ms: number }>;
};

/**
 * Replays the recorded journeys in order against the app, as the demo customer of this database: each id
 * is read from this database's answers where the recording says. `atWrite` is called after each write
 * that answered as recorded (the writes are measured there, while what they write to is as the journey
 * left it).
 */
export async function replay(
  port: number,
  seededToken: string,
  atWrite?: (r: RecordedRequest, replay: Replay) => Promise<void>,
  log: (message: string) => void = (m) => process.stderr.write(`${m}\n`),
): Promise<Replay> {
  const state: Replay = { values: new Map(), token: seededToken, got: new Map() };
  for (const r of fixture.requests) {
    const c = concrete(r, state.values, state.token);
    const got = await send(port, r, c);
    state.got.set(r.seq, { status: got.status, ms: got.ms });
    if (got.status !== r.status) {
      log(
        `  replay #${r.seq} ${r.method} ${c.path}: ${got.status}, recorded ${r.status}: ${got.text.slice(0, 200)}`,
      );
    }
    if (isSignIn(r)) state.token = findToken(got.json) ?? state.token;
    collect(r.seq, got.json, state.values);
    if (atWrite && r.kind === 'write' && !r.setup_only && !isSignIn(r) && got.status === r.status) {
      await atWrite(r, state);
    }
  }
  return state;
}

/** One distinct request: the same method, path with its query string, and body. */
export function distinctKey(r: RecordedRequest): string {
  return `${r.method} ${r.url} ${JSON.stringify(r.body)}`;
}

export function labelOf(r: RecordedRequest): string {
  return `${r.method} ${decodeURIComponent(r.url.replace(/^\/api\/v4/, ''))}`;
}

/** Sends a request twice more as it stands: does it answer as recorded again (a write that can repeat)? */
export async function repeats(port: number, r: RecordedRequest, c: Concrete): Promise<string | null> {
  for (let i = 0; i < 2; i += 1) {
    const got = await send(port, r, c);
    if (got.status !== r.status) return `answers ${got.status} when sent again (recorded ${r.status})`;
  }
  return null;
}
