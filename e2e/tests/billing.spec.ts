/**
 * 'Facturación' as a customer uses it: the billing party set with a CUIT (a wrong check digit refused
 * first), an insurance paid, and its invoice downloaded as a PDF whose text names that CUIT and the total.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { E2E_PORT } from '../playwright.config.ts';
import { issueBagInsurance, payInSandbox, registerThroughApi } from './api-steps.ts';
import { expectAccessible, menu, PASSWORD, shot, signIn } from './support.ts';

test.use({ baseURL: `http://localhost:${E2E_PORT}` });

const ars = (cents: number) =>
  new Intl.NumberFormat('es-AR', { style: 'currency', currency: 'ARS' })
    .format(cents / 100)
    .replace(/\u00a0/g, ' ');

test('sets a billing party with a CUIT, pays an insurance and downloads its invoice', async ({
  page,
}, info) => {
  const customer = await registerThroughApi(page, 'Rocío Almada');
  await signIn(page, customer.email, PASSWORD);
  await expect(page.getByRole('heading', { name: /¡Hola/ })).toBeVisible();
  await menu(page, 'Facturación');
  await expect(page).toHaveURL(/\/invoice\/invoices$/);
  await expect(page.getByRole('heading', { name: 'Facturación', level: 1 })).toBeVisible();
  await expect(page.getByText('Todavía no tenés facturas')).toBeVisible();
  await expect(page.getByText(/facturamos a tu nombre y DNI como consumidor final/)).toBeVisible();
  await expectAccessible(page);
  await shot(page, info, 'empty');

  await page.getByLabel('Nombre o razón social').fill('Estudio Almada S.R.L.');
  await page.getByRole('textbox', { name: 'CUIT' }).fill('30-50001234-5');
  await page.getByRole('combobox', { name: 'Condición frente al IVA' }).click();
  await page.getByRole('option', { name: 'Responsable inscripto' }).click();
  await expect(page.getByText('Vas a recibir facturas A, con el IVA discriminado.')).toBeVisible();
  await page.getByLabel('Calle').fill('Av. Santa Fe');
  await page.getByLabel('Altura').fill('1860');
  await page.getByLabel('Localidad').fill('Recoleta');
  await page.getByRole('combobox', { name: 'Provincia' }).click();
  await page.getByRole('option').first().click();
  await page.getByLabel('Código postal').fill('C1123AAN');
  await page.getByRole('button', { name: 'Guardar datos de facturación' }).click();
  await expect(page.getByText('El CUIT no es válido: revisá los 11 números.')).toBeVisible();
  await shot(page, info, 'wrong-cuit');

  await page.getByRole('textbox', { name: 'CUIT' }).fill('30-50001234-6');
  await page.getByRole('button', { name: 'Guardar datos de facturación' }).click();
  await expect(page.getByText('Guardamos tus datos de facturación.')).toBeVisible();
  await expect(page.getByText('Emitimos tus facturas a este contratante designado.')).toBeVisible();

  const insurance = await issueBagInsurance(page, customer);
  await payInSandbox(page, customer, insurance.id);

  await page.reload();
  const row = page.getByRole('listitem').filter({ hasText: insurance.number });
  await expect(row.getByText(/^Factura A 0001-\d{8}$/)).toBeVisible();
  await expect(row.getByText(ars(insurance.total_cents).replace(' ', '\u00a0'))).toBeVisible();
  await expectAccessible(page);
  await shot(page, info, 'invoice-listed');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: /^Descargar Factura A/ }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^factura-A-0001-\d{8}\.pdf$/);
  const file = await download.path();
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(await readFile(file))), {
    mergePages: true,
  });
  const plain = text.replace(/\u00a0/g, ' ');
  expect(plain).toContain('Factura A');
  expect(plain).toContain('CUIT 30-50001234-6');
  expect(plain).toContain('Estudio Almada S.R.L.');
  expect(plain).toContain(`Total ${ars(insurance.total_cents)}`);
});
