import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, pngImage } from '../../../test/fixtures.ts';
import {
  createTestApp,
  GOOD_PASSWORD,
  mailsTo,
  registerCustomer,
  type TestApp,
  until,
} from '../../../test/harness.ts';
import {
  bagCoverageId,
  contractInsurance,
  idempotencyKey,
  payThroughSandbox,
  startPayment,
} from '../../../test/purchase.ts';
import {
  entities,
  files,
  insurances,
  invoices,
  pushSubscriptions,
  referralRewards,
  sessions,
  users,
  walletMovements,
  wallets,
} from '../../db/schema/index.ts';
import { seedDemoCatalog } from '../../db/seed.ts';
import { sweepInsuranceLifecycle } from '../insurances/lifecycle.ts';

let t: TestApp;
let coverageId: number;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoCatalog(t.database.db, t.app.deps.storage);
  coverageId = await bagCoverageId(t.app);
});
afterAll(async () => t.close());

type Customer = Awaited<ReturnType<typeof registerCustomer>>;
const api = (c: Customer | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v4${url}`, headers: c?.auth ?? {}, ...(payload ? { payload } : {}) });

async function userOf(c: Customer) {
  const [row] = await t.database.db.select().from(users).where(eq(users.email, c.email.toLowerCase()));
  return row!;
}

/** Tops up Mi dinero through the sandbox checkout ('Aprobar el pago'). */
async function topUpMoney(c: Customer, amountCents: number) {
  const started = await t.app.inject({
    method: 'POST',
    url: '/api/v4/customers/money-wallet/top-ups',
    headers: { ...c.auth, ...idempotencyKey() },
    payload: { amount_cents: amountCents, method: 'sandbox' },
  });
  expect(started.statusCode, started.body).toBe(201);
  const approved = await t.app.inject({
    method: 'POST',
    url: `${new URL(started.json().data.checkout_url).pathname}/approve`,
  });
  expect(approved.statusCode).toBe(303);
}

/** A customer with an avatar, a place, a phone that receives pushes and a paid, finished insurance. */
async function customerWithHistory(name = 'Lucía Fernández', dni = '30555666') {
  const c = await registerCustomer(t.app, { name, dni });
  const form = await multipart({
    _method: 'PUT',
    avatar: { data: pngImage(), filename: 'yo.png', type: 'image/png' },
  });
  const avatar = await t.app.inject({
    method: 'POST',
    url: '/api/v4/customers/user',
    headers: { ...c.auth, 'content-type': form.contentType },
    payload: form.payload,
  });
  expect(avatar.statusCode, avatar.body).toBe(200);
  const push = await api(c, 'POST', '/customers/push-subscriptions', {
    kind: 'android',
    token: `token-${c.email}-android-device`,
  });
  expect(push.statusCode, push.body).toBe(201);
  const insurance = await contractInsurance(t.app, c.auth, coverageId);
  // Mi dinero receives exactly the premium and pays it: movements and an invoice, balance back to zero.
  await topUpMoney(c, insurance.premium.total_cents);
  const paid = await t.app.inject({
    method: 'POST',
    url: '/api/v4/customers/payments',
    headers: { ...c.auth, ...idempotencyKey() },
    payload: { insurance_id: insurance.id, method: 'money_wallet' },
  });
  expect(paid.statusCode, paid.body).toBeLessThan(300);
  return { c, insurance };
}

/** The insurance ends as the calendar would end it: the lifecycle sweep, run the day after its end. */
async function finishInsurances() {
  await sweepInsuranceLifecycle(t.database.db, { now: new Date(Date.now() + 70 * 86_400_000) });
}

describe('deleting the account', () => {
  it('is refused while an insurance is in force, and says how to end it', async () => {
    const { c, insurance } = await customerWithHistory('Refugio Paz', '31000111');
    const check = await api(c, 'GET', '/customers/user/deletion');
    expect(check.statusCode).toBe(200);
    expect(check.json().data).toMatchObject({
      requires_password: true,
      blockers: [{ code: 'insurance_in_force', message: expect.stringContaining(insurance.number) }],
    });
    const res = await api(c, 'POST', '/customers/user/delete', { password: c.password });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      error_code: 'account_deletion_blocked',
      message: expect.stringContaining('Mis contrataciones'),
    });
    expect((await api(c, 'GET', '/customers/user')).statusCode).toBe(200);
    expect((await userOf(c)).deletedAt).toBeNull();
  });

  it('is refused while Mi dinero has money, telling how to use or withdraw it', async () => {
    const c = await registerCustomer(t.app);
    await topUpMoney(c, 150_000);
    const res = await api(c, 'POST', '/customers/user/delete', { password: c.password });
    expect(res.statusCode).toBe(409);
    expect(res.json().validations.money_balance[0]).toMatch(/\$\s1\.500,00 en Mi dinero.*Ayuda/);
    expect((await api(c, 'GET', '/customers/user')).statusCode).toBe(200);
  });

  it('asks for the current password and changes nothing when it is wrong', async () => {
    const c = await registerCustomer(t.app);
    const missing = await api(c, 'POST', '/customers/user/delete', {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().validations.password).toEqual(['Ingresá tu contraseña.']);
    const wrong = await api(c, 'POST', '/customers/user/delete', { password: 'No-Es-Esta-2025' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().validations.password).toEqual(['La contraseña no es correcta.']);
    expect((await api(c, 'GET', '/customers/user')).statusCode).toBe(200);
    expect((await userOf(c)).deletedAt).toBeNull();
  });

  it('ends sessions and push at once, anonymises, keeps invoices and movements, frees the e-mail and mails a confirmation', async () => {
    const { c } = await customerWithHistory();
    await finishInsurances();
    const before = await userOf(c);
    const second = await api(null, 'POST', '/auth/login', { email: c.email, password: c.password });
    expect(second.statusCode).toBe(200);
    const otherDevice = { authorization: `Bearer ${second.json().access_token}` };
    // Both sessions are in this instance's cache before the deletion.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v4/customers/user', headers: otherDevice })).statusCode,
    ).toBe(200);
    const [avatarFile] = await t.database.db.select().from(files).where(eq(files.id, before.avatarFileId!));
    expect(await t.app.deps.storage.get(avatarFile!.storageKey)).not.toBeNull();
    const [wallet] = await t.database.db.select().from(wallets).where(eq(wallets.userId, before.id));
    const movementsBefore = await t.database.db
      .select({ n: count() })
      .from(walletMovements)
      .where(eq(walletMovements.walletId, wallet!.id));
    const invoicesBefore = await t.database.db.select().from(invoices).where(eq(invoices.userId, before.id));
    expect(invoicesBefore.length).toBeGreaterThan(0);
    expect(movementsBefore[0]!.n).toBeGreaterThan(0);

    expect((await api(c, 'GET', '/customers/user/deletion')).json().data.blockers).toEqual([]);
    const res = await api(c, 'POST', '/customers/user/delete', { password: c.password });
    expect(res.statusCode, res.body).toBe(200);

    // Every session ends at once, this one and the other device's.
    expect((await api(c, 'GET', '/customers/user')).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v4/customers/user', headers: otherDevice })).statusCode,
    ).toBe(401);
    const open = await t.database.db.select().from(sessions).where(eq(sessions.userId, before.id));
    expect(open.every((s) => s.revokedAt !== null)).toBe(true);
    // The old credentials no longer sign in.
    expect(
      (await api(null, 'POST', '/auth/login', { email: c.email, password: c.password })).statusCode,
    ).toBe(401);
    // No push goes to the phone any more.
    expect(
      await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, before.id)),
    ).toEqual([]);

    const [row] = await t.database.db.select().from(users).where(eq(users.id, before.id));
    expect(row).toMatchObject({
      name: 'Cuenta eliminada',
      passwordHash: null,
      avatarFileId: null,
      placeId: null,
      deletedAt: expect.any(Date),
    });
    expect(row!.email).toMatch(/@cuenta-eliminada\.invalid$/);
    expect(JSON.stringify(row)).not.toContain('Lucía');
    expect(await t.app.deps.storage.get(avatarFile!.storageKey)).toBeNull();
    // The paid insurance must still say who was insured: the personal entity is kept (DOMAIN.md).
    const [person] = await t.database.db.select().from(entities).where(eq(entities.id, before.entityId!));
    expect(person).toMatchObject({ name: 'Lucía Fernández', documentNumber: '30555666' });

    // What the law makes us keep is still there.
    expect(await t.database.db.select().from(invoices).where(eq(invoices.userId, before.id))).toEqual(
      invoicesBefore,
    );
    const movementsAfter = await t.database.db
      .select({ n: count() })
      .from(walletMovements)
      .where(eq(walletMovements.walletId, wallet!.id));
    expect(movementsAfter).toEqual(movementsBefore);

    // The confirmation went to the address the account had.
    let mail: string | undefined;
    await until(() => {
      mail = mailsTo(t.app, c.email).find((m) => m.includes('Eliminamos tu cuenta'));
      return mail !== undefined;
    });
    expect(mail).toContain('10 a=C3=B1os');

    // The address is free: it registers again as a new account.
    const again = await registerCustomer(t.app, { email: c.email, name: 'Lucía Otra Vez', dni: '30555666' });
    const reborn = await api(again, 'GET', '/customers/user');
    expect(reborn.statusCode).toBe(200);
    expect(reborn.json().data.id).not.toBe(before.id);
    expect(reborn.json().data.avatar).toBeNull();
  });

  it('voids an unpaid contract and anonymises the personal entity too when no kept record needs it', async () => {
    const c = await registerCustomer(t.app, { name: 'Sin Historia', dni: '27111222' });
    const before = await userOf(c);
    const unpaid = await contractInsurance(t.app, c.auth, coverageId);
    expect((await api(c, 'POST', '/customers/user/delete', { password: c.password })).statusCode).toBe(200);
    const [voided] = await t.database.db.select().from(insurances).where(eq(insurances.id, unpaid.id));
    expect(voided!.status).toBe('anulado');
    const [person] = await t.database.db.select().from(entities).where(eq(entities.id, before.entityId!));
    expect(person).toMatchObject({ name: 'Cuenta eliminada', documentNumber: 'eliminado' });
  });

  it('an inviter who deleted the account earns no reward when the invitee pays later', async () => {
    const inviter = await registerCustomer(t.app);
    const inviterId = (await userOf(inviter)).id;
    const code = (await api(inviter, 'GET', '/customers/referral')).json().data.code as string;
    const invitee = await registerCustomer(t.app, { dni: '35123987', referral_code: code });
    expect(
      (await api(inviter, 'POST', '/customers/user/delete', { password: inviter.password })).statusCode,
    ).toBe(200);
    const insurance = await contractInsurance(t.app, invitee.auth, coverageId);
    await payThroughSandbox(t.app, invitee.auth, insurance.id);
    expect(
      await t.database.db.select().from(referralRewards).where(eq(referralRewards.inviterUserId, inviterId)),
    ).toEqual([]);
    expect(await t.database.db.select().from(wallets).where(eq(wallets.userId, inviterId))).toEqual([]);
  });

  it('is refused while a provider payment may still arrive', async () => {
    const c = await registerCustomer(t.app);
    const insurance = await contractInsurance(t.app, c.auth, coverageId);
    await startPayment(t.app, c.auth, insurance.id, 'sandbox');
    const blocked = await api(c, 'POST', '/customers/user/delete', { password: c.password });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().error_code).toBe('account_deletion_blocked');
    expect(Object.keys(blocked.json().validations)).toEqual(['payment_in_progress']);
  });

  it('an account without a password needs a sign-in from the last minutes', async () => {
    const c = await registerCustomer(t.app);
    const user = await userOf(c);
    await t.database.db.update(users).set({ passwordHash: null }).where(eq(users.id, user.id));
    await t.database.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 30 * 60_000) })
      .where(eq(sessions.userId, user.id));
    const check = (await api(c, 'GET', '/customers/user/deletion')).json().data;
    expect(check).toMatchObject({ requires_password: false, recent_sign_in: false });
    const stale = await api(c, 'POST', '/customers/user/delete', {});
    expect(stale.statusCode).toBe(403);
    expect(stale.json().error_code).toBe('recent_sign_in_required');
    expect(stale.json().message).toContain('volvé a iniciar sesión');
    await t.database.db.update(sessions).set({ createdAt: new Date() }).where(eq(sessions.userId, user.id));
    expect((await api(c, 'POST', '/customers/user/delete', {})).statusCode).toBe(200);
  });
});

describe('downloading my data', () => {
  it("gives the customer's own data as JSON and PDF, and nothing of another customer", async () => {
    const { c, insurance } = await customerWithHistory('Dolores Ibáñez', '29888777');
    const other = await customerWithHistory('Ramiro Otero', '33444555');
    const res = await api(c, 'GET', '/customers/user/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('mis-datos-cubierto.json');
    const data = res.json().data;
    expect(data.profile).toMatchObject({ name: 'Dolores Ibáñez', email: c.email.toLowerCase() });
    expect(data.entities[0]).toMatchObject({ document_number: '29888777', role: 'owner' });
    expect(data.insurances.map((i: { number: string }) => i.number)).toEqual([insurance.number]);
    expect(data.insurances[0].risks.length).toBeGreaterThan(0);
    expect(data.invoices.length).toBeGreaterThan(0);
    expect(data.wallets[0].movements.map((m: { kind: string }) => m.kind)).toEqual([
      'top_up',
      'insurance_payment',
    ]);
    expect(data.payments.length).toBe(2);
    expect(data.consents.push_devices).toEqual([expect.objectContaining({ kind: 'android' })]);
    const text = JSON.stringify(data);
    for (const theirs of [other.c.email.toLowerCase(), 'Ramiro Otero', '33444555', other.insurance.number])
      expect(text).not.toContain(theirs);
    // Secrets never leave.
    expect(text).not.toMatch(/password_hash|token_hash|idempotency_key|p256dh/);
    expect(text).not.toContain(`token-${c.email}`);

    const pdf = await api(c, 'GET', '/customers/user/export.pdf');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.rawPayload.length).toBeGreaterThan(2000);
  });

  it("refuses another user's id and any other parameter, and asks for a session", async () => {
    const c = await registerCustomer(t.app);
    const other = await registerCustomer(t.app);
    const otherId = (await userOf(other)).id;
    for (const url of [
      `/customers/user/export?user_id=${otherId}`,
      `/customers/user/export.pdf?user_id=${otherId}`,
      `/customers/user/deletion?user_id=${otherId}`,
    ])
      expect((await api(c, 'GET', url)).statusCode).toBe(422);
    const del = await t.app.inject({
      method: 'POST',
      url: `/api/v4/customers/user/delete?user_id=${otherId}`,
      headers: c.auth,
      payload: { password: c.password },
    });
    expect(del.statusCode).toBe(422);
    expect((await userOf(other)).deletedAt).toBeNull();
    expect((await api(null, 'GET', '/customers/user/export')).statusCode).toBe(401);
    expect((await api(null, 'POST', '/customers/user/delete', { password: GOOD_PASSWORD })).statusCode).toBe(
      401,
    );
  });

  it('is rate-limited: ten downloads an hour', async () => {
    const c = await registerCustomer(t.app);
    for (let i = 0; i < 10; i += 1)
      expect((await api(c, 'GET', '/customers/user/export')).statusCode).toBe(200);
    const eleventh = await api(c, 'GET', '/customers/user/export.pdf');
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.headers['retry-after']).toBeDefined();
  });
});
