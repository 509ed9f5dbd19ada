/** The Servicio de Atención al Asegurado block: public read, operator edit (validated, audited). */
import { InsuredServiceSchema } from '@cubierto/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerCustomer, type TestApp } from '../../../test/harness.ts';
import { operatorSession } from '../../../test/operator.ts';
import { auditLog } from '../../db/schema/index.ts';
import { DEFAULT_INSURED_SERVICE } from './service.ts';

let t: TestApp;
let op: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  op = (await operatorSession(t.app, t.database)).auth;
});
afterAll(async () => {
  await t.close();
});

const publicRead = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/v4/common/insured-service' });
  expect(res.statusCode).toBe(200);
  return InsuredServiceSchema.parse(res.json().data);
};

const body = {
  ...DEFAULT_INSURED_SERVICE,
  responsible: 'Ana Gómez',
  deputy: 'Pedro Suárez',
  phone: '011 4000-1234',
  email: 'SAA@Ejemplo.com.ar',
};

describe('Servicio de Atención al Asegurado', () => {
  it('shows the demo defaults to anyone before an operator edits it', async () => {
    const block = await publicRead();
    expect(block).toEqual({ ...DEFAULT_INSURED_SERVICE, updated_at: null });
    expect(block.ssn_line).toContain('0800-666-8400');
  });

  it('is edited by an operator only, audited with before and after, and the public read follows', async () => {
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: '/api/v4/admin/insured-service',
      payload: body,
    });
    expect(anonymous.statusCode).toBe(401);
    const customer = await registerCustomer(t.app);
    const asCustomer = await t.app.inject({
      method: 'PUT',
      url: '/api/v4/admin/insured-service',
      headers: customer.auth,
      payload: body,
    });
    expect([401, 403]).toContain(asCustomer.statusCode);

    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/v4/admin/insured-service',
      headers: op,
      payload: body,
    });
    expect(saved.statusCode).toBe(200);
    const data = InsuredServiceSchema.parse(saved.json().data);
    expect(data).toMatchObject({ responsible: 'Ana Gómez', email: 'saa@ejemplo.com.ar' });
    expect(data.updated_at).not.toBeNull();

    expect(await publicRead()).toEqual(data);
    const asOperator = await t.app.inject({
      method: 'GET',
      url: '/api/v4/admin/insured-service',
      headers: op,
    });
    expect(asOperator.json().data).toEqual(data);

    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'insured_service.update'));
    expect(entry).toMatchObject({ targetType: 'setting', targetId: 'insured_service', actor: 'operator' });
    expect((entry!.before as { responsible: string }).responsible).toBe(DEFAULT_INSURED_SERVICE.responsible);
    expect((entry!.after as { responsible: string }).responsible).toBe('Ana Gómez');
  });

  it('refuses an empty or malformed field with its message under the field', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v4/admin/insured-service',
      headers: op,
      payload: { ...body, deputy: '  ', phone: 'llamanos', email: 'no' },
    });
    expect(res.statusCode).toBe(422);
    const { validations } = res.json() as { validations: Record<string, string[]> };
    expect(validations.deputy?.[0]).toBe('Ingresá el nombre del suplente.');
    expect(validations.phone?.[0]).toContain('teléfono válido');
    expect(validations.email?.[0]).toBe('Ingresá un e-mail válido.');
    expect((await publicRead()).deputy).toBe('Pedro Suárez');
  });
});
