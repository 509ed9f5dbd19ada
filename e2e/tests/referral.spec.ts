/**
 * 'Referidos' as customers and operators use it: the inviter copies the share link ('Enlace copiado'), a
 * new customer registers through it and pays their first insurance; the inviter's page shows the reward
 * pending until the withdrawal window has passed ('Se acredita cuando …'), nothing reaches 'Mi dinero'
 * yet, and the back office's referral graph shows the invitation pending with its day.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { totpCode } from '../../apps/api/src/modules/operators/totp.ts';
import { E2E_DATA_DIR, E2E_PORT } from '../playwright.config.ts';
import { API, type Customer, issueBagInsurance, payInSandbox, registerThroughApi } from './api-steps.ts';
import {
  confirmRegistration,
  expectAccessible,
  menu,
  newDni,
  newEmail,
  PASSWORD,
  shot,
  signIn,
  signOut,
} from './support.ts';

const origin = `http://localhost:${E2E_PORT}`;
test.use({ baseURL: origin });

const here = path.dirname(fileURLToPath(import.meta.url));
const OPERATOR_PASSWORD = 'Back-Office-Clave-2025';

/** An operator created on the command line and signed in (enrolling the second factor). */
async function operatorSignIn(page: Page): Promise<void> {
  const email = newEmail('operador');
  execFileSync('npx', ['tsx', 'src/cli/create-operator.ts', email, 'Olga Operadora'], {
    cwd: path.join(here, '../../apps/api'),
    env: {
      ...process.env,
      PORT: String(E2E_PORT),
      DATA_DIR: E2E_DATA_DIR,
      LOG_LEVEL: 'silent',
      OPERATOR_PASSWORD,
    },
    stdio: 'pipe',
  });
  await page.goto('/admin-login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Contraseña').fill(OPERATOR_PASSWORD);
  await page.getByRole('button', { name: 'Continuar' }).click();
  const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
  await page.getByLabel('Código de 6 números').fill(totpCode(secret));
  await page.getByRole('button', { name: 'Verificar' }).click();
  await page.getByRole('button', { name: 'Ya los guardé, continuar' }).click();
  await expect(page.getByRole('heading', { name: 'Panel', level: 1 })).toBeVisible();
}

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

test('an invitee registered through the copied link pays their first insurance: the reward is pending until the withdrawal window passes, and operators see it in the referral graph', async ({
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
  await page.getByLabel('DNI').fill(newDni());
  await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Aceptar y crear cuenta' }).click();
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
  await menu(page, 'Referidos');
  const invitation = page.getByTestId('referral-invitation').filter({ hasText: 'Abril Castro' });
  await expect(invitation).toContainText('Pendiente');
  await expect(invitation).toContainText(
    /Se acredita cuando su primer seguro pase el plazo de arrepentimiento: el \d{1,2} de [a-z]+ de \d{4}, si sigue vigente\./,
  );
  await expect(page.getByText('Por acreditar')).toBeVisible();
  await expectAccessible(page);
  await shot(page, info, 'referral-pending');
  await page.setViewportSize(DESKTOP);
  await shot(page, info, 'referral-pending-desktop');
  await page.setViewportSize(PHONE);

  // Nothing reaches Mi dinero before the window has passed.
  await menu(page, 'Mi dinero');
  await expect(page).toHaveURL(/\/customers\/money-wallet$/);
  await expect(page.getByRole('heading', { name: 'Mi dinero', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: /Premio por invitar/ })).toHaveCount(0);
  await signOut(page);

  // The back office's referral graph.
  await page.setViewportSize(DESKTOP);
  await operatorSignIn(page);
  await page
    .getByRole('navigation', { name: 'Menú del back office' })
    .getByRole('link', { name: 'Referidos' })
    .click();
  await expect(page.getByRole('heading', { name: 'Referidos', level: 1 })).toBeVisible();
  await page.getByLabel(/Buscar por nombre, email o DNI/).fill(inviter.email);
  const graphRow = page.getByTestId('referral-invitee').filter({ hasText: 'Abril Castro' });
  await expect(graphRow).toContainText('Pendiente');
  await expect(graphRow).toContainText(/Se acredita el \d{1,2} de [a-z]+ de \d{4}/);
  await expectAccessible(page);
  await shot(page, info, 'admin-referrals-desktop');
  await page.setViewportSize(PHONE);
  await shot(page, info, 'admin-referrals');
});
