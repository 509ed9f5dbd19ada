import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerCustomer, type TestApp } from '../../../test/harness.ts';
import { contractInsurance } from '../../../test/purchase.ts';
import { insurances } from '../../db/schema/index.ts';
import { seedDemoCatalog } from '../../db/seed.ts';
import { AppError } from '../../lib/errors.ts';
import { endInsurance, markInsurancesPaid, moveInsurance } from './status.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoCatalog(t.database.db, t.app.deps.storage);
});
afterAll(async () => {
  await t.close();
});

async function pendingInsurance() {
  const customer = await registerCustomer(t.app);
  const bag = await t.app.inject({ method: 'GET', url: '/api/v4/public-policies?filter[risk_type][eq]=bag' });
  const issued = await contractInsurance(t.app, customer.auth, bag.json().data[0].coverages[0].id);
  const [row] = await t.database.db.select().from(insurances).where(eq(insurances.id, issued.id));
  return row!;
}

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'moved',
    (error: unknown) => (error instanceof AppError ? error.code : String(error)),
  );

describe('the one writer of an insurance’s status', () => {
  it('refuses a change the table does not allow, and leaves the insurance as it was', async () => {
    const row = await pendingInsurance();
    const now = new Date();
    expect(
      await codeOf(moveInsurance(t.database.db, { insurance: row, action: 'finish', to: 'finalizado', now })),
    ).toBe('insurance_transition_refused');
    await t.database.db.transaction((tx) => endInsurance(tx, { insurance: row, action: 'cancel', now }));
    // A payment approved after it ended moves nothing: the whole transaction is refused.
    expect(await codeOf(t.database.db.transaction((tx) => markInsurancesPaid(tx, [row.id], now)))).toBe(
      'insurance_transition_refused',
    );
    const [after] = await t.database.db.select().from(insurances).where(eq(insurances.id, row.id));
    expect([after!.status, after!.paidAt]).toEqual(['cancelado', null]);
  });

  it('refuses a row read before someone else changed it (the status it was read with no longer holds)', async () => {
    const row = await pendingInsurance();
    const now = new Date();
    await t.database.db.transaction((tx) => endInsurance(tx, { insurance: row, action: 'void', now }));
    expect(
      await codeOf(
        t.database.db.transaction((tx) =>
          endInsurance(tx, {
            insurance: row,
            action: 'cancel',
            now,
            refusal: { code: 'insurance_not_cancellable' },
          }),
        ),
      ),
    ).toBe('insurance_not_cancellable');
  });
});
