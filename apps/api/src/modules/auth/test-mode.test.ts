/**
 * Test mode (spec §9): the mock Apple sign-in signs in as the demo customer only while TEST_MODE is on,
 * and the configuration refuses TEST_MODE in production.
 */
import { TEST_MODE_APPLE_TOKEN } from '@cubierto/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { loadConfig } from '../../config.ts';
import { DEMO_CUSTOMER, seedDemoData } from '../../db/seed.ts';

let on: TestApp;
let off: TestApp;

beforeAll(async () => {
  on = await createTestApp({ env: { TEST_MODE: 'true' } });
  off = await createTestApp();
  await seedDemoData(on.database.db);
  await seedDemoData(off.database.db);
});

afterAll(async () => {
  await Promise.all([on?.close(), off?.close()]);
});

const mockAppleSignIn = (t: TestApp) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v4/auth/social',
    payload: { social: 'apple', social_token: TEST_MODE_APPLE_TOKEN },
  });

describe('test mode', () => {
  it('signs in as the demo customer with the mock Apple token, and says so in the app config', async () => {
    const config = await on.app.inject({ method: 'GET', url: '/api/v4/common/app-config' });
    expect(config.json().data.test_mode).toBe(true);
    const res = await mockAppleSignIn(on);
    expect(res.statusCode).toBe(200);
    const { access_token } = res.json<{ data: { access_token: string } }>().data;
    const me = await on.app.inject({
      method: 'GET',
      url: '/api/v4/customers/user',
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json().data.email).toBe(DEMO_CUSTOMER.email);
  });

  it('is off by default: the same token is refused like any bad Apple token', async () => {
    const config = await off.app.inject({ method: 'GET', url: '/api/v4/common/app-config' });
    expect(config.json().data.test_mode).toBe(false);
    const res = await mockAppleSignIn(off);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(JSON.stringify(res.json())).not.toContain('access_token');
  });

  it('cannot be turned on in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', TEST_MODE: 'true' })).toThrow(/TEST_MODE/);
  });
});
