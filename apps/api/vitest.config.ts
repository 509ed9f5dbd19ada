import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Files share a worker's loaded modules: each file opens its own database and app, and no module of
    // the API keeps state between apps. Halves the suite's time, nearly all of it spent importing.
    isolate: false,
    // One worker per core: left alone, Vitest kept one core idle on a 2-core machine.
    maxWorkers: availableParallelism(),
  },
});
