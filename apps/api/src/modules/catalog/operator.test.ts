/** The operator's catalogue (/admin/companies, /admin/policies, /admin/coverages) and policy links. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, pngImage } from '../../../test/fixtures.ts';
import { createTestApp, registerCustomer, type TestApp } from '../../../test/harness.ts';
import { operatorSession } from '../../../test/operator.ts';
import { contractInsurance } from '../../../test/purchase.ts';
import { auditLog, companies } from '../../db/schema/index.ts';
import { seedDemoCatalog } from '../../db/seed.ts';

let t: TestApp;
let op: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoCatalog(t.database.db, t.app.deps.storage);
  op = (await operatorSession(t.app, t.database)).auth;
});
afterAll(async () => {
  await t.close();
});

const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v4/admin${url}`, headers: op, ...(payload ? { payload } : {}) });

const auditOf = (action: string) => t.database.db.select().from(auditLog).where(eq(auditLog.action, action));

const BAG_DESCRIPTION = {
  robbery_wallet_amount: 5_000_000,
  robbery_documents_amount: 2_000_000,
  robbery_keys_amount: 1_000_000,
  robbery_cell_phone_amount: 30_000_000,
};

async function newCompany(name: string) {
  const res = await admin('POST', '/companies', { name, legal_name: `${name} Seguros S.A.` });
  expect(res.statusCode).toBe(201);
  return res.json().data as { id: number; name: string };
}

async function newBagPolicy(companyId: number, name = 'Bolso protegido') {
  const res = await admin('POST', '/policies', {
    company_id: companyId,
    risk_type: 'bag',
    name,
    includes: { Robo: 'Robo de la cartera en la vía pública' },
    excludes: {},
    status: 'active',
    external_url: null,
    special_clauses: null,
  });
  expect(res.statusCode).toBe(201);
  return res.json().data as { id: number };
}

const bagCoverage = (policyId: number) => ({
  policy_id: policyId,
  public_name: 'Plan Básico',
  public_description: 'Cubre tu bolso y lo que llevás.',
  description: BAG_DESCRIPTION,
  description_more: {},
  pricing: { kind: 'fixed_monthly', monthly_cents: 150_000 },
  surcharge_bps: 500,
  tax_bps: 2100,
  status: 'active',
  sort_order: 0,
});

describe('catalogue', () => {
  it('creates a company, a policy and a coverage, links it, and a customer can contract it', async () => {
    const company = await newCompany('Aseguradora Austral');
    const policy = await newBagPolicy(company.id);
    const coverage = await admin('POST', '/coverages', bagCoverage(policy.id));
    expect(coverage.statusCode).toBe(201);
    expect(coverage.json().data.description.robbery_wallet_amount_nice).toMatch(/50\.000,00/);

    const hidden = await t.app.inject({ method: 'GET', url: `/api/v4/public-policies/${policy.id}` });
    expect(hidden.statusCode).toBe(404);
    const link = await t.app.inject({
      method: 'POST',
      url: `/api/v4/applications/1/policies/${policy.id}/link`,
      headers: op,
    });
    expect(link.statusCode).toBe(200);
    expect((await auditOf('policy.link')).some((a) => a.targetId === String(policy.id))).toBe(true);

    const shown = await t.app.inject({ method: 'GET', url: `/api/v4/public-policies/${policy.id}` });
    expect(shown.statusCode).toBe(200);
    expect(shown.json().data.company.name).toBe('Aseguradora Austral');
    const customer = await registerCustomer(t.app);
    const insurance = await contractInsurance(t.app, customer.auth, coverage.json().data.id);
    expect(insurance.status).toBe('pendiente');

    const listed = await admin('GET', `/policies?search=Austral&filter[risk_type][eq]=bag`);
    expect(listed.json().data).toEqual([
      expect.objectContaining({ id: policy.id, linked: true, coverages_count: 1 }),
    ]);

    // The plan is in use now: its description fields cannot go.
    const { robbery_keys_amount: _dropped, ...fewer } = BAG_DESCRIPTION;
    const shrink = await admin('PUT', `/coverages/${coverage.json().data.id}`, {
      ...bagCoverage(policy.id),
      description: fewer,
    });
    expect(shrink.statusCode).toBe(422);
    expect(shrink.json().validations['description.robbery_keys_amount'][0]).toContain('contrataciones');
    const raise = await admin('PUT', `/coverages/${coverage.json().data.id}`, {
      ...bagCoverage(policy.id),
      pricing: { kind: 'fixed_monthly', monthly_cents: 180_000 },
    });
    expect(raise.statusCode).toBe(200);
    const [update] = (await auditOf('coverage.update')).filter(
      (a) => a.targetId === String(coverage.json().data.id),
    );
    expect((update!.before as { pricing: { monthly_cents: number } }).pricing.monthly_cents).toBe(150_000);
    expect((update!.after as { pricing: { monthly_cents: number } }).pricing.monthly_cents).toBe(180_000);
  });

  it('lets an external link only on motorcycle of its configured company and telemedicine of its own (spec §5)', async () => {
    const companyId = async (name: string) =>
      (await t.database.db.select().from(companies).where(eq(companies.name, name)))[0]!.id;
    const rutaSur = await companyId('Ruta Sur');
    const saludYa = await companyId('SaludYa');
    const other = await newCompany('Aseguradora Boreal');
    const policy = (company_id: number, risk_type: string, external_url: string | null) => ({
      company_id,
      risk_type,
      name: `Con enlace ${risk_type} ${company_id}`,
      includes: {},
      excludes: {},
      status: 'inactive',
      external_url,
      special_clauses: null,
    });
    const url = 'https://www.aseguradora.example/alta';

    const moto = await admin('POST', '/policies', policy(rutaSur, 'motorcycle', url));
    expect(moto.statusCode, moto.body).toBe(201);
    expect(moto.json().data.external_url).toBe(url);
    expect((await admin('POST', '/policies', policy(saludYa, 'telemedicine', url))).statusCode).toBe(201);

    for (const [company, riskType] of [
      [other.id, 'motorcycle'],
      [saludYa, 'motorcycle'],
      [rutaSur, 'telemedicine'],
      [rutaSur, 'bag'],
      [other.id, 'home'],
    ] as const) {
      const refused = await admin('POST', '/policies', policy(company, riskType, url));
      expect(refused.statusCode, `${riskType} ${company}`).toBe(422);
      expect(refused.json().validations.external_url).toEqual([
        'Solo motos de Ruta Sur y telemedicina de SaludYa llevan al sitio de la aseguradora; dejá el enlace vacío.',
      ]);
      // Without the link the same policy is fine.
      expect((await admin('POST', '/policies', policy(company, riskType, null))).statusCode).toBe(201);
    }

    // Moving the linked motorcycle policy to another company keeps the rule.
    const moved = await admin('PUT', `/policies/${moto.json().data.id}`, policy(other.id, 'motorcycle', url));
    expect(moved.statusCode).toBe(422);
    expect((await admin('GET', `/policies/${moto.json().data.id}`)).json().data.company.id).toBe(rutaSur);
  });

  it('refuses a coverage whose description does not fit its risk type, naming the fields', async () => {
    const policy = await newBagPolicy((await newCompany('Campos Seguros')).id);
    const res = await admin('POST', '/coverages', {
      ...bagCoverage(policy.id),
      description: { robbery_wallet_amount: 100, insured_amount: 5 },
      pricing: { kind: 'travel_by_days', daily_cents: { one_trip: 1, multi_trip: 1, long_stay: 1 } },
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().validations)).toEqual(
      expect.arrayContaining([
        'description.robbery_keys_amount',
        'description.insured_amount',
        'pricing.kind',
      ]),
    );
  });

  it('refuses to delete a company with policies, with a message, and deletes one without', async () => {
    const busy = await newCompany('Ocupada');
    await newBagPolicy(busy.id);
    const refused = await admin('DELETE', `/companies/${busy.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'No se puede eliminar Ocupada: tiene 1 póliza. Desactivá o reasigná sus pólizas primero.',
    );
    const free = await newCompany('Libre');
    expect((await admin('DELETE', `/companies/${free.id}`)).statusCode).toBe(204);
    expect((await auditOf('company.delete')).map((a) => a.targetId)).toContain(String(free.id));
    const dup = await admin('POST', '/companies', { name: 'ocupada', legal_name: 'Otra S.A.' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().validations.name).toEqual(['Ya existe una aseguradora con ese nombre.']);
  });

  it('takes a logo checked by its content, not its name', async () => {
    const company = await newCompany('Con Logo');
    const fake = await multipart({
      logo: { data: Buffer.from('<script>alert(1)</script>'), filename: 'logo.png', type: 'image/png' },
    });
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/v4/admin/companies/${company.id}/logo`,
      headers: { ...op, 'content-type': fake.contentType },
      payload: fake.payload,
    });
    expect(bad.statusCode).toBe(422);
    const good = await multipart({
      logo: { data: pngImage(), filename: 'whatever.bin', type: 'application/octet-stream' },
    });
    const ok = await t.app.inject({
      method: 'POST',
      url: `/api/v4/admin/companies/${company.id}/logo`,
      headers: { ...op, 'content-type': good.contentType },
      payload: good.payload,
    });
    expect(ok.statusCode).toBe(200);
    const served = await t.app.inject({ method: 'GET', url: ok.json().data.logo_url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
  });

  it('lists with search, filters, sorting and paging, and refuses unknown parameters', async () => {
    for (const name of ['Zeta Uno', 'Zeta Dos', 'Zeta Tres']) await newCompany(name);
    const page = await admin('GET', '/companies?search=zeta&sort_by=-name&per_page=2&page=1');
    expect(page.json().data.map((c: { name: string }) => c.name)).toEqual(['Zeta Uno', 'Zeta Tres']);
    expect(page.json().meta).toEqual({ current_page: 1, per_page: 2, total: 3, last_page: 2 });
    const bad = await admin('GET', '/companies?sort_by=password');
    expect(bad.statusCode).toBe(422);
  });
});
