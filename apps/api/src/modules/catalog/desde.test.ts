/**
 * One honest price (issue 19 item 1): the catalogue's "desde" of every coverage of the seeded demo
 * catalogue is the cheapest quote the contract flow gives, asked through the real routes.
 */
import { type PremiumFrom, RISK_TYPE_CODES, type RiskTypeCode, stepsFor } from '@cubierto/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoDaysFromToday, riskAnswers, uploadPhoto } from '../../../test/contracting.ts';
import { createTestApp, registerCustomer, type TestApp } from '../../../test/harness.ts';
import { seedDemoCatalog } from '../../db/seed.ts';

type CoverageOut = { id: number; public_name: string; premium_from: PremiumFrom };
type PolicyOut = {
  name: string;
  external_url: string | null;
  risk_type: { short_code: RiskTypeCode };
  coverages: CoverageOut[];
};

let t: TestApp;
let auth: Record<string, string>;
let entityId: number;
let photoSeed = 0;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoCatalog(t.database.db, t.app.deps.storage);
  auth = (await registerCustomer(t.app)).auth;
  const entities = await t.app.inject({ method: 'GET', url: '/api/v4/customers/entities', headers: auth });
  entityId = entities.json<{ data: Array<{ id: number }> }>().data[0]!.id;
});
afterAll(async () => t.close());

const inject = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v4/customers${url}`, headers: auth, ...(payload ? { payload } : {}) });

/** Contracts `coverage` with the answers `risk` (the cheapest dates) and answers the premio of its quote. */
async function quoteFor(code: RiskTypeCode, coverageId: number, risk: Record<string, unknown>) {
  const started = await inject('POST', '/insurance-processes', { coverage_id: coverageId });
  expect(started.statusCode, started.body).toBe(201);
  const process = started.json<{ data: { id: number } }>().data;
  const answers: Record<string, object> = {
    risk,
    dates: { start_date: isoDaysFromToday(0), end_date: isoDaysFromToday(1) },
    taker: { taker_entity_id: entityId, billing_entity_id: entityId },
  };
  for (const step of stepsFor(code)) {
    const body =
      step === 'photos'
        ? {
            photos: [
              await uploadPhoto(t.app, auth, ++photoSeed),
              await uploadPhoto(t.app, auth, ++photoSeed),
            ],
          }
        : answers[step]!;
    const saved = await inject('PUT', `/insurance-processes/${process.id}/steps/${step}`, body);
    expect(saved.statusCode, `${code} ${step}: ${saved.body}`).toBe(200);
  }
  const quote = await inject('POST', `/insurance-processes/${process.id}/quote`);
  expect(quote.statusCode, quote.body).toBe(201);
  await inject('DELETE', `/insurance-processes/${process.id}`);
  return quote.json<{ data: { premium: { total_cents: number } } }>().data.premium.total_cents;
}

describe('"desde" is the cheapest quote of the flow', () => {
  it('for every coverage of the 12 risk types of the demo catalogue', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v4/public-policies?per_page=100' });
    const policies = res.json<{ data: PolicyOut[] }>().data;
    expect(new Set(policies.map((p) => p.risk_type.short_code))).toEqual(new Set(RISK_TYPE_CODES));
    const ids = { stateId: 1, localityId: 1 };
    const quoted = new Set<string>();
    for (const policy of policies) {
      const code = policy.risk_type.short_code;
      // Sold on the insurer's own site (spec §5 external link): the flow gives no quote to compare.
      if (policy.external_url) continue;
      quoted.add(code);
      for (const coverage of policy.coverages) {
        const from = coverage.premium_from;
        const base = riskAnswers(code, ids);
        const label = `${policy.name} · ${coverage.public_name}`;
        if (code === 'travel-assistance') {
          // Every trip type, one traveller, the shortest trip: the cheapest is the "desde".
          const person = (base.travellers as unknown[])[0];
          const totals = [];
          for (const tripType of ['one_trip', 'multi_trip', 'long_stay'])
            totals.push(
              await quoteFor(code, coverage.id, { ...base, trip_type: tripType, travellers: [person] }),
            );
          expect(from.amount_cents, label).toBe(Math.min(...totals));
          expect(from).toMatchObject({ period: 'día', periods: 2 });
          // Two travellers cost more: one is the minimum.
          expect(
            await quoteFor(code, coverage.id, { ...base, trip_type: from.trip_type }),
            label,
          ).toBeGreaterThan(from.amount_cents);
          continue;
        }
        if ('insured_amount_cents' in base) {
          expect(from.insured_amount_cents, label).not.toBeNull();
          const min = from.insured_amount_cents!;
          expect(await quoteFor(code, coverage.id, { ...base, insured_amount_cents: min }), label).toBe(
            from.amount_cents,
          );
          // A lower amount is not offered: the step refuses it.
          const started = await inject('POST', '/insurance-processes', { coverage_id: coverage.id });
          const id = started.json<{ data: { id: number } }>().data.id;
          const lower = await inject('PUT', `/insurance-processes/${id}/steps/risk`, {
            ...base,
            insured_amount_cents: min - 100,
          });
          expect(lower.statusCode, label).toBe(422);
          await inject('DELETE', `/insurance-processes/${id}`);
          continue;
        }
        expect(from.insured_amount_cents, label).toBeNull();
        expect(from).toMatchObject({ period: 'mes', periods: 1 });
        expect(await quoteFor(code, coverage.id, base), label).toBe(from.amount_cents);
      }
    }
    expect(quoted).toEqual(new Set(RISK_TYPE_CODES));
  }, 300_000);
});
