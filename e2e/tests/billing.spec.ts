/**
 * 'Facturación' as a customer uses it: the billing party set with a CUIT (a wrong check digit refused
 * first), an insurance paid, its invoice "En proceso" until ARCA (the server's local ARCA peer,
 * ARCA_ENV=local) authorises it in the background, then downloaded as a PDF whose text names that CUIT,
 * the total and the CAE, and whose fiscal QR (rendered with pdftoppm, read with zbarimg) decodes to the
 * voucher (RG 4892).
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { E2E_PORT } from '../playwright.config.ts';
import { API, issueBagInsurance, payInSandbox, registerThroughApi } from './api-steps.ts';
import { expectAccessible, menu, PASSWORD, shot, signIn } from './support.ts';

test.use({ baseURL: `http://localhost:${E2E_PORT}` });

const run = promisify(execFile);

/** The fiscal QR of a PDF's first page: rendered at 200 dpi and read back. */
async function qrOfPdf(file: string): Promise<string> {
  const image = `${file}-page`;
  await run('pdftoppm', ['-png', '-r', '200', '-f', '1', '-l', '1', '-singlefile', file, image]);
  const { stdout } = await run('zbarimg', ['--raw', '-q', `${image}.png`]);
  return stdout.trim();
}

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
  await expect(row).toBeVisible();
  // Written with the payment; the list shows "En proceso" until the job has ARCA's CAE, and asks again.
  await expect(row.getByText(/^Factura A 0001-\d{8}$/)).toBeVisible({ timeout: 45_000 });
  await expect(row.getByText('En proceso')).toHaveCount(0);
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

  // The invoice as the API tells it, and the fiscal QR of its PDF.
  const listed = await page.request.get(`${API}/customers/invoices`, { headers: customer.auth });
  const invoice = ((await listed.json()).data as Array<Record<string, unknown>>).find(
    (i) => i.insurance_id === insurance.id,
  )!;
  expect(invoice).toMatchObject({ arca_status: 'autorizada', arca_voucher_type: 1 });
  expect(plain).toContain(`CAE N° ${invoice.cae}`);
  const qr = await qrOfPdf(file);
  const prefix = 'https://www.arca.gob.ar/fe/qr/?p=';
  expect(qr.startsWith(prefix)).toBe(true);
  const data = JSON.parse(Buffer.from(qr.slice(prefix.length), 'base64').toString('utf8'));
  const [, day, month, year] = /Fecha (\d{2})\/(\d{2})\/(\d{4})/.exec(plain)!;
  const issuer = /Cubierto S\.A\.\s+CUIT (\d{2})-(\d{8})-(\d)/.exec(plain)!;
  expect(data).toEqual({
    ver: 1,
    fecha: `${year}-${month}-${day}`,
    cuit: Number(issuer.slice(1).join('')),
    ptoVta: invoice.point_of_sale,
    tipoCmp: 1,
    nroCmp: invoice.number,
    importe: insurance.total_cents / 100,
    moneda: 'PES',
    ctz: 1,
    tipoDocRec: 80,
    nroDocRec: 30500012346,
    tipoCodAut: 'E',
    codAut: Number(invoice.cae),
  });
});
