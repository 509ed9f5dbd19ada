/**
 * Browser tests: the built web app served by the real API (one port, embedded database, demo data) in
 * Debian's Chromium, at a phone (390×844) and a desktop (1280×800) size.
 *
 * The phone is the size most customers use, so every customer spec runs there. The desktop runs the
 * specs whose desktop screens differ (side menu, business center and imports, the back office, the
 * tour's desktop steps, keyboard use) and the whole journey, which walks every customer screen once at
 * that size. Running every spec at both sizes doubled the suite's time for little more; billing,
 * notifications and the service worker behave the same at both sizes and run at the phone's.
 */
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const here = path.dirname(fileURLToPath(import.meta.url));
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
export const E2E_DATA_DIR = path.join(tmpdir(), `cubierto-e2e-${E2E_PORT}`);
const baseURL = `http://127.0.0.1:${E2E_PORT}`;

/**
 * The mobile apps' situation in a browser (docs/decisions/014): a second server whose web build was made
 * with VITE_API_ORIGIN, so the page at one origin (`localhost`, as the shells' https://localhost or
 * capacitor://localhost) calls the API at another (`127.0.0.1`, same port): every request is a real
 * cross-origin one, preflights and CORS included. Its PUBLIC_URL is the page's origin, so checkouts
 * return there. The build goes to its own folder (E2E_CROSS_ORIGIN_DIST_DIR skips it when already built).
 */
export const CROSS_ORIGIN_PORT = Number(process.env.E2E_CROSS_ORIGIN_PORT ?? E2E_PORT + 10);
export const CROSS_ORIGIN_WEB = `http://localhost:${CROSS_ORIGIN_PORT}`;
export const CROSS_ORIGIN_API = `http://127.0.0.1:${CROSS_ORIGIN_PORT}`;
const CROSS_ORIGIN_DATA_DIR = path.join(tmpdir(), `cubierto-e2e-${CROSS_ORIGIN_PORT}`);
const CROSS_ORIGIN_DIST_DIR =
  process.env.E2E_CROSS_ORIGIN_DIST_DIR ?? path.join(tmpdir(), `cubierto-e2e-web-${CROSS_ORIGIN_PORT}`);
const buildCrossOriginWeb = process.env.E2E_CROSS_ORIGIN_DIST_DIR
  ? 'true'
  : `cd ../web && VITE_API_ORIGIN=${CROSS_ORIGIN_API} npx vite build --logLevel warn --emptyOutDir --outDir '${CROSS_ORIGIN_DIST_DIR}'`;

const phone = { viewport: { width: 390, height: 844 }, hasTouch: true };
const desktop = { viewport: { width: 1280, height: 800 } };
/** Tests that turn maintenance mode on for every visitor (their titles say so). */
const MAINTENANCE = /maintenance/i;
/** Single tests that only make sense at one size, in a spec that runs at both (tagged in the spec). */
const DESKTOP_ONLY_TEST = /@desktop-only/;
const PHONE_ONLY_TEST = /@phone-only/;
/** The back office (a desktop tool) and keyboard-only use (a keyboard means a computer). */
const DESKTOP_ONLY = ['operator.spec.ts', 'keyboard.spec.ts'];
/** Runs against the cross-origin server only (its own project). */
const CROSS_ORIGIN = 'cross-origin.spec.ts';
/** Specs that also run at desktop size (see above). */
const AT_DESKTOP = [
  'foundation.spec.ts',
  'journey.spec.ts',
  'contract-taps.spec.ts',
  'business.spec.ts',
  'tour.spec.ts',
  'products-first.spec.ts',
  'prerender.spec.ts',
  'login-social.spec.ts',
  'first-paint-colours.spec.ts',
  ...DESKTOP_ONLY,
];

function maintenanceChain() {
  // The customer's maintenance screen at the phone's size (foundation), then at the desktop's, switched on
  // from the back office (operator): each size once, and each waits alone, so no more than that.
  const steps = [
    ['mobile', phone, 'foundation.spec.ts'],
    ['desktop', desktop, 'operator.spec.ts'],
  ] as const;
  return steps.map(([size, use, file], n) => ({
    name: `${size}-alone-${file.replace('.spec.ts', '')}`,
    use,
    testMatch: file,
    grep: MAINTENANCE,
    dependencies:
      n === 0
        ? ['mobile', 'desktop']
        : [`${steps[n - 1]![0]}-alone-${steps[n - 1]![2].replace('.spec.ts', '')}`],
  }));
}

export default defineConfig({
  testDir: './tests',
  outputDir: './artifacts/test-results',
  // Long journeys with an axe check per screen take ~45 s on 2 busy cores: room for a slow machine.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  // Two spec files at a time (each file's tests in order), against the one server: every test works with
  // customers of its own. The tests that switch maintenance on for everyone run alone, at the end.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['html', { outputFolder: './artifacts/report', open: 'never' }]],
  use: {
    baseURL,
    locale: 'es-AR',
    timezoneId: 'America/Argentina/Buenos_Aires',
    screenshot: 'only-on-failure',
    // Recorded on the retry of a failed test only: recording every test cost time on every passing one.
    trace: 'on-first-retry',
    // No fades: axe measured a toast's contrast while it was still blending in with the page.
    reducedMotion: 'reduce',
    // Every test is a first visit, so every page would install the service worker, which downloads the
    // whole app shell (about 210 files): measured on two specs, 41 % of the suite's CPU went to that. It is
    // allowed where it is the subject or part of the walk: the offline certificates (pwa.spec), the pushes
    // (notifications.spec) and the whole journey at both sizes (journey.spec), whose pages the worker
    // controls as it does a customer's.
    serviceWorkers: 'block',
    // A click that cannot happen in 30 s will not happen: fail then, not at the test's timeout (3 min).
    actionTimeout: 30_000,
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
    {
      name: 'mobile',
      use: phone,
      grepInvert: [MAINTENANCE, DESKTOP_ONLY_TEST],
      testIgnore: [...DESKTOP_ONLY, CROSS_ORIGIN],
    },
    { name: 'cross-origin', use: { ...phone, baseURL: CROSS_ORIGIN_WEB }, testMatch: CROSS_ORIGIN },
    { name: 'desktop', use: desktop, grepInvert: [MAINTENANCE, PHONE_ONLY_TEST], testMatch: AT_DESKTOP },
    // One maintenance test at a time, once everything else is done: a chain of one-test projects.
    ...maintenanceChain(),
  ],
  webServer: [
    {
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
        // E2E_WEB_DIST_DIR lets parallel runs each serve their own build.
        WEB_DIST_DIR: process.env.E2E_WEB_DIST_DIR ?? path.join(here, '../apps/web/dist'),
        SEED_DEMO: 'true',
        LOG_LEVEL: 'warn',
        // Browser tests sign in and register many times from one address.
        LOGIN_MAX_PER_IP: '1000',
        LOGIN_MAX_PER_EMAIL: '100',
        REGISTER_MAX_PER_IP: '1000',
        REGISTER_MAX_PER_DEVICE: '1000',
      },
    },
    {
      command: `rm -rf '${CROSS_ORIGIN_DATA_DIR}' && (${buildCrossOriginWeb}) && npx tsx src/server.ts`,
      cwd: path.join(here, '../apps/api'),
      url: `${CROSS_ORIGIN_API}/api/v4/common/contexts`,
      // The web build comes first.
      timeout: 300_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        PORT: String(CROSS_ORIGIN_PORT),
        HOST: '127.0.0.1',
        DATA_DIR: CROSS_ORIGIN_DATA_DIR,
        UPLOADS_DIR: path.join(CROSS_ORIGIN_DATA_DIR, 'uploads'),
        WEB_DIST_DIR: CROSS_ORIGIN_DIST_DIR,
        PUBLIC_URL: CROSS_ORIGIN_WEB,
        CORS_ORIGINS: CROSS_ORIGIN_WEB,
        API_ORIGIN: CROSS_ORIGIN_API,
        SEED_DEMO: 'true',
        LOG_LEVEL: 'warn',
        LOGIN_MAX_PER_IP: '1000',
        LOGIN_MAX_PER_EMAIL: '100',
        REGISTER_MAX_PER_IP: '1000',
        REGISTER_MAX_PER_DEVICE: '1000',
      },
    },
  ],
});
