/**
 * Money under fire, model-based (fast-check `fc.commands`): random sequences of what customers do with
 * money — top up Mi dinero or Mi crédito, pay an insurance from either, retry a payment with the same
 * idempotency key, fire several payments at once, cancel a paid insurance before it starts (all of it
 * comes back) — run against the real API and, beside it, a model of what every balance must be. After
 * each command the API's balances equal the model's; after each sequence every wallet's balance equals
 * the sum of its movements and the money that came in equals the money held plus the money spent.
 * On PostgreSQL (npm run test:pg) the concurrent payments really race.
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCatalog } from '../src/db/seed.ts';
import { createTestApp, registerCustomer, type TestApp } from './harness.ts';
import { bagCoverageId, contractInsurance } from './purchase.ts';

const RUNS = Number(process.env.MONEY_MODEL_RUNS ?? 8);
const INSURANCES = 5;

type Wallet = 'money' | 'credit';
type Real = {
  auth: Record<string, string>;
  insurances: Array<{ id: number; total: number }>;
  keys: Map<number, string>;
};
type Model = { balance: Record<Wallet, number>; status: Array<'unpaid' | 'paid' | 'cancelled'> };

let t: TestApp;
let coverage: number;
let keyCounter = 0;
const newKey = () => `model-key-${process.pid}-${++keyCounter}-${Date.now()}`;
const WALLET_PATH: Record<Wallet, string> = { money: 'money-wallet', credit: 'credit-wallet' };
const METHOD: Record<Wallet, string> = { money: 'money_wallet', credit: 'credit_wallet' };

beforeAll(async () => {
  t = await createTestApp({ poolSize: 12 });
  await seedDemoCatalog(t.database.db, t.app.deps.storage);
  coverage = await bagCoverageId(t.app);
}, 60_000);
afterAll(async () => t.close());

async function balances(real: Real): Promise<Record<Wallet, number>> {
  const read = async (wallet: Wallet) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/v4/customers/${WALLET_PATH[wallet]}`,
        headers: real.auth,
      })
    ).json().data.balance_cents as number;
  return { money: await read('money'), credit: await read('credit') };
}

function pay(real: Real, index: number, wallet: Wallet, key: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v4/customers/payments',
    headers: { ...real.auth, 'idempotency-key': key },
    payload: { insurance_id: real.insurances[index]!.id, method: METHOD[wallet] },
  });
}

class TopUp implements fc.AsyncCommand<Model, Real> {
  readonly wallet: Wallet;
  readonly cents: number;

  constructor(wallet: Wallet, cents: number) {
    this.wallet = wallet;
    this.cents = cents;
  }
  check = () => true;
  async run(model: Model, real: Real) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v4/customers/${WALLET_PATH[this.wallet]}/top-ups`,
      headers: { ...real.auth, 'idempotency-key': newKey() },
      payload: { amount_cents: this.cents, method: 'sandbox' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const checkout = new URL(res.json().data.checkout_url);
    await t.app.inject({ method: 'POST', url: `${checkout.pathname}/approve` });
    // The checkout approves again when the customer reloads it: the money still comes in once.
    await t.app.inject({ method: 'POST', url: `${checkout.pathname}/approve` });
    model.balance[this.wallet] += this.cents;
    expect(await balances(real)).toEqual(model.balance);
  }
  toString = () => `TopUp(${this.wallet}, ${this.cents})`;
}

class Pay implements fc.AsyncCommand<Model, Real> {
  readonly index: number;
  readonly wallet: Wallet;

  constructor(index: number, wallet: Wallet) {
    this.index = index;
    this.wallet = wallet;
  }
  check = () => true;
  async run(model: Model, real: Real) {
    const key = newKey();
    const res = await pay(real, this.index, this.wallet, key);
    const total = real.insurances[this.index]!.total;
    if (model.status[this.index] !== 'unpaid') {
      expect(res.statusCode, res.body).toBe(409);
    } else if (model.balance[this.wallet] < total) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toMatch(/saldo/i);
    } else {
      expect(res.statusCode, res.body).toBe(201);
      model.balance[this.wallet] -= total;
      model.status[this.index] = 'paid';
      real.keys.set(this.index, `${this.wallet}:${key}`);
    }
    expect(await balances(real)).toEqual(model.balance);
  }
  toString = () => `Pay(#${this.index}, ${this.wallet})`;
}

/** The client did not hear the answer and sends the very same request again. */
class Retry implements fc.AsyncCommand<Model, Real> {
  readonly index: number;

  constructor(index: number) {
    this.index = index;
  }
  check = (model: Readonly<Model>) => model.status[this.index] !== 'unpaid';
  async run(model: Model, real: Real) {
    const sent = real.keys.get(this.index);
    if (!sent) return; // Paid before the model kept keys for it (never: a paid one always has its key).
    const [wallet, key] = sent.split(/:(.*)/s) as [Wallet, string];
    const res = await pay(real, this.index, wallet, key);
    expect([200, 201]).toContain(res.statusCode);
    expect(await balances(real)).toEqual(model.balance);
  }
  toString = () => `Retry(#${this.index})`;
}

/** Several payments of one wallet at once: as many succeed as the balance pays for, in some order. */
class Race implements fc.AsyncCommand<Model, Real> {
  readonly indexes: number[];
  readonly wallet: Wallet;

  constructor(indexes: number[], wallet: Wallet) {
    this.indexes = indexes;
    this.wallet = wallet;
  }
  check = () => true;
  async run(model: Model, real: Real) {
    const keys = this.indexes.map(() => newKey());
    const answers = await Promise.all(
      this.indexes.map((index, n) => pay(real, index, this.wallet, keys[n]!)),
    );
    let spent = 0;
    answers.forEach((res, n) => {
      const index = this.indexes[n]!;
      if (res.statusCode === 201) {
        expect(model.status[index]).toBe('unpaid');
        model.status[index] = 'paid';
        real.keys.set(index, `${this.wallet}:${keys[n]}`);
        spent += real.insurances[index]!.total;
      } else {
        expect(res.statusCode, res.body).toBe(409);
      }
    });
    // Each insurance is paid at most once however many times it appears in the race.
    expect(spent).toBeLessThanOrEqual(model.balance[this.wallet]);
    const unpaid = [...new Set(this.indexes)].filter((i) =>
      answers.every((res, n) => this.indexes[n] !== i || res.statusCode !== 201),
    );
    // Whatever stayed unpaid could not be afforded with what was left (all insurances cost the same).
    const left = model.balance[this.wallet] - spent;
    for (const index of unpaid) {
      if (model.status[index] === 'unpaid') expect(left).toBeLessThan(real.insurances[index]!.total);
    }
    model.balance[this.wallet] = left;
    expect(await balances(real)).toEqual(model.balance);
  }
  toString = () => `Race([${this.indexes.join(',')}], ${this.wallet})`;
}

/** Cancelling a paid insurance before its start date gives all of it back, to Mi dinero. */
class Cancel implements fc.AsyncCommand<Model, Real> {
  readonly index: number;

  constructor(index: number) {
    this.index = index;
  }
  check = () => true;
  async run(model: Model, real: Real) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v4/customers/insurances/${real.insurances[this.index]!.id}/cancel`,
      headers: real.auth,
      payload: { mode: 'now' },
    });
    if (model.status[this.index] === 'cancelled') {
      expect(res.statusCode, res.body).toBe(409);
    } else {
      expect(res.statusCode, res.body).toBe(200);
      if (model.status[this.index] === 'paid') model.balance.money += real.insurances[this.index]!.total;
      model.status[this.index] = 'cancelled';
    }
    expect(await balances(real)).toEqual(model.balance);
  }
  toString = () => `Cancel(#${this.index})`;
}

const index = fc.integer({ min: 0, max: INSURANCES - 1 });
const wallet = fc.constantFrom<Wallet>('money', 'credit');
const commands = [
  fc.tuple(wallet, fc.integer({ min: 100_00, max: 40_000_00 })).map(([w, c]) => new TopUp(w, c)),
  fc.tuple(index, wallet).map(([i, w]) => new Pay(i, w)),
  index.map((i) => new Retry(i)),
  fc.tuple(fc.array(index, { minLength: 2, maxLength: 4 }), wallet).map(([is, w]) => new Race(is, w)),
  index.map((i) => new Cancel(i)),
];

async function reconcile() {
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const unbalanced = await rows(sql`
    select w.id from wallets w where w.balance_cents <> (
      select coalesce(sum(m.amount_cents), 0) from wallet_movements m where m.wallet_id = w.id)`);
  const [flows] = await rows<{ top_ups: string; held: string; paid: string; refunded: string }>(sql`
    select
      (select coalesce(sum(amount_cents), 0) from payments
        where purpose in ('money_top_up', 'credit_top_up') and status = 'approved')::bigint as top_ups,
      (select coalesce(sum(balance_cents), 0) from wallets)::bigint as held,
      (select coalesce(-sum(amount_cents), 0) from wallet_movements where kind = 'insurance_payment')::bigint as paid,
      (select coalesce(sum(amount_cents), 0) from wallet_movements where kind = 'refund')::bigint as refunded`);
  return {
    unbalanced,
    conserved: Number(flows!.top_ups) === Number(flows!.held) + Number(flows!.paid) - Number(flows!.refunded),
  };
}

describe('money under fire (model-based)', () => {
  it('every balance follows the model and every peso is accounted for', async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 14 }), async (cmds) => {
        const customer = await registerCustomer(t.app);
        const insurances: Real['insurances'] = [];
        for (let i = 0; i < INSURANCES; i += 1) {
          // Starting tomorrow: paid, it waits as pendiente; cancelled, all of it comes back.
          const insurance = await contractInsurance(t.app, customer.auth, coverage, { startInDays: 1 });
          insurances.push({ id: insurance.id, total: insurance.premium.total_cents });
        }
        const model: Model = { balance: { money: 0, credit: 0 }, status: insurances.map(() => 'unpaid') };
        const real: Real = { auth: customer.auth, insurances, keys: new Map() };
        await fc.asyncModelRun(() => ({ model, real }), cmds);
        expect(await reconcile()).toEqual({ unbalanced: [], conserved: true });
      }),
      { numRuns: RUNS },
    );
  }, 600_000);
});
