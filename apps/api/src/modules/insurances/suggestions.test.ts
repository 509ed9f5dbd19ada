/**
 * GET /customers/insurance-processes/suggestions (issue 19 item 5): what a returning customer answered in
 * their last contracts, offered again — their own people, vehicles and addresses, never another
 * customer's.
 */
import { ContractSuggestionsSchema, dataOf, type RiskTypeCode } from '@cubierto/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoDaysFromToday, riskAnswers } from '../../../test/contracting.ts';
import { createTestApp, registerCustomer, type TestApp } from '../../../test/harness.ts';
import { seedDemoCatalog } from '../../db/seed.ts';

let t: TestApp;
let ids: { stateId: number; localityId: number };
let catalogue: Array<{
  external_url: string | null;
  risk_type: { short_code: string };
  coverages: Array<{ id: number }>;
}>;
type Customer = Awaited<ReturnType<typeof registerCustomer>>;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoCatalog(t.database.db, t.app.deps.storage);
  catalogue = (await t.app.inject({ method: 'GET', url: '/api/v4/public-policies?per_page=100' })).json()
    .data;
  const provinces = (await t.app.inject({ method: 'GET', url: '/api/v4/common/provinces' })).json()
    .data as Array<{ id: number; code: string }>;
  const caba = provinces.find((p) => p.code === 'C')!;
  const localities = (
    await t.app.inject({ method: 'GET', url: `/api/v4/common/provinces/${caba.id}/localities` })
  ).json().data;
  ids = { stateId: caba.id, localityId: localities[0].id };
});
afterAll(async () => t.close());

/** Contracts a coverage of the risk type through the flow's steps and confirms it (left pendiente). */
async function contract(c: Customer, code: RiskTypeCode, risk: Record<string, unknown>, confirm = true) {
  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
    const res = await t.app.inject({
      method,
      url: `/api/v4/customers${url}`,
      headers: c.auth,
      ...(payload ? { payload } : {}),
    });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json().data;
  };
  const policy = catalogue.find((p) => p.risk_type.short_code === code && !p.external_url)!;
  const entity = (await call('GET', '/entities'))[0].id as number;
  const process = await call('POST', '/insurance-processes', { coverage_id: policy.coverages[0]!.id });
  const answers: Record<string, object> = {
    risk,
    dates: { start_date: isoDaysFromToday(1), end_date: isoDaysFromToday(8) },
    taker: { taker_entity_id: entity, billing_entity_id: entity },
  };
  for (const step of process.steps as string[]) {
    await call('PUT', `/insurance-processes/${process.id}/steps/${step}`, answers[step]);
  }
  if (!confirm) return;
  const quote = await call('POST', `/insurance-processes/${process.id}/quote`);
  await call('POST', `/insurance-processes/${process.id}/confirm`, { quote_id: quote.id });
}

async function suggestionsOf(c: Customer) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/v4/customers/insurance-processes/suggestions',
    headers: c.auth,
  });
  expect(res.statusCode).toBe(200);
  return dataOf(ContractSuggestionsSchema).parse(res.json()).data;
}

describe('the answers of my last contracts, offered again', () => {
  it("offers my travellers, vehicles and addresses, newest first and once each, and never another customer's", async () => {
    const ana = await registerCustomer(t.app);
    const bruno = await registerCustomer(t.app);
    expect(await suggestionsOf(ana)).toEqual({ people: [], vehicles: [], addresses: [], choices: {} });

    await contract(ana, 'home', riskAnswers('home', ids));
    await contract(ana, 'motorcycle', riskAnswers('motorcycle', ids));
    await contract(ana, 'travel-assistance', riskAnswers('travel-assistance', ids));
    // The same traveller again, in an older-looking spelling of the DNI: offered once.
    await contract(ana, 'telemedicine', {
      insured: {
        first_name: 'Sofía',
        last_name: 'Gómez',
        dni: '30.123.456',
        birth_date: '1990-04-12',
        gender: 'f',
      },
    });
    const marta = {
      first_name: 'Marta',
      last_name: 'Ríos',
      dni: '33444555',
      birth_date: '1985-09-30',
      gender: 'f',
    };
    await contract(bruno, 'travel-assistance', {
      trip_type: 'long_stay',
      destination: 'España',
      travellers: [marta],
    });
    await contract(bruno, 'travel-assistance', {
      trip_type: 'multi_trip',
      destination: 'Chile',
      travellers: [marta],
    });
    // Answers of a contract not confirmed are not "my last contracts".
    await contract(
      bruno,
      'specific-vehicle-cargo',
      { plate: 'AC 456 DE', cargo_description: 'Muebles' },
      false,
    );

    const mine = await suggestionsOf(ana);
    expect(mine.people).toEqual([
      { first_name: 'Sofía', last_name: 'Gómez', dni: '30123456', birth_date: '1990-04-12', gender: 'f' },
      { first_name: 'Juan', last_name: 'Gómez', dni: '28123456', birth_date: '1990-04-12', gender: 'm' },
    ]);
    expect(mine.vehicles).toEqual([
      {
        plate: 'AB123CD',
        brand: 'Honda',
        model: 'Wave 110',
        year: new Date().getFullYear() - 3,
        engine_number: 'JA45E1234567',
        chassis_number: '8CHJA4500PA123456',
      },
    ]);
    expect(mine.addresses).toEqual([
      {
        street: 'Av. Corrientes',
        street_number: '1234',
        floor_block: '5',
        apartment_house: 'B',
        state_id: ids.stateId,
        locality_id: ids.localityId,
        zip_code: 'C1043AAZ',
      },
    ]);
    expect(JSON.stringify(mine)).not.toContain('Marta');

    const his = await suggestionsOf(bruno);
    // The type of the last trip, which the flow proposes for the next one (issue 19).
    expect(mine.choices).toEqual({ 'travel-assistance': { trip_type: 'one_trip' } });
    expect(his).toEqual({
      people: [marta],
      vehicles: [],
      addresses: [],
      choices: { 'travel-assistance': { trip_type: 'multi_trip' } },
    });
  });

  it('answers only a signed-in customer', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v4/customers/insurance-processes/suggestions',
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error_code).toBeTruthy();
  });
});
