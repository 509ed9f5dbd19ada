import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { buildDefines } from './build-config.ts';

export default defineConfig({
  plugins: [react()],
  define: buildDefines,
  test: {
    environment: 'jsdom',
    setupFiles: ['./test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    restoreMocks: true,
    unstubEnvs: true,
  },
});
