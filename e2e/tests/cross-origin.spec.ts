/**
 * The web build as the Android and iOS apps run it (docs/decisions/014): the page at one origin
 * (`localhost`, as the shells' https://localhost and capacitor://localhost) and the API at another
 * (`127.0.0.1`), reached through the build's VITE_API_ORIGIN with CORS. A customer signs in, contracts,
 * pays with the test checkout ('Aviso de redireccionamiento' said under the button, as on the web: the
 * shells' modal needs the native platform), comes back from it to the app's origin and downloads the
 * certificate. Runs in its own project against the second server of playwright.config.ts.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { CROSS_ORIGIN_API, CROSS_ORIGIN_WEB, E2E_PORT } from '../playwright.config.ts';
import { bagCoverage } from './api-steps.ts';
import { DEMO, expectAccessible, shot, signIn } from './support.ts';

test('signs in, contracts, pays and downloads the certificate with the API on another origin', async ({
  page,
}, info) => {
  test.setTimeout(180_000);
  const apiCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/v4/')) apiCalls.push(request.url());
  });
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/CORS|Content Security Policy/i.test(message.text())) refused.push(message.text());
  });

  // 'Tenés notificaciones nuevas' may ask once the payment notifies: 'Más tarde'.
  const prompt = page.getByRole('dialog', { name: 'Tenés notificaciones nuevas' });
  await page.addLocatorHandler(prompt, async () => {
    await prompt.getByRole('button', { name: 'Más tarde' }).click();
  });

  // 1. Signs in (the demo customer of this server's own database): the page is at the app's origin, the
  // login goes to the API's.
  await signIn(page, DEMO.email, DEMO.password);
  expect(new URL(page.url()).origin).toBe(CROSS_ORIGIN_WEB);
  expect(apiCalls).toContain(`${CROSS_ORIGIN_API}/api/v4/auth/login`);

  // 2. Contracts a bag through the app's steps.
  const coverage = await bagCoverage(page);
  await page.goto(`/contract-insurance?coverage=${coverage.id}`);
  await expect(page).toHaveURL(/\/contract-insurance\/\d+$/);
  // The bag's steps keep what they propose (dates from today, no description, the customer as taker): the
  // flow answers what it can by itself (issue 19) and 'Continuar' passes the rest, up to the summary.
  const summary = page.getByRole('heading', { level: 2, name: 'Resumen', exact: true });
  await expect(async () => {
    const proceed = page.getByRole('button', { name: 'Continuar', exact: true });
    if (await proceed.isVisible()) await proceed.click();
    await expect(summary).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 45_000 });

  // 3. Confirms and pays in one tap with the test checkout (issue 19): the redirect notice, the checkout,
  // and back to the app's origin on 'Estás cubierto', then the insurance.
  await expect(page.getByRole('radio', { name: /Pago de prueba/ })).toBeChecked();
  await expect(
    page.getByText('Estás por salir de la app: vas a pagar en la página de Pago de prueba.'),
  ).toBeVisible();
  await expectAccessible(page);
  await shot(page, info, 'redirect-notice');
  await page.getByRole('button', { name: /^Confirmar y pagar \$/ }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  await page.getByRole('button', { name: 'Aprobar el pago' }).click();
  await expect(page).toHaveURL(/\/customers\/insurances\/\d+\/cubierto$/, { timeout: 20_000 });
  expect(new URL(page.url()).origin).toBe(CROSS_ORIGIN_WEB);
  const insurancePath = new URL(page.url()).pathname.replace(/\/cubierto$/, '');
  await expect(page.getByRole('heading', { level: 1, name: 'Estás cubierto' })).toBeVisible();
  await page.getByRole('link', { name: 'Ver mi seguro' }).click();
  await expect(page).toHaveURL(new RegExp(`${insurancePath}$`));
  await expect(page.getByText('Vigente', { exact: true })).toBeVisible();
  // The insurer's logo comes from the API's origin too (CSP img-src, Cross-Origin-Resource-Policy).
  const logo = page.getByRole('img', { name: /Compañía|Seguros/ }).first();
  await expect(logo).toBeVisible();
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  expect(await logo.getAttribute('src')).toMatch(new RegExp(`^${CROSS_ORIGIN_API}/api/v4/files/logos/`));
  await shot(page, info, 'insurance-in-force');

  // 4. Downloads the certificate: a real PDF, named after the policy (content-disposition crossed CORS).
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Descargar constancia' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^[\w-]+\.pdf$/);
  expect(file.suggestedFilename()).not.toBe('constancia.pdf');
  const bytes = await readFile(await file.path());
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

  // Every API call of the page went to the API's origin, and none was refused.
  expect(apiCalls.length).toBeGreaterThan(5);
  expect(apiCalls.filter((url) => !url.startsWith(`${CROSS_ORIGIN_API}/`))).toEqual([]);
  expect(refused).toEqual([]);
});

test('the API refuses CORS to a page of an origin it does not list', async ({ page }) => {
  const read = (api: string) =>
    page.evaluate(async (url) => {
      try {
        await fetch(`${url}/api/v4/common/contexts`, { credentials: 'include' });
        return 'read';
      } catch {
        return 'refused';
      }
    }, api);
  // The app's origin is listed: its page reads the answer.
  await page.goto('/login');
  expect(await read(CROSS_ORIGIN_API)).toBe('read');
  // The same-origin server's page (another origin, not listed) is refused by the browser.
  await page.goto(`http://127.0.0.1:${E2E_PORT}/login`);
  expect(await read(CROSS_ORIGIN_API)).toBe('refused');
});
