/** Spanish only (spec §1), its texts read from GET /assets/i18n/es.json (spec §7). */
import type { ReadCallback } from 'i18next';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/api-mock.ts';
import { httpBackend, i18n, LANGUAGE } from './i18n.ts';

function read(language: string): Promise<{ error: unknown; data: unknown }> {
  return new Promise((resolve) => {
    const callback: ReadCallback = (error, data) => resolve({ error, data });
    httpBackend.read(language, 'translation', callback);
  });
}

describe('translations', () => {
  it('speak Spanish only: es is the language, the fallback and the one supported', () => {
    expect(LANGUAGE).toBe('es');
    expect(i18n.language).toBe('es');
    expect(i18n.options.supportedLngs).toEqual(['es', 'cimode']);
  });

  it('are read from /assets/i18n/es.json, and a failed read is an error, not empty texts', async () => {
    const api = mockApi({ 'GET /assets/i18n/es.json': { body: { login: { title: 'Ingresá' } } } });
    expect(await read('es')).toEqual({ error: null, data: { login: { title: 'Ingresá' } } });
    expect(api.callsTo('GET', '/assets/i18n/es.json')).toHaveLength(1);

    mockApi({});
    const failed = await read('es');
    expect(failed.error).toBeInstanceOf(Error);
    expect(failed.data).toBe(false);
  });
});
