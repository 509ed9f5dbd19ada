/**
 * The list query parser checks each filter against its column's declared type and range, and paging
 * against its bounds, before any SQL: values the database would refuse (the findings of the "no input may
 * produce a 500" review) come back as 422 invalid_query naming the parameter, on PGlite and PostgreSQL.
 */
import type { ErrorBody } from '@cubierto/contracts';
import { numeric, pgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerCustomer, type TestApp } from '../../test/harness.ts';
import { bagCoverageId, contractInsurance } from '../../test/purchase.ts';
import { seedDemoCatalog } from '../db/seed.ts';
import { AppError } from './errors.ts';
import { parseListQuery } from './list-query.ts';

let t: TestApp;
let auth: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoCatalog(t.database.db, t.app.deps.storage);
  auth = (await registerCustomer(t.app)).auth;
  await contractInsurance(t.app, auth, await bagCoverageId(t.app));
});

afterAll(async () => t?.close());

const get = (url: string, headers: Record<string, string> = auth) =>
  t.app.inject({ method: 'GET', url: `/api/v4${url}`, headers });

/** The answer is a 422 invalid_query whose validations name `parameter` (in Spanish). */
async function expectRefused(url: string, parameter: string, message: RegExp) {
  const res = await get(url);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(422);
  const body = res.json<ErrorBody>();
  expect(body.error_code).toBe('invalid_query');
  const validations = body.validations as Record<string, string[]>;
  expect(Object.keys(validations)).toEqual([parameter]);
  expect(validations[parameter]?.[0]).toMatch(message);
}

describe('typed list filters', () => {
  it('refuses a decimal, an exponent or a number past int4 in an integer filter', async () => {
    for (const value of ['1.5', '1e3', '2147483648', '-2147483649', '0x10', ' 1', '']) {
      await expectRefused(
        `/public-policies?filter[company][eq]=${encodeURIComponent(value)}`,
        'filter[company][eq]',
        /^filter\[company\]\[eq\] debe ser un número entero entre -2147483648 y 2147483647\.$/,
      );
    }
    await expectRefused('/public-policies?filter[company][in]=1,2.5', 'filter[company][in]', /número entero/);
  });

  it('refuses the year 0, the year 10000 and a day that does not exist in a date-time filter', async () => {
    for (const value of [
      '0000-01-01',
      '0000-12-31T23:00:00Z',
      '0001-01-01T00:00:00+01:00',
      '10000-01-01',
      '2025-02-30',
      'abc',
    ]) {
      await expectRefused(
        `/customers/invoices?filter[issued_at][gte]=${encodeURIComponent(value)}`,
        'filter[issued_at][gte]',
        /fecha/,
      );
    }
  });

  it('refuses text in a date filter on a date column', async () => {
    for (const value of ['abc', '0000-01-01', '2025-13-01', '2025-01-01T00:00:00Z']) {
      await expectRefused(
        `/customers/claims?filter[incident_date][eq]=${encodeURIComponent(value)}`,
        'filter[incident_date][eq]',
        /^filter\[incident_date\]\[eq\] debe ser una fecha AAAA-MM-DD/,
      );
    }
  });

  it('refuses a value outside an enum filter and names the values it takes', async () => {
    await expectRefused('/customers/insurances?filter[status][eq]=borrado', 'filter[status][eq]', /vigente/);
  });

  it('refuses a NUL character in a text filter', async () => {
    await expectRefused('/customers/insurances?filter[number][like]=%00', 'filter[number][like]', /texto/);
  });

  it('takes no filter, sort or relation name from what every object inherits', async () => {
    await expectRefused(
      '/common/app-version?sort_by=__proto__',
      'sort_by',
      /^No se puede ordenar por __proto__\.$/,
    );
    await expectRefused('/common/contexts?sort_by=-constructor', 'sort_by', /constructor/);
    await expectRefused(
      '/common/contexts?filter[__proto__][eq]=1',
      'filter[__proto__][eq]',
      /No se puede filtrar/,
    );
    await expectRefused(
      '/common/contexts?filter[constructor][eq]=1',
      'filter[constructor][eq]',
      /No se puede filtrar/,
    );
    await expectRefused('/public-policies?load[constructor]=*', 'load[constructor]', /No se puede cargar/);
  });

  it('still answers valid filters of every type', async () => {
    for (const url of [
      '/public-policies?filter[company][in]=1,2&filter[risk_type][eq]=bag&filter[name][like]=a',
      '/customers/invoices?filter[issued_at][gte]=2025-01-01&filter[issued_at][lte]=2030-12-31T23:59:59-03:00',
      '/customers/claims?filter[incident_date][gte]=2025-01-01&filter[incident_date][eq]=2024-02-29',
      '/customers/insurances?filter[status][in]=pendiente,vigente&filter[number][like]=0',
      '/common/app-version?filter[active][eq]=true&filter[platform][like]=web&filter[id][eq]=1',
    ]) {
      const res = await get(url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    }
    const mine = await get('/customers/insurances?filter[status][eq]=pendiente');
    expect(mine.json<{ data: unknown[] }>().data).toHaveLength(1);
  });
});

describe('a decimal filter (no list has one yet: numeric columns hold money as centavos today)', () => {
  const rates = pgTable('rates', { rate: numeric('rate', { precision: 21, scale: 6 }) });
  const spec = { filters: { rate: { column: rates.rate, type: 'decimal' as const } } };

  it('takes up to 15 integer digits and 6 decimals with a point, and nothing else', () => {
    for (const value of ['1.5', '-0.25', '123456789012345.123456', '7']) {
      expect(() => parseListQuery({ 'filter[rate][gte]': value }, spec), value).not.toThrow();
    }
    for (const value of ['1e3', '1,5', '1234567890123456', '0.1234567', 'NaN', '.5', '']) {
      expect(() => parseListQuery({ 'filter[rate][gte]': value }, spec), value).toThrow(AppError);
    }
  });
});

describe('paging', () => {
  it('refuses a page or per_page that is not a whole number in range, on every kind of list', async () => {
    for (const url of ['/customers/insurances', '/customers/notification-user', '/public-policies']) {
      for (const value of ['1e21', '1e3', '1.5', '0', '-1', '1000001', '99999999999999999999']) {
        await expectRefused(
          `${url}?page=${value}`,
          'page',
          /^page debe ser un número entero entre 1 y 1000000\.$/,
        );
      }
      await expectRefused(
        `${url}?per_page=2.5`,
        'per_page',
        /^per_page debe ser un número entero entre 1 y \d+\.$/,
      );
    }
  });

  it('answers what the web app asks for as before', async () => {
    const res = await get('/customers/insurances?sort_by=-created_at&page=1&per_page=3');
    expect(res.statusCode).toBe(200);
    expect(res.json().meta).toEqual({ current_page: 1, per_page: 3, total: 1, last_page: 1 });
    const last = await get('/customers/insurances?page=1000000&per_page=100');
    expect(last.statusCode).toBe(200);
    expect(last.json().data).toEqual([]);
  });
});

describe('the API reference', () => {
  it('documents each filter with its type and range, and paging as bounded integers', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v4/openapi.json' })).json();
    const params = (path: string) =>
      Object.fromEntries(
        (doc.paths[path].get.parameters as Array<{ name: string; schema: unknown }>).map((p) => [
          p.name,
          p.schema,
        ]),
      );
    const claims = params('/api/v4/customers/claims');
    expect(claims.page).toMatchObject({ type: 'integer', minimum: 1, maximum: 1_000_000 });
    expect(claims.per_page).toMatchObject({ type: 'integer', minimum: 1, maximum: 100 });
    expect(claims['filter[incident_date][eq]']).toMatchObject({ type: 'string', format: 'date' });
    expect(claims['filter[created_at][gte]']).toMatchObject({ type: 'string', format: 'date-time' });
    expect(claims['filter[insurance_id][eq]']).toMatchObject({ type: 'integer', maximum: 2_147_483_647 });
    expect(claims['filter[status][in]']).toMatchObject({ type: 'array', items: { type: 'string' } });
    expect(params('/api/v4/customers/notification-user').per_page).toMatchObject({ maximum: 50 });
  });
});
