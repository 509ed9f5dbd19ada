/**
 * A complete production configuration for tests and benches that run the app with NODE_ENV=production:
 * every variable production requires (config.ts, productionProblems) with a harmless value. Nothing is
 * sent anywhere: SMTP points at a closed local port and PUBLIC_URL is never called by the server.
 */
import webpush from 'web-push';

const vapid = webpush.generateVAPIDKeys();

export function productionEnv(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    NODE_ENV: 'production',
    PAYMENTS_SANDBOX: 'false',
    SEED_DEMO: 'false',
    PUBLIC_URL: 'https://app.cubierto.example',
    SMTP_URL: 'smtp://127.0.0.1:9',
    OPS_TOKEN: 'ops-token-for-production-tests-0123456789',
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    ...overrides,
  };
}
