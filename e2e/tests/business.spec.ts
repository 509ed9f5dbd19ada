/**
 * A business covers many phones at once: it adds its company in 'Centro de negocios', downloads the
 * cell-phone policy's sample CSV in 'Mis importaciones de seguros', uploads a file with 3 good and 2 bad
 * rows, reads the report, confirms, and finds 3 new insurances and Mi crédito debited. At phone width
 * both menu items are hidden (spec §2).
 */
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { E2E_PORT } from '../playwright.config.ts';
import { registerThroughApi } from './api-steps.ts';
import { expectAccessible, menu, PASSWORD, shot, signIn } from './support.ts';

// The test checkout sends the customer back to the server's public address (localhost).
test.use({ baseURL: `http://localhost:${E2E_PORT}` });

const API = '/api/v4';

/** Mi crédito topped up through the test checkout, as the wallet page would do it. */
async function topUpCredit(page: Page, auth: Record<string, string>, amountCents: number) {
  const started = await page.request.post(`${API}/customers/credit-wallet/top-ups`, {
    headers: { ...auth, 'Idempotency-Key': `e2e-credit-${Date.now()}` },
    data: { amount_cents: amountCents, method: 'sandbox' },
  });
  expect(started.status(), await started.text()).toBe(201);
  const checkout = new URL((await started.json()).data.checkout_url);
  const approved = await page.request.post(`${checkout.pathname}/approve`, { maxRedirects: 0 });
  expect(approved.status()).toBe(303);
}

/** Picks an option of a select, and checks it was taken. */
async function choose(page: Page, field: string, option: string | RegExp) {
  const box = page.getByRole('combobox', { name: field });
  await box.click();
  await page.getByRole('option', { name: option, exact: typeof option === 'string' }).click();
  await expect(box).toHaveValue(option);
}

/** A valid IMEI (15 digits, Luhn) from a number. */
function imei(n: number): string {
  const body = `35${String(n).padStart(12, '0')}`;
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    let d = Number(body[13 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}

// Imports are a desktop-width feature (spec §2): the tag keeps this test out of the phone project.
test('a business imports five phones from the sample CSV: three are issued and paid from Mi crédito @desktop-only', async ({
  page,
}, info) => {
  const customer = await registerThroughApi(page, 'Marcela Ibáñez', 'negocio');
  await topUpCredit(page, customer.auth, 100_000_00);
  await signIn(page, customer.email, PASSWORD);

  // Centro de negocios: the company the phones are insured for.
  await menu(page, 'Centro de negocios');
  await expect(page.getByRole('heading', { name: 'Centro de negocios', level: 1 })).toBeVisible();
  await expect(page.getByText('1 de 50 entidades')).toBeVisible();
  await expectAccessible(page);
  await shot(page, info, 'business-center');
  await page.getByRole('button', { name: 'Agregar empresa' }).click();
  await page.getByLabel('Razón social').fill('Celulares del Centro SRL');
  await page.getByLabel('CUIT').fill('30-71234567-1');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByRole('heading', { name: 'Celulares del Centro SRL', level: 1 })).toBeVisible();
  await page.getByLabel('Calle').fill('Av. Rivadavia');
  await page.getByLabel('Altura').fill('5200');
  await page.getByLabel('Email de contacto').fill('compras@celularesdelcentro.com.ar');
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('Guardamos los datos.')).toBeVisible();
  await expectAccessible(page);
  await shot(page, info, 'business');

  // Mis importaciones de seguros: the cell-phone policy's sample CSV.
  await menu(page, 'Mis importaciones de seguros');
  await expect(page.getByRole('heading', { name: 'Mis importaciones de seguros', level: 1 })).toBeVisible();
  await expect(page.getByText('Todavía no hiciste importaciones')).toBeVisible();
  await choose(page, 'Entidad', /Celulares del Centro SRL/);
  await choose(page, 'Producto', 'Celular Protegido');
  await choose(page, 'Cobertura', 'Robo');
  await expectAccessible(page);
  await shot(page, info, 'new-import');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Descargar CSV de ejemplo' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('celular-protegido.csv');
  const sample = readFileSync(await download.path(), 'utf8')
    .replace(/^\ufeff/, '')
    .trim()
    .split('\r\n');
  expect(sample[0]).toBe('marca;modelo;imei;numero_de_serie;valor_del_equipo;fecha_inicio;fecha_fin');
  expect(sample).toHaveLength(2);

  // Five phones from the example row: three good, a wrong IMEI and one below the minimum value.
  const example = sample[1]!.split(';');
  const row = (n: number, changes: Record<number, string> = {}) =>
    example.map((cell, i) => changes[i] ?? (i === 2 ? imei(n) : i === 3 ? `SN-${n}` : cell)).join(';');
  const file = [
    sample[0],
    row(1),
    row(2),
    row(3, { 2: '123456789012345' }),
    row(4),
    row(5, { 4: '10.000,00' }),
  ].join('\r\n');
  await page.locator('input[type="file"]').setInputFiles({
    name: 'celulares-noviembre.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(file, 'utf8'),
  });
  await page.getByRole('button', { name: 'Validar archivo' }).click();
  // Partly valid: the API answers 207 and the app says what can be issued and what needs fixing.
  await expect(
    page.getByText(
      'Se pueden emitir 3 de las 5 filas del archivo; 2 tienen errores. Revisalas en el informe.',
    ),
  ).toBeVisible();

  // The report, row by row.
  await expect(page.getByRole('heading', { name: 'Importación celulares-noviembre.csv' })).toBeVisible();
  const figures = (label: string) => page.getByRole('group', { name: label });
  await expect(figures('Válidas')).toContainText('3');
  await expect(figures('Con errores')).toContainText('2');
  const report = page.getByRole('table', { name: 'Resultado de la validación' });
  await expect(report.locator('tr[data-status="valid"]')).toHaveCount(3);
  await expect(report.getByText(/^imei: El IMEI debe tener 15 números/)).toBeVisible();
  await expect(report.getByText(/^valor_del_equipo: /)).toBeVisible();
  await expect(page.getByText('Saldo de Mi crédito').locator('xpath=..')).toContainText('100.000,00');
  await expectAccessible(page);
  await shot(page, info, 'report');

  await page.getByRole('button', { name: 'Emitir 3 seguros' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Emitir' }).click();
  await expect(page.getByText('Importación emitida')).toBeVisible({ timeout: 20_000 });
  await expect(report.locator('tr[data-status="issued"]')).toHaveCount(3);
  const numbers = await report.locator('tr[data-status="issued"] a').allTextContents();
  expect(numbers).toHaveLength(3);
  const total = (await figures('Total a pagar').textContent())!.replace('Total a pagar', '').trim();
  await expectAccessible(page);
  await shot(page, info, 'issued');

  // The result CSV names each row's insurance or errors.
  const resulting = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Descargar resultado' }).click();
  const result = readFileSync(await (await resulting).path(), 'utf8');
  for (const number of numbers) expect(result).toContain(number);

  // Three new insurances in Mis contrataciones …
  await page.getByRole('link', { name: 'Ver mis contrataciones' }).click();
  for (const number of numbers) await expect(page.getByText(number)).toBeVisible();

  // … and Mi crédito debited by the import's total.
  await menu(page, 'Mi crédito');
  const movement = page.getByRole('link', { name: /Importación \d+: 3 seguros/ });
  await expect(movement).toBeVisible();
  await expect(movement).toContainText(`-${total}`.replace('-$', '-$'));
  await shot(page, info, 'credit-wallet');
});

// The desktop menu shows both items (the test above uses them): the tag keeps this test out of the desktop project.
test('at phone width the business center and imports are not in the menu @phone-only', async ({
  page,
}, info) => {
  const customer = await registerThroughApi(page, 'Tomás Quiroga', 'negocio');
  await signIn(page, customer.email, PASSWORD);
  await page.getByRole('button', { name: 'Abrir el menú' }).click();
  const nav = page.getByRole('navigation', { name: 'Menú principal' });
  await expect(nav.getByText('Mi crédito', { exact: true })).toBeVisible();
  await expect(nav.getByText('Mis importaciones de seguros', { exact: true })).toBeHidden();
  await expect(nav.getByText('Centro de negocios', { exact: true })).toBeHidden();
  await shot(page, info, 'menu');

  // The business center itself works at phone width when reached by a link.
  await page.goto('/business-center');
  await expect(page.getByRole('heading', { name: 'Centro de negocios', level: 1 })).toBeVisible();
  await expectAccessible(page);
  await shot(page, info, 'business-center');
  await page.getByRole('link', { name: /^Administrar Tomás Quiroga/ }).click();
  await expect(page.getByRole('heading', { name: 'Datos de la entidad' })).toBeVisible();
  await expect(page.getByText('Las personas no tienen miembros: solo las empresas.')).toBeVisible();
  await expectAccessible(page);
  await shot(page, info, 'personal-entity');

  // Reached by a link anyway, the imports page says where to use it.
  await page.goto('/customers/imports');
  await expect(page.getByText('Disponible en computadora')).toBeVisible();
  await expectAccessible(page);
  await shot(page, info, 'imports-on-phone');
});
