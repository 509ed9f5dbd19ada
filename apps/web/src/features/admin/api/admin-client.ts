/**
 * Calls to /admin with the operator's token (never the customer's). Every answer is read through its
 * schema from packages/contracts, so a drift between the API and the back office fails loudly here.
 * A 401 ends the operator session, which sends the back office to admin-login; other errors reach the
 * caller as ApiError (read by its `code`).
 */
import { dataOf } from '@cubierto/contracts';
import type { z } from 'zod';
import { type QueryParams, requestFailure, sendRequest } from '../../../shared/api/client.ts';
import { clearOperatorSession, operatorToken } from './operator-session.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

type Options = { query?: QueryParams; body?: unknown; headers?: Record<string, string> };

/** Sends one request; answers the parsed body, or null for an answer without one (204). */
async function adminRequest(method: Method, path: string, options: Options = {}): Promise<unknown> {
  const token = operatorToken();
  const sent = await sendRequest(
    path,
    {
      method,
      auth: false,
      ...(options.query ? { query: options.query } : {}),
      ...(options.body !== undefined ? { body: options.body } : {}),
      headers: { ...options.headers, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    },
    'application/json',
  );
  if (!sent.response.ok) {
    const error = await requestFailure(sent);
    if (error.status === 401 && token) {
      error.handled = true;
      clearOperatorSession();
    }
    throw error;
  }
  if (sent.response.status === 204) return null;
  return sent.response.json();
}

/** Each call names the contracts schema of its answer. */
export const adminApi = {
  get: async <S extends z.ZodType>(schema: S, path: string, query?: QueryParams): Promise<z.output<S>> =>
    schema.parse(await adminRequest('GET', path, query ? { query } : {})),
  post: async <S extends z.ZodType>(
    schema: S,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<z.output<S>> =>
    schema.parse(await adminRequest('POST', path, { body, ...(headers ? { headers } : {}) })),
  put: async <S extends z.ZodType>(schema: S, path: string, body?: unknown): Promise<z.output<S>> =>
    schema.parse(await adminRequest('PUT', path, { body })),
  /** A write whose answer carries nothing the back office reads (204, or a link / unlink). */
  send: async (method: 'POST' | 'DELETE', path: string): Promise<void> => {
    await adminRequest(method, path);
  },
};

/** Creates (POST /admin/<resource>) or updates (PUT /admin/<resource>/:id) one record; answers it. */
export function recordSaver<S extends z.ZodType, TBody>(resource: string, schema: S) {
  // zod cannot resolve the output of an object over a generic schema; it is { data: output of S }.
  const answer = dataOf(schema) as unknown as z.ZodType<{ data: z.output<S> }>;
  return async (input: { id?: number | undefined; body: TBody }): Promise<z.output<S>> => {
    const saved = input.id
      ? await adminApi.put(answer, `/admin/${resource}/${input.id}`, input.body)
      : await adminApi.post(answer, `/admin/${resource}`, input.body);
    return saved.data;
  };
}
