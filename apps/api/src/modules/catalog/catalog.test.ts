import { RISK_TYPE_CODES } from '@cubierto/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerCustomer, type TestApp } from '../../../test/harness.ts';
import { seedDemoCatalog } from '../../db/seed.ts';

const OPS = 'catalog-ops-token-0123456789abcdef';
let t: TestApp;
let customer: Awaited<ReturnType<typeof registerCustomer>>;

type PolicyOut = {
  id: number;
  name: string;
  includes: Record<string, string>;
  excludes: Record<string, string>;
  risk_type: { short_code: string };
  linked?: boolean;
  company?: { legal_name: string; logo_url: string | null };
  riskType?: { short_code: string; flow_group: number };
  coverages?: Array<{
    public_name: string;
    description: Record<string, number | string>;
    premium_from: { amount_cents: number; amount_nice: string };
  }>;
};

beforeAll(async () => {
  t = await createTestApp({ opsToken: OPS });
  await seedDemoCatalog(t.database.db, t.app.deps.storage);
  customer = await registerCustomer(t.app);
});
afterAll(async () => t.close());

describe('public catalogue', () => {
  it('lists linked policies for anyone, covering all 12 risk types with two or more coverages each', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v4/public-policies?per_page=100' });
    expect(res.statusCode).toBe(200);
    const policies = res.json<{ data: PolicyOut[] }>().data;
    expect(new Set(policies.map((p) => p.risk_type.short_code))).toEqual(new Set(RISK_TYPE_CODES));
    for (const p of policies) {
      expect(p.coverages!.length).toBeGreaterThanOrEqual(2);
      expect(p.company!.legal_name).toBeTruthy();
    }
    expect(new Set(policies.map((p) => p.company!.legal_name)).size).toBeGreaterThanOrEqual(2);
  });

  it('is also served under /applications/{applicationId}/public-policies (spec §7), without a session', async () => {
    const alias = await t.app.inject({ method: 'GET', url: '/api/v4/public-policies?per_page=100' });
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/v4/applications/1/public-policies?per_page=100&filter[risk_type][eq]=home',
    });
    expect(listed.statusCode, listed.body).toBe(200);
    const homes = listed.json<{ data: PolicyOut[] }>().data;
    expect(homes.length).toBeGreaterThan(0);
    expect(homes.every((p) => p.risk_type.short_code === 'home')).toBe(true);
    const all = await t.app.inject({
      method: 'GET',
      url: '/api/v4/applications/1/public-policies?per_page=100',
    });
    expect(all.json().data).toEqual(alias.json().data);

    const id = homes[0]!.id;
    const one = await t.app.inject({ method: 'GET', url: `/api/v4/applications/1/public-policies/${id}` });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json<{ data: PolicyOut }>().data.id).toBe(id);
    expect(one.json().data).toEqual(
      (await t.app.inject({ method: 'GET', url: `/api/v4/public-policies/${id}` })).json().data,
    );
    for (const url of [
      '/api/v4/applications/999/public-policies',
      `/api/v4/applications/999/public-policies/${id}`,
    ])
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
  });

  it('gives every amount a _nice es-AR twin and a premium "from"', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v4/public-policies?filter[risk_type][eq]=home',
    });
    const [home] = res.json<{ data: PolicyOut[] }>().data;
    const coverage = home!.coverages![0]!;
    expect(coverage.description.building_fire_amount).toBe(3_000_000_000);
    expect(coverage.description.building_fire_amount_nice).toBe('$\u00a030.000.000,00');
    // 6.900 net + 5% surcharges + 21% taxes = 8.766,45
    expect(coverage.premium_from).toEqual({
      amount_cents: 876_645,
      amount_nice: '$\u00a08.766,45',
      period: 'mes',
      periods: 1,
      insured_amount_cents: null,
      insured_amount_nice: null,
      trip_type: null,
    });
  });

  it('filters by risk type and refuses unknown filters', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v4/public-policies?filter[risk_type][in]=cell-phone,bicycle',
    });
    expect(
      res
        .json<{ data: PolicyOut[] }>()
        .data.map((p) => p.risk_type.short_code)
        .sort(),
    ).toEqual(['bicycle', 'cell-phone']);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v4/public-policies?filter[rates][eq]=1' })).statusCode,
    ).toBe(422);
  });

  it('serves the insurers’ logos', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v4/public-policies?per_page=1' });
    const logo = res.json<{ data: PolicyOut[] }>().data[0]!.company!.logo_url!;
    const file = await t.app.inject({ method: 'GET', url: logo });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/svg+xml');
    expect(file.body).toContain('<svg');
  });
});

describe('application policies', () => {
  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v4/applications/1/policies' })).statusCode).toBe(
      401,
    );
  });

  it('lists the catalogue with the linked flag, and the linked ones', async () => {
    const all = await t.app.inject({
      method: 'GET',
      url: '/api/v4/applications/1/policies?per_page=100',
      headers: customer.auth,
    });
    expect(all.statusCode).toBe(200);
    expect(all.json<{ data: PolicyOut[] }>().data.every((p) => p.linked === true)).toBe(true);
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/v4/applications/999/policies',
      headers: customer.auth,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('fetches one linked policy for the coverage dialog with load[Policy]=*,company,riskType', async () => {
    const list = (
      await t.app.inject({ method: 'GET', url: '/api/v4/public-policies?filter[risk_type][eq]=cell-phone' })
    ).json<{ data: PolicyOut[] }>();
    const id = list.data[0]!.id;
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v4/customers/linked-applications/1/policies/${id}?load[Policy]=*,company,riskType`,
      headers: customer.auth,
    });
    expect(res.statusCode).toBe(200);
    const policy = res.json<{ data: PolicyOut }>().data;
    expect(policy.includes).toHaveProperty('Robo');
    expect(policy.riskType).toMatchObject({ short_code: 'cell-phone', flow_group: 2 });
    expect(policy.company?.legal_name).toBe('Aseguradora Del Plata S.A.');
    expect(policy.coverages).toBeUndefined();
  });

  it('answers the same through the one-statement catalogue as through the general list (pages, loads, one policy)', async () => {
    // /public-policies (the alias) goes through findPolicies; /applications/1/… and the coverage dialog's
    // fetch through the catalogue's own statement.
    for (const query of [
      'per_page=3&page=2',
      'per_page=5&page=9',
      'load[Policy]=company',
      'filter[risk_type][eq]=car',
    ]) {
      const general = await t.app.inject({ method: 'GET', url: `/api/v4/public-policies?${query}` });
      const one = await t.app.inject({
        method: 'GET',
        url: `/api/v4/applications/1/public-policies?${query}`,
      });
      expect(one.statusCode, query).toBe(200);
      expect(one.json(), query).toEqual(general.json());
    }
    const id = (
      await t.app.inject({ method: 'GET', url: '/api/v4/public-policies?filter[risk_type][eq]=home' })
    ).json<{ data: PolicyOut[] }>().data[0]!.id;
    for (const load of ['company,riskType', '*,company,riskType,coverages']) {
      const general = await t.app.inject({
        method: 'GET',
        url: `/api/v4/public-policies/${id}?load[Policy]=${load}`,
      });
      const dialog = await t.app.inject({
        method: 'GET',
        url: `/api/v4/customers/linked-applications/1/policies/${id}?load[Policy]=${load}`,
        headers: customer.auth,
      });
      expect(dialog.statusCode, load).toBe(200);
      expect(dialog.json(), load).toEqual(general.json());
    }
    const missing = await t.app.inject({
      method: 'GET',
      url: `/api/v4/customers/linked-applications/999/policies/${id}`,
      headers: customer.auth,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('La aplicación no existe.');
  });

  it('lets only operators link and unlink: a customer gets 403, nobody 401', async () => {
    const id = (
      await t.app.inject({ method: 'GET', url: '/api/v4/public-policies?filter[risk_type][eq]=store' })
    ).json<{ data: PolicyOut[] }>().data[0]!.id;
    const asCustomer = await t.app.inject({
      method: 'POST',
      url: `/api/v4/applications/1/policies/${id}/unlink`,
      headers: customer.auth,
    });
    expect(asCustomer.statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/v4/applications/1/policies/${id}/unlink` }))
        .statusCode,
    ).toBe(401);

    const unlink = await t.app.inject({
      method: 'POST',
      url: `/api/v4/applications/1/policies/${id}/unlink`,
      headers: { 'x-ops-token': OPS },
    });
    expect(unlink.statusCode).toBe(200);
    expect(unlink.json<{ data: PolicyOut }>().data.linked).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: `/api/v4/public-policies/${id}` })).statusCode).toBe(
      404,
    );
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v4/customers/linked-applications/1/policies/${id}`,
          headers: customer.auth,
        })
      ).statusCode,
    ).toBe(404);

    const link = await t.app.inject({
      method: 'POST',
      url: `/api/v4/applications/1/policies/${id}/link`,
      headers: { 'x-ops-token': OPS },
    });
    expect(link.json<{ data: PolicyOut }>().data.linked).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: `/api/v4/public-policies/${id}` })).statusCode).toBe(
      200,
    );
  });
});
