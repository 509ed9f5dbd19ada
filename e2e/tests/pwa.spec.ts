/**
 * The installable app (issue 7): its manifest, and a customer stopped on the road with no signal who
 * still shows the certificate of an insurance in force: the service worker serves the app shell, the
 * certificates were kept on the device while online, and signing out removes them.
 */
import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { issueBagInsurance, payInSandbox, registerThroughApi } from './api-steps.ts';
import { expectAccessible, PASSWORD, shot, signIn, signOut } from './support.ts';

// The service worker is part of what is tested here (the suite blocks it elsewhere: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

/** What the page keeps for offline use: the certificates' numbers, read from Cache Storage. */
function savedCertificates(page: Page) {
  return page.evaluate(async () => {
    if (!(await caches.has('cubierto-certificates'))) return null;
    const index = await (await caches.open('cubierto-certificates')).match('/offline/certificates.json');
    const list = index ? ((await index.json()) as { certificates: Array<{ number: string }> }) : null;
    return list?.certificates.map((c) => c.number) ?? null;
  });
}

test('the manifest makes the app installable and the service worker is served fresh', async ({ page }) => {
  const manifest = await page.request.get('/manifest.webmanifest');
  expect(manifest.headers()['content-type']).toContain('application/manifest+json');
  const body = await manifest.json();
  expect(body).toMatchObject({
    short_name: 'Cubierto',
    start_url: '/tabs',
    scope: '/',
    display: 'standalone',
  });
  for (const icon of body.icons as Array<{ src: string; type: string }>) {
    const answer = await page.request.get(icon.src);
    expect(answer.ok(), icon.src).toBe(true);
    expect(answer.headers()['content-type']).toContain(icon.type);
  }
  const worker = await page.request.get('/sw.js');
  expect(worker.headers()['cache-control']).toBe('no-cache');
  // The build wrote the shell into the worker: index.html and the start-up code are stored at install.
  const source = await worker.text();
  expect(source).toContain('"/index.html"');
  expect(source).toMatch(/"\/assets\/index-[\w-]+\.js"/);
});

test('with no signal a signed-in customer still opens an in-force certificate, gone after signing out', async ({
  page,
  context,
}, info) => {
  const customer = await registerThroughApi(page, 'Ramiro Ledesma');
  const insurance = await issueBagInsurance(page, customer);
  await payInSandbox(page, customer, insurance.id);

  await signIn(page, customer.email, PASSWORD);
  // The service worker takes over the page, and the certificate in force is kept on the device.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await expect.poll(() => savedCertificates(page), { timeout: 15_000 }).toEqual([insurance.number]);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'Sin conexión' })).toBeVisible();
  await page.getByRole('link', { name: 'Ver mis certificados' }).click();
  await expect(page).toHaveURL(/\/certificados$/);
  await expect(page.getByRole('heading', { name: 'Mis certificados sin conexión', level: 1 })).toBeVisible();
  await expect(page.getByText(`N.º ${insurance.number}`)).toBeVisible();
  await expectAccessible(page);
  await shot(page, info, 'offline-certificates');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: `Descargar el certificado ${insurance.number}` }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const pdf = new Uint8Array(await readFile(await download.path()));
  const { text } = await extractText(await getDocumentProxy(pdf), { mergePages: true });
  expect(text).toContain(insurance.number);

  // Back online, signing out forgets the certificates (spec §4: clear all stored data).
  await context.setOffline(false);
  await signOut(page);
  await expect.poll(() => savedCertificates(page)).toBeNull();
});
