/**
 * A 13th risk type needs one definition and a catalogue row, nothing else (issue 17, decision 021): the
 * drone of fixtures/risk-type-13.ts, registered here, is contracted step by step, priced on its value,
 * imported from its own sample CSV (its serial number finding duplicates) and printed on a certificate.
 */
import { registerRiskType, unregisterRiskType } from '@cubierto/contracts';
import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applicationPolicies,
  companies,
  coverages,
  insurances,
  policies,
  riskTypes,
} from '../src/db/schema/index.ts';
import { seedDemoCatalog } from '../src/db/seed.ts';
import { isoDaysFromToday } from './contracting.ts';
import { DRONE, DRONE_ANSWERS } from './fixtures/risk-type-13.ts';
import { createTestApp, registerCustomer, type TestApp } from './harness.ts';
import { createBusiness, topUpCredit, uploadImport } from './imports.ts';

let t: TestApp;
let coverageId: number;
type Auth = Record<string, string>;

beforeAll(async () => {
  registerRiskType(DRONE);
  t = await createTestApp();
  await seedDemoCatalog(t.database.db, t.app.deps.storage);
  const db = t.database.db;
  const [company] = await db.select({ id: companies.id }).from(companies).limit(1);
  const [type] = await db
    .insert(riskTypes)
    .values({ shortCode: DRONE.code, name: DRONE.name, plural: DRONE.plural, flowGroup: DRONE.flowGroup })
    .returning({ id: riskTypes.id });
  const [policy] = await db
    .insert(policies)
    .values({ companyId: company!.id, riskTypeId: type!.id, name: 'Dron Protegido' })
    .returning({ id: policies.id });
  const [coverage] = await db
    .insert(coverages)
    .values({
      policyId: policy!.id,
      publicName: 'Vuelo seguro',
      publicDescription: 'Daño total, robo y responsabilidad civil.',
      description: { insured_amount: 200_000_000, civil_liability_amount: 50_000_000 },
      pricing: {
        kind: 'by_insured_amount',
        monthly_rate_per_mille: 15,
        min_insured_cents: 10_000_000,
        max_insured_cents: 500_000_000,
      },
      surchargeBps: 500,
      taxBps: 2100,
    })
    .returning({ id: coverages.id });
  await db.insert(applicationPolicies).values({ applicationId: 1, policyId: policy!.id });
  coverageId = coverage!.id;
});
afterAll(async () => {
  await t?.close();
  unregisterRiskType(DRONE.code);
});

const call = (auth: Auth, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v4/customers${url}`, headers: auth, ...(payload ? { payload } : {}) });

describe('a 13th risk type, defined in one file', () => {
  it('is in the catalogue with its coverage description in pesos', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v4/public-policies?filter[risk_type][eq]=drone',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [policy] = res.json().data;
    expect(policy.coverages[0].description).toMatchObject({
      insured_amount: 200_000_000,
      insured_amount_nice: expect.stringMatching(/^\$\s2\.000\.000,00$/),
    });
  });

  it('contracts step by step, priced on its value, and prints its lines on the certificate', async () => {
    const c = await registerCustomer(t.app);
    const start = await call(c.auth, 'POST', '/insurance-processes', { coverage_id: coverageId });
    expect(start.statusCode, start.body).toBe(201);
    const process = start.json().data;
    expect(process.risk_type).toEqual({ short_code: 'drone', name: 'Dron' });
    // The object flow (2): what is insured first, then the cover dates, then the taker.
    expect(process.steps).toEqual(['risk', 'dates', 'taker']);

    const wrong = await call(c.auth, 'PUT', `/insurance-processes/${process.id}/steps/risk`, {
      ...DRONE_ANSWERS,
      serial_number: 'x',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().validations.serial_number).toEqual([
      'El número de serie tiene de 6 a 20 letras y números.',
    ]);

    const entity = (await call(c.auth, 'GET', '/entities')).json().data[0].id;
    for (const [step, body] of [
      ['risk', DRONE_ANSWERS],
      ['dates', { start_date: isoDaysFromToday(1), end_date: isoDaysFromToday(31) }],
      ['taker', { taker_entity_id: entity, billing_entity_id: entity }],
    ] as const) {
      const res = await call(c.auth, 'PUT', `/insurance-processes/${process.id}/steps/${step}`, body);
      expect(res.statusCode, `${step}: ${res.body}`).toBe(200);
    }

    const quote = await call(c.auth, 'POST', `/insurance-processes/${process.id}/quote`);
    expect(quote.statusCode, quote.body).toBe(201);
    // $ 1.500.000 at 15 ‰ a month, one month: 22.500 net, 5 % surcharges, 21 % taxes on both.
    expect(quote.json().data.premium).toMatchObject({
      net_cents: 2_250_000,
      surcharges_cents: 112_500,
      taxes_cents: 496_125,
      total_cents: 2_858_625,
    });
    const confirm = await call(c.auth, 'POST', `/insurance-processes/${process.id}/confirm`, {
      quote_id: quote.json().data.id,
    });
    expect(confirm.statusCode, confirm.body).toBe(201);
    const insurance = confirm.json().data;

    const detail = (await call(c.auth, 'GET', `/insurances/${insurance.id}`)).json().data;
    expect(detail.risk_type).toMatchObject({ short_code: 'drone', name: 'Dron', plural: 'Drones' });
    expect(detail.risks[0]).toMatchObject({ kind: 'drone', data: DRONE_ANSWERS });

    await t.database.db
      .update(insurances)
      .set({ status: 'vigente', startsOn: isoDaysFromToday(0), paidAt: new Date() })
      .where(eq(insurances.id, insurance.id));
    const pdf = await call(c.auth, 'GET', `/insurances/${insurance.id}/certificate`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), {
      mergePages: true,
    });
    for (const expected of [
      'Dron — Dron Protegido',
      'DJI Air 3',
      'Número de serie del dron',
      '1581F5FHD2K',
      'Daño total o robo del dron',
      'Responsabilidad civil por vuelo',
      insurance.number,
    ])
      expect(text).toContain(expected);
  });

  it('imports its own sample CSV, finds duplicates by its identifier and issues the valid rows', async () => {
    const c = await registerCustomer(t.app);
    const entityId = (await createBusiness(t.app, c.auth)).id;
    const sample = await call(c.auth, 'GET', `/imports/sample?coverage_id=${coverageId}`);
    expect(sample.statusCode, sample.body).toBe(200);
    expect(sample.headers['content-disposition']).toContain('dron-protegido.csv');
    const [header, example] = sample.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(header).toBe('marca;modelo;numero_de_serie;valor_del_dron;fecha_inicio;fecha_fin');
    expect(example).toMatch(
      /^DJI;Mini 4 Pro;1581F6Z9C24;1\.000\.000,00;\d\d\/\d\d\/\d{4};\d\d\/\d\d\/\d{4}$/,
    );

    const file = Buffer.from(`${header}\r\n${example}\r\n${example}\r\n`, 'utf8');
    const upload = await uploadImport(t.app, c.auth, { coverageId, entityId, file });
    expect(upload.statusCode, upload.body).toBe(207);
    const report = upload.json().data.import;
    expect(report).toMatchObject({ risk_type: 'drone', row_count: 2, valid_count: 1, invalid_count: 1 });
    const rows = (await call(c.auth, 'GET', `/imports/${report.id}/rows`)).json().data;
    expect(rows.map((r: { identifier: string | null }) => r.identifier)).toEqual([
      '1581F6Z9C24',
      '1581F6Z9C24',
    ]);
    expect(rows[1].errors).toEqual(['Repetido en el archivo: es el mismo que la fila 2.']);
    // $ 1.000.000 at 15 ‰: 15.000 net, 750 surcharges, 3.307,50 taxes.
    expect(report.total_cents).toBe(1_905_750);

    await topUpCredit(t.app, c.auth, report.total_cents);
    const issued = await call(c.auth, 'POST', `/imports/${report.id}/confirm`);
    expect(issued.statusCode, issued.body).toBe(200);
    const [row] = (await call(c.auth, 'GET', `/imports/${report.id}/rows?filter[status][eq]=issued`)).json()
      .data;
    const insurance = (await call(c.auth, 'GET', `/insurances/${row.insurance_id}`)).json().data;
    expect(insurance.risks[0]).toMatchObject({
      kind: 'drone',
      data: {
        brand: 'DJI',
        model: 'Mini 4 Pro',
        serial_number: '1581F6Z9C24',
        insured_amount_cents: 100_000_000,
      },
    });
  });
});
