/**
 * Calls to /admin with the operator's token (never the customer's). A 401 ends the operator session,
 * which sends the back office to admin-login; other errors reach the caller as ApiError.
 */
import { type QueryParams, requestFailure, sendRequest } from '../../../shared/api/client.ts';
import { clearOperatorSession, operatorToken } from './operator-session.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export async function adminRequest<T>(
  method: Method,
  path: string,
  options: { query?: QueryParams; body?: unknown; headers?: Record<string, string> } = {},
): Promise<T> {
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
  if (sent.response.status === 204) return null as T;
  return (await sent.response.json()) as T;
}

export const adminApi = {
  get: <T>(path: string, query?: QueryParams) => adminRequest<T>('GET', path, query ? { query } : {}),
  post: <T>(path: string, body?: unknown, headers?: Record<string, string>) =>
    adminRequest<T>('POST', path, { body, ...(headers ? { headers } : {}) }),
  put: <T>(path: string, body?: unknown) => adminRequest<T>('PUT', path, { body }),
  delete: <T>(path: string) => adminRequest<T>('DELETE', path),
};
