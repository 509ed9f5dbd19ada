import { afterEach, describe, expect, it } from 'vitest';
import { appConfigRoute, mockApi } from '../../test/api-mock.ts';
import { pageMeta, policyOf } from '../../test/catalog-fixtures.ts';
import { isNotFound } from '../shared/api/api-error.ts';
import { queryClient } from '../shared/api/query-client.ts';
import { queryKeys } from '../shared/api/query-keys.ts';
import { startEarlyRequests } from './early-requests.ts';
import { jsonForScript, PAGE_DATA_ID } from './markup.ts';

const insuredService = {
  responsible: 'Ana Pérez',
  deputy: 'Juan Gómez',
  phone: '0800-555-0101',
  email: 'saa@example.com',
  hours: 'Lunes a viernes de 9 a 18',
  ssn_line: '0800-666-8400',
  policy_copy: 'Pedila por correo.',
  claim_report: 'Llamá al 0800.',
  updated_at: null,
};

/** Waits until the query under `key` has its answer (or failed). */
async function settled(key: readonly unknown[]): Promise<string | undefined> {
  for (let i = 0; i < 100; i++) {
    const status = queryClient.getQueryState(key)?.status;
    if (status === 'success' || status === 'error') return status;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return queryClient.getQueryState(key)?.status;
}

afterEach(() => queryClient.clear());

describe('a prerendered page asks for its data as the entry runs', () => {
  it('a product page: the configuration, then its risk type’s policies, and the foot’s insured service', async () => {
    const api = mockApi({
      ...appConfigRoute,
      'GET /common/insured-service': { body: { data: insuredService } },
      'GET /applications/1/public-policies': { body: { data: [policyOf()], meta: pageMeta(1, 100) } },
    });
    startEarlyRequests('productos/:riskType', '/productos/cell-phone');

    expect(await settled(queryKeys.catalog.policies('cell-phone'))).toBe('success');
    expect(await settled(queryKeys.insuredService.all)).toBe('success');
    expect(queryClient.getQueryData(queryKeys.catalog.policies('cell-phone'))).toHaveLength(1);
    const catalogue = api.requests.find((r) => r.path === '/applications/1/public-policies');
    expect(catalogue?.url).toContain('filter%5Brisk_type%5D%5Beq%5D=cell-phone');
    expect(api.requests.filter((r) => r.path === '/common/app-config')).toHaveLength(1);
  });

  it('the certificate check: the code’s verdict', async () => {
    const api = mockApi({ 'GET /common/insured-service': { body: { data: insuredService } } });
    startEarlyRequests('verificar/:code', '/verificar/abc123');
    await settled(queryKeys.certificates.check('abc123'));
    expect(api.requests.map((r) => r.path)).toContain('/common/verify/abc123');
  });

  it('the login page and an address not prerendered ask for nothing', async () => {
    const api = mockApi({});
    startEarlyRequests('login', '/login');
    startEarlyRequests(null, '/tabs');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.requests).toEqual([]);
  });

  it('a page the server drew with its data: the data goes into the cache, and nothing is asked for', async () => {
    const api = mockApi({});
    const policies = [policyOf({ name: 'Celular </script> Protegido' })];
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = PAGE_DATA_ID;
    script.textContent = jsonForScript([
      { key: queryKeys.catalog.policies('cell-phone'), data: policies },
      {
        key: queryKeys.certificates.check('NO-EXISTE-123'),
        refused: { status: 404, body: { message: 'No.', error_code: 'not_found' } },
      },
    ]);
    document.body.append(script);
    try {
      expect(await startEarlyRequests('productos/:riskType', '/productos/cell-phone')).toBe(true);
      expect(queryClient.getQueryData(queryKeys.catalog.policies('cell-phone'))).toEqual(policies);
      // A code nobody has stays the refusal the page was drawn with.
      const check = queryClient.getQueryState(queryKeys.certificates.check('NO-EXISTE-123'));
      expect(check?.status).toBe('error');
      expect(isNotFound(check?.error)).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(api.requests).toEqual([]);
    } finally {
      script.remove();
    }
  });

  it('a page without data of its own answers false: it asks for its data itself', async () => {
    mockApi({ 'GET /common/insured-service': { body: { data: insuredService } } });
    expect(await startEarlyRequests('verificar/:code', '/verificar/abc123')).toBe(false);
  });
});
