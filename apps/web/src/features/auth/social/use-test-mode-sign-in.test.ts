import { TEST_MODE_APPLE_TOKEN } from '@cubierto/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const config = vi.hoisted(() => ({ test_mode: false }));
const finish = vi.hoisted(() => vi.fn(async () => undefined));
vi.mock('../../../shared/config/app-config.ts', () => ({ getAppConfig: async () => config }));
vi.mock('./finish-social-sign-in.ts', () => ({ finishSocialSignIn: finish }));
vi.mock('../../../shared/loading/loading.ts', () => ({ showLoading: () => () => undefined }));

const { signInForTestMode } = await import('./use-test-mode-sign-in.ts');

describe('test mode sign-in (spec §9)', () => {
  beforeEach(() => finish.mockClear());

  it('signs in with the mock Apple token when the API is in test mode', async () => {
    config.test_mode = true;
    const navigate = vi.fn();
    expect(await signInForTestMode(navigate)).toBe(true);
    expect(finish).toHaveBeenCalledExactlyOnceWith(
      { provider: 'apple', idToken: TEST_MODE_APPLE_TOKEN },
      navigate,
    );
  });

  it('does nothing otherwise: the login page stays', async () => {
    config.test_mode = false;
    expect(await signInForTestMode(vi.fn())).toBe(false);
    expect(finish).not.toHaveBeenCalled();
  });
});
