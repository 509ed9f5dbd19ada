/**
 * The API client (spec §7): base /api/v4, Authorization: Bearer with the stored session token, Context-Id
 * with the stored context, cookies sent, a form-data PUT sent as POST with `_method=PUT`, a 207's status
 * copied into its body data. A 401 on an authenticated call and any 503 are handed to the session
 * (sign out / maintenance) through the handlers the app registers at start.
 */
import { StorageKey, storage } from '../storage/storage.ts';
import { ApiError, parseErrorBody } from './api-error.ts';

/**
 * Where the API is: empty for the page's own origin (the API serves the web build), or the origin a build
 * is made for with VITE_API_ORIGIN — the Android and iOS apps, whose pages run at https://localhost and
 * capacitor://localhost, reach the API there (docs/decisions/014).
 */
export const API_ORIGIN = (import.meta.env.VITE_API_ORIGIN ?? '').replace(/\/+$/, '');
export const API_BASE = `${API_ORIGIN}/api/v4`;

/** An address the API gave (`/api/v4/files/…` of an avatar or a logo) as the page can load it. */
export function apiFileUrl(url: string): string;
export function apiFileUrl(url: string | null | undefined): string | null;
export function apiFileUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  return url.startsWith('/api/') ? `${API_ORIGIN}${url}` : url;
}

/**
 * Spec §7: "the configured fixed token if one exists, otherwise the stored session token". A kiosk or
 * partner build is made with VITE_FIXED_TOKEN (a session token the API issued for that device's account);
 * it then wins over any session stored in the browser. Read on each call, never stored.
 */
function fixedToken(): string | null {
  return import.meta.env.VITE_FIXED_TOKEN?.trim() || null;
}

/**
 * The cloud storage host (VITE_STORAGE_ORIGIN, e.g. the S3 bucket's public origin) whose files the app
 * may fetch directly by their absolute URL: those requests carry no session header.
 */
function storageOrigin(): string | null {
  return import.meta.env.VITE_STORAGE_ORIGIN?.replace(/\/+$/, '') || null;
}

/**
 * Spec §7: requests to the cloud storage host or to a path containing /check get an
 * Access-Control-Allow-Origin header. Its value is `*` (DOMAIN.md, "Request headers"): a request header
 * that browsers and our API ignore for CORS; the API's CORS allow-list accepts it so cross-origin builds
 * can send it.
 */
export const ALLOW_ORIGIN_REQUEST_HEADER = ['Access-Control-Allow-Origin', '*'] as const;

function isStorageUrl(url: string): boolean {
  const origin = storageOrigin();
  return origin !== null && (url === origin || url.startsWith(`${origin}/`));
}

export function wantsAllowOriginHeader(url: string): boolean {
  if (isStorageUrl(url)) return true;
  const { pathname } = new URL(url, 'http://app.invalid');
  return pathname.includes('/check');
}

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: QueryParams;
  /** A plain value is sent as JSON; FormData as multipart. */
  body?: unknown;
  /** Send the session token and cookies (default). Social sign-in goes without (spec §7). */
  auth?: boolean;
  /** Extra headers, e.g. the Idempotency-Key of a payment. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

export type SessionEventHandlers = {
  onUnauthorized?: (error: ApiError) => void;
  onMaintenance?: (error: ApiError) => void;
};

let sessionHandlers: SessionEventHandlers = {};

/** The app registers what a 401 or a 503 does (it owns navigation); shared code only reports them. */
export function setSessionEventHandlers(handlers: SessionEventHandlers): void {
  sessionHandlers = handlers;
}

/**
 * The session ended on the server by the customer's own action (the account was deleted): the app
 * forgets it and goes to login exactly as after a 401.
 */
export function reportSessionEnded(): void {
  sessionHandlers.onUnauthorized?.(new ApiError(401, null));
}

export function buildUrl(path: string, query?: QueryParams): string {
  const url = isStorageUrl(path) ? path : path.startsWith('/') ? `${API_BASE}${path}` : `${API_BASE}/${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

export type SentRequest = { response: Response; sentToken: boolean };

/** The stored session token (when `auth`) and context id as headers; also for uploads sent without fetch. */
export async function sessionHeaders(
  auth = true,
): Promise<{ headers: Record<string, string>; sentToken: boolean }> {
  const headers: Record<string, string> = {};
  const token = auth ? (fixedToken() ?? (await storage.get<string>(StorageKey.token))) : null;
  if (token) headers.Authorization = `Bearer ${token}`;
  const context = await storage.get<{ id: number }>(StorageKey.context);
  if (context?.id) headers['Context-Id'] = String(context.id);
  return { headers, sentToken: Boolean(token) };
}

/**
 * The session's calls send credentials; the storage host and public writes none. A public read goes as the
 * server's preloads of a prerendered page do (`Link: rel=preload; crossorigin`, src/prerender/pages.ts):
 * the browser hands a request its preloaded answer only when their credentials modes match. The API sets
 * no cookie; a call to another origin (the apps') sends none either way.
 */
function credentialsOf(request: { toStorage: boolean; auth: boolean; method: string }): RequestCredentials {
  if (request.toStorage) return 'omit';
  if (request.auth) return 'include';
  return request.method === 'GET' ? 'same-origin' : 'omit';
}

/** Sends a request with the session's headers; a network failure becomes an ApiError with status 0. */
export async function sendRequest(
  path: string,
  options: RequestOptions,
  accept: string,
): Promise<SentRequest> {
  const { method = 'GET', query, body, auth = true, signal } = options;
  // The storage host is not our API: it gets neither the session token nor the context.
  const toStorage = isStorageUrl(path);
  const session = toStorage ? { headers: {}, sentToken: false } : await sessionHeaders(auth);
  const headers = new Headers({ ...options.headers, ...session.headers, Accept: accept });
  const { sentToken } = session;
  const url = buildUrl(path, query);
  if (wantsAllowOriginHeader(url)) headers.set(...ALLOW_ORIGIN_REQUEST_HEADER);

  let sentMethod: string = method;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
    if (method === 'PUT') {
      // Browsers and PHP-style back ends only parse multipart on POST (spec §7).
      const copy = new FormData();
      for (const [key, value] of body.entries()) copy.append(key, value);
      copy.set('_method', 'PUT');
      payload = copy;
      sentMethod = 'POST';
    }
  } else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    payload = JSON.stringify(body);
  }

  try {
    const response = await fetch(url, {
      method: sentMethod,
      headers,
      body: payload ?? null,
      credentials: credentialsOf({ toStorage, auth, method: sentMethod }),
      signal: signal ?? null,
    });
    return { response, sentToken };
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError(0, null, { cause });
  }
}

/** The error of a failed answer, already reported to the session when it is a 401 or a 503. */
export async function requestFailure({ response, sentToken }: SentRequest): Promise<ApiError> {
  const error = new ApiError(response.status, parseErrorBody(await readBody(response)));
  reportToSession(error, sentToken);
  return error;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const sent = await sendRequest(path, options, 'application/json');
  if (!sent.response.ok) throw await requestFailure(sent);
  const data = await readBody(sent.response);
  if (sent.response.status === 207) copyStatusIntoData(data, sent.response.status);
  return data as T;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text().catch(() => '');
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Spec §7: a 207's status goes into its body's data (both the fetch client and uploads use it). */
export function copyStatusIntoData(body: unknown, status: number): void {
  if (!body || typeof body !== 'object') return;
  const record = body as Record<string, unknown>;
  if (record.data && typeof record.data === 'object' && !Array.isArray(record.data)) {
    (record.data as Record<string, unknown>).status = status;
  } else {
    record.status = status;
  }
}

function reportToSession(error: ApiError, sentToken: boolean): void {
  // A 401 without a token is a wrong password, not an expired session.
  if (error.status === 401 && sentToken && sessionHandlers.onUnauthorized) {
    error.handled = true;
    sessionHandlers.onUnauthorized(error);
  } else if (error.status === 503 && sessionHandlers.onMaintenance) {
    error.handled = true;
    sessionHandlers.onMaintenance(error);
  }
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
