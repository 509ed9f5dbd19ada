import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerCustomer, type TestApp } from '../../../test/harness.ts';
import { operatorSession } from '../../../test/operator.ts';
import { contractInsurance, payThroughSandbox } from '../../../test/purchase.ts';
import { auditLog, users, walletMovements, wallets } from '../../db/schema/index.ts';
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

const admin = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v4/admin${url}`, headers: op, ...(payload ? { payload } : {}) });

const auditOf = (action: string) => t.database.db.select().from(auditLog).where(eq(auditLog.action, action));

describe('insurances', () => {
  async function paidInsurance(dni: string) {
    const customer = await registerCustomer(t.app, { dni });
    const bag = await t.app.inject({
      method: 'GET',
      url: '/api/v4/public-policies?filter[risk_type][eq]=bag',
    });
    const insurance = await contractInsurance(t.app, customer.auth, bag.json().data[0].coverages[0].id);
    await payThroughSandbox(t.app, customer.auth, insurance.id);
    return { customer, insurance };
  }

  async function moneyMovements(email: string) {
    return t.database.db
      .select({ amount: walletMovements.amountCents, kind: walletMovements.kind })
      .from(walletMovements)
      .innerJoin(wallets, eq(wallets.id, walletMovements.walletId))
      .innerJoin(users, eq(users.id, wallets.userId))
      .where(eq(users.email, email));
  }

  it('finds an insurance by number and by the taker’s DNI, voids it and refunds all that was paid', async () => {
    const { customer, insurance } = await paidInsurance('27333444');
    const byNumber = await admin('GET', `/insurances?search=${insurance.number}`);
    expect(byNumber.json().data.map((i: { id: number }) => i.id)).toEqual([insurance.id]);
    const byDni = await admin('GET', '/insurances?search=27.333.444');
    expect(byDni.json().data.map((i: { id: number }) => i.id)).toContain(insurance.id);
    expect(byDni.json().data[0].status).toBe('vigente');

    const voided = await admin('POST', `/insurances/${insurance.id}/void`, {
      status: 'anulado',
      reason: 'Pedido de la aseguradora',
    });
    expect(voided.statusCode).toBe(200);
    expect(voided.json().data.status).toBe('anulado');
    const movements = await moneyMovements(customer.email);
    expect(movements.filter((m) => m.kind === 'refund').map((m) => m.amount)).toEqual([
      insurance.premium.total_cents,
    ]);

    const again = await admin('POST', `/insurances/${insurance.id}/void`, {
      status: 'invalido',
      reason: 'Otra vez',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error_code).toBe('insurance_not_voidable');
    expect(again.json().message).toContain('ya no se puede anular');
    const [entry] = await auditOf('insurance.void');
    expect(entry!.after).toMatchObject({
      status: 'anulado',
      refund_cents: insurance.premium.total_cents,
      reason: 'Pedido de la aseguradora',
    });
    const seen = await t.app.inject({
      method: 'GET',
      url: `/api/v4/customers/insurances/${insurance.id}`,
      headers: customer.auth,
    });
    expect(seen.json().data.status).toBe('anulado');
  });

  it('marks an unpaid insurance invalid with nothing to refund, and asks for a reason', async () => {
    const customer = await registerCustomer(t.app);
    const bag = await t.app.inject({
      method: 'GET',
      url: '/api/v4/public-policies?filter[risk_type][eq]=bag',
    });
    const insurance = await contractInsurance(t.app, customer.auth, bag.json().data[0].coverages[0].id);
    const noReason = await admin('POST', `/insurances/${insurance.id}/void`, {
      status: 'invalido',
      reason: ' ',
    });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().validations.reason).toEqual(['Ingresá el motivo.']);
    const res = await admin('POST', `/insurances/${insurance.id}/void`, {
      status: 'invalido',
      reason: 'Datos del bolso falsos',
    });
    expect(res.json().data.status).toBe('invalido');
    expect(await moneyMovements(customer.email)).toEqual([]);
  });
});
