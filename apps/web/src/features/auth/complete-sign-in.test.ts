/**
 * The end of every sign-in (spec §8): a user that cannot be loaded after the login is error 2 of the
 * central handler, and the visitor stays on login without a session.
 */
import type { ClientErrorReport } from '@cubierto/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, tokenAnswer } from '../../../test/api-mock.ts';
import { setReportTransport } from '../../shared/observability/error-reporting.ts';
import { StorageKey, storage } from '../../shared/storage/storage.ts';
import { completeSignIn } from './complete-sign-in.ts';

let reports: ClientErrorReport[];
beforeEach(() => {
  reports = [];
  setReportTransport((report) => reports.push(report));
});
afterEach(() => setReportTransport(undefined));

describe('completeSignIn', () => {
  it('a user that cannot be loaded is error 2: no session kept, back to login', async () => {
    mockApi({
      'GET /auth/user': {
        status: 500,
        body: { message: 'Ocurrió un error inesperado.', error_code: 'internal' },
      },
    });
    const navigate = vi.fn();
    expect(await completeSignIn({ ...tokenAnswer('tok-1'), token_type: 'Bearer' }, navigate)).toBe(false);
    expect(navigate).toHaveBeenCalledWith('/login');
    expect(await storage.get(StorageKey.token)).toBeNull();
    expect(reports).toEqual([expect.objectContaining({ kind: 'handled', site: 2, status: 500 })]);
  });
});
