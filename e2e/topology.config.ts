/**
 * npm run test:topology: the production topology without containers (topology/topology.ts) and one
 * customer's journey through its proxy while an instance is stopped and started again (topology/*.spec.ts).
 * Phone size, one worker, no retries: a lost request must fail the run, not be tried again.
 */
import { defineConfig } from '@playwright/test';
import { PROXY_URL } from './topology/topology.ts';

export default defineConfig({
  testDir: './topology',
  outputDir: './artifacts/topology-results',
  globalSetup: './topology/global-setup.ts',
  timeout: 240_000,
  expect: { timeout: 15_000 },
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: PROXY_URL,
    locale: 'es-AR',
    timezoneId: 'America/Argentina/Buenos_Aires',
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    screenshot: 'only-on-failure',
    reducedMotion: 'reduce',
    actionTimeout: 30_000,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
    },
  },
});
