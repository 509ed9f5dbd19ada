import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerCustomer, type TestApp } from '../../../test/harness.ts';

/** Credit wallet mode (spec §1, §9): read from CREDIT_WALLET_MODE, never assumed. */
describe('credit wallet mode', () => {
  let on: TestApp;
  let off: TestApp;
  beforeAll(async () => {
    [on, off] = await Promise.all([createTestApp(), createTestApp({ env: { CREDIT_WALLET_MODE: 'false' } })]);
  });
  afterAll(async () => Promise.all([on.close(), off.close()]));

  const config = async (t: TestApp) =>
    (await t.app.inject({ method: 'GET', url: '/api/v4/common/app-config' })).json().data.credit_wallet_mode;

  it('is on by default: the app config says so and Mi crédito and the imports answer', async () => {
    expect(await config(on)).toBe(true);
    const c = await registerCustomer(on.app);
    const wallet = await on.app.inject({
      method: 'GET',
      url: '/api/v4/customers/credit-wallet',
      headers: c.auth,
    });
    expect(wallet.statusCode).toBe(200);
    const imports = await on.app.inject({ method: 'GET', url: '/api/v4/customers/imports', headers: c.auth });
    expect(imports.statusCode).toBe(200);
  });

  it('off: the app config says so, Mi crédito and the imports do not exist and paying with it is refused', async () => {
    expect(await config(off)).toBe(false);
    const c = await registerCustomer(off.app);
    for (const url of ['/credit-wallet', '/credit-wallet/1/wallet-movements', '/imports']) {
      const res = await off.app.inject({ method: 'GET', url: `/api/v4/customers${url}`, headers: c.auth });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({
        error_code: 'not_found',
        message: 'Mi crédito no está disponible.',
      });
    }
    const pay = await off.app.inject({
      method: 'POST',
      url: '/api/v4/customers/payments',
      headers: { ...c.auth, 'idempotency-key': 'credit-off-1' },
      payload: { insurance_id: 1, method: 'credit_wallet' },
    });
    expect(pay.statusCode).toBe(422);
    expect(pay.json().validations).toEqual({ method: ['Mi crédito no está disponible.'] });
    // Still a customer route: without a session it is 401 before anything else.
    const anonymous = await off.app.inject({ method: 'GET', url: '/api/v4/customers/credit-wallet' });
    expect(anonymous.statusCode).toBe(401);
  });
});
