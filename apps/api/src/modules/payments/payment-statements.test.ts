/**
 * A wallet payment's round trips on PostgreSQL, counted (issue 22): each one holds a pooled connection
 * for the time it takes, under load the payment's cost. Every statement node-postgres sends while one
 * payment runs is counted: the transaction's begin travelling with its first statement, one round trip
 * (the idempotency key claimed, the insurance locked, the payment inserted, the wallet debited, the
 * insurance marked paid and the invoice's facts read), the held write (the outbox jobs, the invoice and
 * the key's outcome), the commit, then the instances told the customer's insurances changed (migration
 * 0028: not at the commit, which PostgreSQL serialises for every transaction that notifies). PGlite runs
 * in the process, without round trips: nothing to count there.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerCustomer, type TestApp, usePostgres } from '../../../test/harness.ts';
import { bagCoverageId, contractInsurance } from '../../../test/purchase.ts';
import { users } from '../../db/schema/index.ts';
import { seedDemoCatalog } from '../../db/seed.ts';
import { INSURANCES_CHANNEL, notifyInsurancesChanged } from '../insurances/list-cache.ts';
import { payInsurance } from './payment-service.ts';

/** The texts node-postgres sends while counting is on (the pools' clients are made after this wraps it). */
let counted: string[] | undefined;
type Query = (this: pg.Client, ...args: unknown[]) => unknown;
const proto = pg.Client.prototype as unknown as { query: Query };
const original = proto.query;

let t: TestApp;
let coverage: number;
beforeAll(async () => {
  proto.query = function query(this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text?: string } | undefined;
    const text = typeof first === 'string' ? first : (first?.text ?? '');
    // A hot transaction's first statement carries its begin (db/client.ts): one round trip for both.
    const begins = typeof first === 'object' && (first as { beginsTransaction?: boolean }).beginsTransaction;
    counted?.push(begins ? `begin; ${text}` : text);
    return original.apply(this, args);
  };
  t = await createTestApp();
  await seedDemoCatalog(t.database.db, t.app.deps.storage);
  coverage = await bagCoverageId(t.app);
});
afterAll(async () => {
  proto.query = original;
  await t?.close();
});

async function statementsOf(work: () => Promise<unknown>): Promise<string[]> {
  counted = [];
  try {
    await work();
    return counted.map((text) => text.replace(/\s+/g, ' ').trim());
  } finally {
    counted = undefined;
  }
}

describe.skipIf(!usePostgres)('a wallet payment’s statements', () => {
  it('three round trips in its transaction (the begin with the key claimed, the payment, its debit and its invoice facts; the held write; commit), then the notify after it', async () => {
    const c = await registerCustomer(t.app);
    const earlier = await contractInsurance(t.app, c.auth, coverage);
    const insurance = await contractInsurance(t.app, c.auth, coverage);
    const topUp = await t.app.inject({
      method: 'POST',
      url: '/api/v4/customers/money-wallet/top-ups',
      headers: { ...c.auth, 'idempotency-key': `statements-top-up-${insurance.id}` },
      payload: { amount_cents: 5_000_000, method: 'sandbox' },
    });
    const checkout = new URL(topUp.json().data.checkout_url);
    await t.app.inject({ method: 'POST', url: `${checkout.pathname}/approve` });
    const [user] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = lower(${c.email})`);
    const input = {
      userId: user!.id,
      insuranceId: insurance.id,
      method: 'money_wallet' as const,
      idempotencyKey: `statements-${insurance.id}`,
    };

    // An earlier payment: the pooled connection (the one released last is taken next) has parsed its begin,
    // which from then on goes with the transaction's first statement.
    await payInsurance(t.app.deps, {
      ...input,
      insuranceId: earlier.id,
      idempotencyKey: `statements-${earlier.id}`,
    });
    const first = await statementsOf(() => payInsurance(t.app.deps, input));
    expect(first.map(kindOf), first.join('\n')).toEqual([
      'begin; key claimed, insurance locked, payment inserted, wallet debited, marked paid, invoice facts',
      'held write with the key’s outcome',
      'commit',
      'the instances told, after the commit',
    ]);
    // A replay: the claim finds the key taken and writes nothing; its outcome is read, then the payment.
    const replay = await statementsOf(() => payInsurance(t.app.deps, input));
    expect(replay.map(kindOf), replay.join('\n')).toEqual([
      'begin; key claimed, insurance locked, payment inserted, wallet debited, marked paid, invoice facts',
      'the key’s outcome',
      'commit',
      'the payment',
    ]);
  });

  it('tells the instances of the payments committed in one turn, and then of those committed while they were being told, in one statement each, each customer once', async () => {
    const listener = new pg.Client({ connectionString: t.databaseUrl });
    await listener.connect();
    const heard: string[] = [];
    listener.on('notification', (message) => {
      if (message.channel === INSURANCES_CHANNEL) heard.push(message.payload ?? '');
    });
    try {
      await listener.query(`listen ${INSURANCES_CHANNEL}`);
      const sent = await statementsOf(async () => {
        // The first two, told in the same turn, go at once together; the four that come while they are
        // being told go together after them.
        const first = [100, 101].map((userId) => notifyInsurancesChanged(t.database.db, userId));
        await Promise.resolve();
        const then = [102, 103, 102, 105].map((userId) => notifyInsurancesChanged(t.database.db, userId));
        await Promise.all([...first, ...then]);
      });
      expect(sent.map(kindOf)).toEqual([
        'the instances told, after the commit',
        'the instances told, after the commit',
      ]);
      await expect.poll(() => heard.length).toBe(5);
      expect(heard.sort()).toEqual(['user:100', 'user:101', 'user:102', 'user:103', 'user:105']);
    } finally {
      await listener.end();
    }
  });
});

/** What a statement of a payment is, by its text. */
function kindOf(sent: string): string {
  const begin = /^begin; /.test(sent) ? 'begin; ' : '';
  const kind = kindOfStatement(sent.slice(begin.length));
  return `${begin}${kind}`;
}

function kindOfStatement(text: string): string {
  if (/^begin/i.test(text)) return 'begin';
  if (/^commit/i.test(text)) return 'commit';
  if (
    /^with claimed_key as \(insert into "idempotent_requests"/.test(text) &&
    /for update of "insurances"/.test(text) &&
    /insert into "wallet_movements"/.test(text) &&
    /update "insurances"/.test(text) &&
    /nextval\('invoices_id_seq'/.test(text)
  )
    return 'key claimed, insurance locked, payment inserted, wallet debited, marked paid, invoice facts';
  if (/insert into "outbox"/.test(text) && /update "idempotent_requests" set resource_id/.test(text))
    return 'held write with the key’s outcome';
  if (/^select .* from "idempotent_requests"/.test(text)) return 'the key’s outcome';
  if (/^select .* from "payments"/.test(text)) return 'the payment';
  if (/^select pg_notify\(/.test(text)) return 'the instances told, after the commit';
  return text;
}
