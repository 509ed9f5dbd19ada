/**
 * The customer's privacy rights as the stores and Ley 25.326 ask (decision 016): the public page on
 * deleting an account (linked from login, works signed out), 'Descargar mis datos' in Mi cuenta (the
 * JSON's content checked, the PDF opened), and 'Eliminar mi cuenta' through its dialog, after which the
 * old credentials no longer sign in and a confirmation mail arrives.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { E2E_PORT } from '../playwright.config.ts';
import { API, issueBagInsurance, registerThroughApi } from './api-steps.ts';
import { expectAccessible, mailsTo, PASSWORD, shot, signIn } from './support.ts';

test.use({ baseURL: `http://localhost:${E2E_PORT}` });

test('the public page explains how to delete an account, signed out, from the login page', async ({
  page,
}, info) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Cómo eliminar tu cuenta' }).click();
  await expect(page).toHaveURL(/\/eliminar-cuenta$/);
  await expect(page.getByRole('heading', { name: 'Eliminar tu cuenta de Cubierto', level: 1 })).toBeVisible();
  await expect(page.getByText('Abrí el menú y entrá a Mi cuenta.')).toBeVisible();
  await expect(page.getByText(/durante 10 años desde su fecha/)).toBeVisible();
  const mail = page.getByRole('link', { name: 'Pedir la eliminación por email' });
  await expect(mail).toHaveAttribute('href', /^mailto:privacidad@cubierto\.com\.ar\?subject=/);
  await expectAccessible(page);
  await shot(page, info, 'public-page');
  await page.getByRole('link', { name: 'Ingresar para eliminar mi cuenta' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('downloads my data, then deletes the account: the old credentials no longer sign in', async ({
  page,
}, info) => {
  const customer = await registerThroughApi(page, 'Marina Quiroga', 'privacidad');
  const insurance = await issueBagInsurance(page, customer);
  await signIn(page, customer.email, PASSWORD);
  // The home's first-visit tour competes with the menu's drawer on a phone: open Mi cuenta by its address.
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Tus datos y tu cuenta' })).toBeVisible();
  await page.getByRole('heading', { name: 'Tus datos y tu cuenta' }).scrollIntoViewIfNeeded();
  await expectAccessible(page);
  await shot(page, info, 'my-account');

  const [json] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Descargar en JSON' }).click(),
  ]);
  expect(json.suggestedFilename()).toBe('mis-datos-cubierto.json');
  const data = JSON.parse(await readFile(await json.path(), 'utf8')).data;
  expect(data.profile).toMatchObject({ name: 'Marina Quiroga', email: customer.email });
  expect(data.entities[0]).toMatchObject({
    kind: 'person',
    document_number: expect.stringMatching(/^\d{8}$/),
  });
  expect(data.insurances.map((i: { number: string }) => i.number)).toEqual([insurance.number]);

  const [pdf] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Descargar en PDF' }).click(),
  ]);
  expect(pdf.suggestedFilename()).toBe('mis-datos-cubierto.pdf');
  const { text } = await extractText(
    await getDocumentProxy(new Uint8Array(await readFile(await pdf.path()))),
    {
      mergePages: true,
    },
  );
  expect(text).toContain('Mis datos en Cubierto');
  expect(text).toContain('Marina Quiroga');
  expect(text).toContain(insurance.number);

  await page.getByRole('button', { name: 'Eliminar mi cuenta' }).click();
  const dialog = page.getByRole('dialog', { name: '¿Eliminar tu cuenta?' });
  await expect(dialog.getByText(/durante 10 años, porque la ley nos obliga/)).toBeVisible();
  const password = dialog.getByLabel('Tu contraseña');
  await password.fill('No-Es-La-Mia-2025');
  await dialog.getByRole('button', { name: 'Eliminar mi cuenta' }).click();
  await expect(dialog.getByText('La contraseña no es correcta.')).toBeVisible();
  await expectAccessible(page);
  await shot(page, info, 'delete-dialog');

  await password.fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Eliminar mi cuenta' }).click();
  await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 });
  await expect(page.getByText('Eliminamos tu cuenta. Te enviamos un email de confirmación.')).toBeVisible();
  await shot(page, info, 'deleted');

  // The old token is refused at once, and the old credentials no longer sign in.
  expect((await page.request.get(`${API}/customers/user`, { headers: customer.auth })).status()).toBe(401);
  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByText('El email o la contraseña no son correctos.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await shot(page, info, 'old-credentials-refused');

  await expect.poll(() => mailsTo(customer.email).some((m) => m.includes('Eliminamos tu cuenta'))).toBe(true);
});
