import type { ClientErrorReport } from '@cubierto/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-error.ts';
import { handleError } from '../errors/error-handler.tsx';
import {
  installErrorReporting,
  MAX_REPORTS_PER_PAGE,
  reportError,
  sendToApi,
  setReportTransport,
} from './error-reporting.ts';
import type { ScriptQueues } from './third-party.ts';

let reports: ClientErrorReport[];
const win = window as unknown as ScriptQueues;

beforeEach(() => {
  reports = [];
  setReportTransport((report) => reports.push(report));
});

afterEach(() => {
  setReportTransport(undefined);
  delete win.clarity;
  vi.unstubAllGlobals();
});

describe('error reports', () => {
  it('the central handler sends an unexpected error with its call-site code', () => {
    handleError(new TypeError('items is undefined'), 14);
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({
      kind: 'handled',
      site: 14,
      name: 'TypeError',
      message: 'items is undefined',
      url: window.location.pathname,
    });
    expect(reports[0]!.stack).toContain('items is undefined');
    expect(reports[0]!.release).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('sends the API failing (5xx) but not its refusals, maintenance or no answer at all', () => {
    handleError(new ApiError(422, { message: 'Revisá los datos.', error_code: 'validation_failed' }), 21);
    handleError(new ApiError(409, { message: 'Conflicto', error_code: 'conflict' }), 22);
    handleError(new ApiError(503, { message: 'Mantenimiento', error_code: 'maintenance' }), 2);
    handleError(new ApiError(0, null), 1);
    expect(reports).toEqual([]);
    handleError(new ApiError(500, { message: 'Ocurrió un error inesperado.', error_code: 'internal' }), 11);
    expect(reports).toEqual([
      expect.objectContaining({
        kind: 'handled',
        site: 11,
        status: 500,
        error_code: 'internal',
        message: 'Ocurrió un error inesperado.',
      }),
    ]);
  });

  it('tags the session recording with every handled error, site included, when the visit is recorded', () => {
    const calls: unknown[][] = [];
    win.clarity = (...args: unknown[]) => void calls.push(args);
    handleError(new ApiError(422, { message: 'Revisá los datos.', error_code: 'validation_failed' }), 21);
    expect(calls).toEqual([
      ['set', 'error_kind', 'handled'],
      ['set', 'error_site', '21'],
      ['set', 'error_code', 'validation_failed'],
      ['set', 'error_message', 'Revisá los datos.'],
      ['event', 'error'],
    ]);
  });

  it('sends each different error once, and at most 10 per page', () => {
    for (let i = 0; i < 3; i += 1) reportError(new Error('same'), { kind: 'error' });
    expect(reports).toHaveLength(1);
    for (let i = 0; i < 20; i += 1) reportError(new Error(`error ${i}`), { kind: 'error' });
    expect(reports).toHaveLength(MAX_REPORTS_PER_PAGE);
  });

  it('catches what nothing else did: window errors and unhandled rejections', () => {
    const target = new EventTarget();
    installErrorReporting(target as unknown as Window);
    target.dispatchEvent(
      new ErrorEvent('error', { error: new RangeError('bad index'), message: 'bad index' }),
    );
    const rejection = Object.assign(new Event('unhandledrejection'), { reason: 'lost promise' });
    target.dispatchEvent(rejection);
    // A rejection the session already dealt with (401 → login) is not an error to report.
    const handled = new ApiError(500, null);
    handled.handled = true;
    target.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: handled }));
    expect(reports).toEqual([
      expect.objectContaining({ kind: 'error', name: 'RangeError', message: 'bad index' }),
      expect.objectContaining({ kind: 'unhandledrejection', message: 'lost promise' }),
    ]);
  });

  it('cuts long texts to what the API takes', () => {
    reportError(new Error('x'.repeat(5000)), { kind: 'error' });
    expect(reports[0]!.message).toHaveLength(1000);
    expect(reports[0]!.stack!.length).toBeLessThanOrEqual(8000);
  });

  it('posts the report as JSON to /api/v4/common/client-errors, and a failed post is silent', async () => {
    const fetchMock = vi.fn(async () => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', fetchMock);
    const report: ClientErrorReport = { kind: 'error', message: 'boom', url: '/home' };
    sendToApi(report);
    await Promise.resolve();
    expect(fetchMock).toHaveBeenCalledWith('/api/v4/common/client-errors', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(report),
      keepalive: true,
      credentials: 'omit',
    });
  });
});
