/**
 * Test mode (spec §9: "Login skipped in test mode with a mock Apple sign-in"): with TEST_MODE on (the
 * configuration refuses it in production), an Apple sign-in with this fixed token is the demo customer,
 * without asking Apple. Any other token, and this one with test mode off, goes to the real verifier.
 */
import { TEST_MODE_APPLE_TOKEN } from '@cubierto/contracts';
import { DEMO_CUSTOMER } from '../../db/seed.ts';
import type { SocialVerifier } from './social.ts';

export function withTestModeApple(verifier: SocialVerifier): SocialVerifier {
  return {
    ...verifier,
    async verify(provider, token) {
      if (provider === 'apple' && token === TEST_MODE_APPLE_TOKEN) {
        return {
          provider: 'apple',
          subject: 'test-mode-demo',
          email: DEMO_CUSTOMER.email,
          name: DEMO_CUSTOMER.name,
        };
      }
      return verifier.verify(provider, token);
    },
  };
}
