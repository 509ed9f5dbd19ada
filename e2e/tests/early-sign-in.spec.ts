/**
 * The prerendered login (decision 025) is painted before the app runs: a sign-in typed and clicked at any
 * moment while the page loads signs in exactly once and is never sent by the browser itself (a native POST,
 * the password in the address). Each moment is held open on purpose: the entry script's download, the
 * translations the app waits for before hydrating, React's hydration itself (the CPU slowed down as on a
 * slow phone), and the instant React owns the form.
 */
import { type CDPSession, expect, type Page, type Route, test } from '@playwright/test';
import { DEMO } from './support.ts';

/** A request held until `release` (a page.route handler). */
function gate(): { handler: (route: Route) => Promise<void>; release: () => void; reached: Promise<void> } {
  let release: () => void = () => {};
  let reach: () => void = () => {};
  const open = new Promise<void>((resolve) => {
    release = resolve;
  });
  const reached = new Promise<void>((resolve) => {
    reach = resolve;
  });
  return {
    reached,
    release,
    handler: async (route) => {
      reach();
      await open;
      await route.continue();
    },
  };
}

/** Counts the sign-in requests and every document the browser loads after the first. */
function watch(page: Page): { signIns: () => number; documents: string[] } {
  let signIns = 0;
  const documents: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/auth/login') && request.method() === 'POST') signIns += 1;
    if (request.resourceType() === 'document') documents.push(`${request.method()} ${request.url()}`);
  });
  return { signIns: () => signIns, documents };
}

async function typeAndClick(page: Page): Promise<void> {
  await page.getByLabel('Email').fill(DEMO.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(DEMO.password);
  await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
}

async function signedInOnce(page: Page, seen: ReturnType<typeof watch>): Promise<void> {
  await expect(page).toHaveURL(/\/tabs/);
  expect(page.url()).not.toContain('password');
  // Another sign-in would come right after the first: give it the time to show up.
  await page.waitForTimeout(300);
  expect(seen.signIns()).toBe(1);
  // Only the first GET of /login: no POST of the form, no reload.
  expect(seen.documents).toHaveLength(1);
  expect(seen.documents[0]).toMatch(/^GET .*\/login$/);
}

const ENTRY = /\/assets\/index-[\w-]+\.js$/;

test.describe('a sign-in made while the prerendered login loads', () => {
  test('before the entry script has arrived', async ({ page }) => {
    const seen = watch(page);
    const entry = gate();
    await page.route(ENTRY, entry.handler);
    await page.goto('/login', { waitUntil: 'commit' });
    await entry.reached;
    await typeAndClick(page);
    expect(page.url()).toMatch(/\/login$/);
    entry.release();
    await signedInOnce(page, seen);
  });

  test('after the entry script started, before hydration', async ({ page }) => {
    const seen = watch(page);
    const translations = gate();
    await page.route('**/assets/i18n/es.json', translations.handler);
    await page.goto('/login', { waitUntil: 'domcontentloaded' });
    await translations.reached;
    await typeAndClick(page);
    translations.release();
    await signedInOnce(page, seen);
  });

  test('typed before the entry script, clicked while the app starts', async ({ page }) => {
    const seen = watch(page);
    const entry = gate();
    const translations = gate();
    await page.route(ENTRY, entry.handler);
    await page.route('**/assets/i18n/es.json', translations.handler);
    await page.goto('/login', { waitUntil: 'commit' });
    await entry.reached;
    await page.getByLabel('Email').fill(DEMO.email);
    await page.getByLabel('Contraseña', { exact: true }).fill(DEMO.password);
    entry.release();
    await translations.reached;
    await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
    translations.release();
    await signedInOnce(page, seen);
  });

  // CPU throttling is a Chromium DevTools feature: every project of this suite runs Debian's Chromium.
  test('while React hydrates the page (a slow phone)', async ({ page }) => {
    const seen = watch(page);
    const cdp: CDPSession = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });
    const translations = gate();
    await page.route('**/assets/i18n/es.json', translations.handler);
    await page.goto('/login', { waitUntil: 'domcontentloaded' });
    await translations.reached;
    translations.release();
    // hydrateRoot has been called (the root is React's) and the form is not React's yet.
    await page.waitForFunction(
      () => {
        const root = document.getElementById('root');
        return root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
      },
      undefined,
      { polling: 'raf' },
    );
    await typeAndClick(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await signedInOnce(page, seen);
  });

  test('the instant React owns the form', async ({ page }) => {
    const seen = watch(page);
    await page.goto('/login', { waitUntil: 'domcontentloaded' });
    await page.waitForFunction(
      () => {
        const form = document.querySelector('#root form');
        return form !== null && Object.keys(form).some((key) => key.startsWith('__reactProps'));
      },
      undefined,
      { polling: 'raf' },
    );
    await typeAndClick(page);
    await signedInOnce(page, seen);
  });
});
