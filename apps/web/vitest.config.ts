import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { buildDefines } from './build-config.ts';

export default defineConfig({
  plugins: [react()],
  define: buildDefines,
  test: {
    environment: 'jsdom',
    // One worker per core: left alone, Vitest kept one core idle on a 2-core machine.
    maxWorkers: availableParallelism(),
    setupFiles: ['./test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    restoreMocks: true,
    unstubEnvs: true,
  },
});
