import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerCustomer, type TestApp } from '../../../test/harness.ts';
import { contractInsurance } from '../../../test/purchase.ts';
import { type DbOrTx, rowsOf } from '../../db/client.ts';
import { insurances } from '../../db/schema/index.ts';
import { seedDemoCatalog } from '../../db/seed.ts';
import { AppError } from '../../lib/errors.ts';
import {
  endInsurance,
  insurancePaidAfter,
  markInsurancesPaid,
  moveInsurance,
  payInsuranceSql,
} from './status.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoCatalog(t.database.db, t.app.deps.storage);
});
afterAll(async () => {
  await t.close();
});

async function pendingInsurance(options: { startInDays?: number } = {}) {
  const customer = await registerCustomer(t.app);
  const bag = await t.app.inject({ method: 'GET', url: '/api/v4/public-policies?filter[risk_type][eq]=bag' });
  const issued = await contractInsurance(t.app, customer.auth, bag.json().data[0].coverages[0].id, options);
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

/** A payment folded into another statement (after-payment.ts): payInsuranceSql, then insurancePaidAfter. */
async function payInOneStatement(tx: DbOrTx, insuranceId: number, now: Date) {
  const [row] = rowsOf<{ paid: Parameters<typeof insurancePaidAfter>[1] }>(
    await tx.execute(
      sql`with paid as (${payInsuranceSql(insuranceId, now)}) select (select row_to_json(paid) from paid) as paid`,
    ),
  );
  await insurancePaidAfter(tx, row?.paid ?? null);
}

describe('a payment, in its own statement or folded into another', () => {
  const statusOf = async (id: number) => {
    const [row] = await t.database.db.select().from(insurances).where(eq(insurances.id, id));
    return { status: row!.status, paid: row!.paidAt !== null };
  };

  it('puts one starting today in force, and keeps one starting later pendiente, paid', async () => {
    const now = new Date();
    for (const startInDays of [0, 5]) {
      const alone = await pendingInsurance({ startInDays });
      const folded = await pendingInsurance({ startInDays });
      await t.database.db.transaction((tx) => markInsurancesPaid(tx, [alone.id], now));
      await t.database.db.transaction((tx) => payInOneStatement(tx, folded.id, now));
      const expected = { status: startInDays === 0 ? 'vigente' : 'pendiente', paid: true };
      expect([await statusOf(alone.id), await statusOf(folded.id)]).toEqual([expected, expected]);
    }
  });

  it('refuses, folded too, one that no longer waits for its payment, and leaves it as it was', async () => {
    const row = await pendingInsurance();
    const now = new Date();
    await t.database.db.transaction((tx) => endInsurance(tx, { insurance: row, action: 'cancel', now }));
    expect(await codeOf(t.database.db.transaction((tx) => payInOneStatement(tx, row.id, now)))).toBe(
      'insurance_transition_refused',
    );
    expect(await statusOf(row.id)).toEqual({ status: 'cancelado', paid: false });
  });
});
