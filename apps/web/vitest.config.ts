import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { buildDefines } from './build-config.ts';
import { lazyContractSchemas } from './build-lazy-schemas.ts';

export default defineConfig({
  // The contracts' schemas built when first used, as in the build.
  plugins: [react(), lazyContractSchemas()],
  define: buildDefines,
  test: {
    environment: 'jsdom',
    // One worker per core: left alone, Vitest kept one core idle on a 2-core machine.
    maxWorkers: availableParallelism(),
    // Files share a worker's jsdom and modules; test/setup.ts resets every module-level cache before each
    // test (storage, session, app config and version, dialogs). 78 s to 26 s.
    isolate: false,
    setupFiles: ['./test/setup.ts'],
    // capacitor-setup.test.ts and build-stamp.test.ts read the package and the plugins' manifests (Node types, tsconfig.node.json);
    // request-fixture.test.ts checks bench:api's recording against the web's request code.
    include: [
      'src/**/*.test.{ts,tsx}',
      'capacitor-setup.test.ts',
      'build-stamp.test.ts',
      'build-prerender.test.ts',
      'build-lazy-schemas.test.ts',
      'build-stable-ids.test.ts',
      'request-fixture.test.ts',
    ],
    css: false,
    // A form test types as a person does (user-event, one key at a time): the registration form alone takes
    // 3–5 s on a busy 2-core machine. Vitest's 5 s default failed such tests in CI, not their code.
    testTimeout: 15_000,
    restoreMocks: true,
    unstubEnvs: true,
  },
});
