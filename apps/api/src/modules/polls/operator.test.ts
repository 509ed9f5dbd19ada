/** The operator's questions of the insurance poll (/admin/poll-questions). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { operatorSession } from '../../../test/operator.ts';

let t: TestApp;
let op: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  op = (await operatorSession(t.app, t.database)).auth;
});
afterAll(async () => {
  await t.close();
});

const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v4/admin${url}`, headers: op, ...(payload ? { payload } : {}) });

describe('poll questions', () => {
  it('adds a poll question customers are asked after paying', async () => {
    const res = await admin('POST', '/poll-questions', {
      name: '¿Recomendarías la atención?',
      values: '1, 2, 3, 4, 5',
      position: 99,
      active: true,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.values).toBe('1,2,3,4,5');
    const four = await admin('POST', '/poll-questions', {
      name: 'Otra',
      values: '1,2,3,4',
      position: 1,
      active: true,
    });
    expect(four.json().validations.values).toEqual(['La escala tiene 5 valores separados por comas.']);
  });
});
