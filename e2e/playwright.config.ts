/**
 * Browser tests: the built web app served by the real API (one port, embedded database, demo data) in
 * Debian's Chromium, at a phone (390×844) and a desktop (1280×800) size.
 */
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const here = path.dirname(fileURLToPath(import.meta.url));
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
export const E2E_DATA_DIR = path.join(tmpdir(), `cubierto-e2e-${E2E_PORT}`);
const baseURL = `http://127.0.0.1:${E2E_PORT}`;

export default defineConfig({
  testDir: './tests',
  outputDir: './artifacts/test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['html', { outputFolder: './artifacts/report', open: 'never' }]],
  use: {
    baseURL,
    locale: 'es-AR',
    timezoneId: 'America/Argentina/Buenos_Aires',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    { name: 'mobile', use: { viewport: { width: 390, height: 844 }, hasTouch: true } },
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
  ],
  webServer: {
    // A fresh embedded database for every run.
    command: `rm -rf '${E2E_DATA_DIR}' && npx tsx src/server.ts`,
    cwd: path.join(here, '../apps/api'),
    url: `${baseURL}/api/v4/common/contexts`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: E2E_DATA_DIR,
      UPLOADS_DIR: path.join(E2E_DATA_DIR, 'uploads'),
      WEB_DIST_DIR: path.join(here, '../apps/web/dist'),
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      // Browser tests sign in many times from one address.
      LOGIN_MAX_PER_IP: '1000',
      LOGIN_MAX_PER_EMAIL: '100',
    },
  },
});
