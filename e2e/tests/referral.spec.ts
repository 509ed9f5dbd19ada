/**
 * 'Referidos' as customers use it: the inviter copies the share link ('Enlace copiado'), a new customer
 * registers through it, pays their first insurance, and the reward shows up in the inviter's 'Mi dinero'.
 */
import { expect, test } from '@playwright/test';
import { E2E_PORT } from '../playwright.config.ts';
import { API, type Customer, issueBagInsurance, payInSandbox, registerThroughApi } from './api-steps.ts';
import {
  confirmRegistration,
  expectAccessible,
  menu,
  newEmail,
  PASSWORD,
  shot,
  signIn,
  signOut,
} from './support.ts';

const origin = `http://localhost:${E2E_PORT}`;
test.use({ baseURL: origin });

test('an invitee registered through the copied link pays their first insurance and the inviter is rewarded', async ({
  page,
  context,
}, info) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  const inviter = await registerThroughApi(page, 'Tomás Aguirre');
  await signIn(page, inviter.email, PASSWORD);
  await expect(page.getByRole('heading', { name: /¡Hola/ })).toBeVisible();
  await menu(page, 'Referidos');
  await expect(page).toHaveURL(/\/referral$/);
  await expect(page.getByRole('heading', { name: 'Referidos', level: 1 })).toBeVisible();
  const code = (await page.getByTestId('referral-code').textContent())?.trim() ?? '';
  expect(code).toMatch(/^[A-Z2-9]{8}$/);

  await page.getByRole('button', { name: 'Copiar código' }).click();
  await expect(page.getByText('Código copiado')).toBeVisible();
  await page.getByRole('button', { name: 'Copiar enlace' }).click();
  await expect(page.getByText('Enlace copiado')).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toBe(`${origin}/register?ref=${code}`);
  await expectAccessible(page);
  await shot(page, info, 'referral');
  // The copy toast goes after 2 s (spec §9).
  await expect(page.getByText('Enlace copiado')).toHaveCount(0, { timeout: 4_000 });
  await signOut(page);

  // The invitee opens the link and registers.
  await page.goto(link);
  const field = page.getByLabel('Código de invitación (opcional)');
  await expect(field).toHaveValue(code);
  await shot(page, info, 'register-with-code');
  const email = newEmail('invitee');
  await page.getByLabel('Nombre y apellido').fill('Abril Castro');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('DNI').fill(String(30_000_000 + Math.floor(Math.random() * 9_000_000)));
  await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await confirmRegistration(page, email);
  await expect(page).toHaveURL(/\/tabs/);

  // Their first insurance, paid through the test checkout.
  const login = await page.request.post(`${API}/auth/login`, { data: { email, password: PASSWORD } });
  expect(login.status()).toBe(200);
  const invitee: Customer = {
    email,
    auth: { Authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` },
  };
  const insurance = await issueBagInsurance(page, invitee);
  await payInSandbox(page, invitee, insurance.id);
  await expect(page.getByRole('heading', { name: /¡Hola/ })).toBeVisible();
  await signOut(page);

  await signIn(page, inviter.email, PASSWORD);
  await expect(page.getByRole('heading', { name: /¡Hola/ })).toBeVisible();
  await menu(page, 'Mi dinero');
  await expect(page).toHaveURL(/\/customers\/money-wallet$/);
  await expect(page.getByRole('link', { name: /Premio por invitar a Abril Castro/ })).toBeVisible();
  await expect(page.getByText(/^\$\s5\.000,00$/).first()).toBeVisible();
  await expectAccessible(page);
  await shot(page, info, 'reward-in-mi-dinero');
});
