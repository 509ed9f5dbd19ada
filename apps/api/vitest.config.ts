import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Files whose subject does not touch the database engine (start-up refusals, tracing, timeouts on a raw
 * socket, headers, image decoding, the OpenAPI document, source conventions): `npm test` runs them on the
 * embedded engine; the PostgreSQL run (`CUBIERTO_TEST_DB=postgres`) leaves them out to keep CI short.
 */
const ENGINE_AGNOSTIC = [
  'test/production.test.ts',
  'test/tracing.test.ts',
  'test/instrument.test.ts',
  'test/mobile-apps.test.ts',
  'test/trust-proxy.test.ts',
  'test/web-serving.test.ts',
  'test/api-docs.test.ts',
  'test/openapi-contract.test.ts',
  'test/conventions.test.ts',
  'src/lib/timeouts.test.ts',
  'src/lib/images.test.ts',
  'src/lib/log-redaction.test.ts',
  'src/lib/errors.test.ts',
  'src/lib/method-override.test.ts',
  'src/modules/common/build-stamp.test.ts',
  'src/modules/invoices/arca/client.test.ts',
  'src/modules/invoices/arca/cms.test.ts',
];

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: process.env.CUBIERTO_TEST_DB === 'postgres' ? ENGINE_AGNOSTIC : [],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The run's shared folder: the spawned servers' compile cache and migrated data (test/server-process.ts).
    globalSetup: ['test/global-setup.ts'],
    pool: 'forks',
    // Files share a worker's loaded modules: each file opens its own database and app, and no module of
    // the API keeps state between apps. Halves the suite's time, nearly all of it spent importing.
    isolate: false,
    // One worker per core: left alone, Vitest kept one core idle on a 2-core machine.
    maxWorkers: availableParallelism(),
  },
});
