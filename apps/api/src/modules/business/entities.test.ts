import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerCustomer, type TestApp } from '../../../test/harness.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('creating an entity (search-entity)', () => {
  it('checks a person by DNI and a business by CUIT, in Spanish, on the document field', async () => {
    const c = await registerCustomer(t.app);
    const create = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/v4/customers/entities', headers: c.auth, payload });

    const badDni = await create({
      kind: 'person',
      name: 'Lucía Pérez',
      document_number: '12ab5',
      tax_condition: 'consumidor_final',
    });
    expect(badDni.statusCode).toBe(422);
    expect(badDni.json().validations).toEqual({ document_number: ['El DNI debe tener 7 u 8 números.'] });

    const badCuit = await create({
      kind: 'business',
      name: 'Panadería Sol SRL',
      document_number: '30-12345678-0',
      tax_condition: 'responsable_inscripto',
    });
    expect(badCuit.statusCode).toBe(422);
    expect(badCuit.json().validations).toEqual({ document_number: ['El CUIT no es válido.'] });

    const person = await create({
      kind: 'person',
      name: 'Lucía Pérez',
      document_number: '27.456.789',
      tax_condition: 'monotributo',
    });
    expect(person.statusCode).toBe(201);
    expect(person.json().data).toMatchObject({ document_type: 'DNI', document_number: '27456789' });

    const found = await t.app.inject({
      method: 'GET',
      url: '/api/v4/customers/entities/search?document=27456789',
      headers: c.auth,
    });
    expect(found.json().data.map((e: { name: string }) => e.name)).toEqual(['Lucía Pérez']);
  });
});
