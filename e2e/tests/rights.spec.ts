/**
 * The customer's rights, on the real API: the botón de arrepentimiento signed out (contract number, DNI
 * and e-mail, the request number at once, the e-mailed link that applies it: the contract ends and what
 * was paid from Mi dinero comes back there), the botón de baja signed in from the app's menu, and the
 * Servicio de Atención al Asegurado an operator edits, shown at the foot of the public pages.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, type TestInfo, test } from '@playwright/test';
import { totpCode } from '../../apps/api/src/modules/operators/totp.ts';
import { E2E_DATA_DIR, E2E_PORT } from '../playwright.config.ts';
import { API, type Customer, issueBagInsurance, payInSandbox, registerThroughApi } from './api-steps.ts';
import { expectAccessible, mailsTo, newEmail, PASSWORD, shot, signIn } from './support.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** Checks the page with axe and saves it at the phone's and the desktop's size. */
async function lookAt(page: Page, info: TestInfo, step: string): Promise<void> {
  const start = page.viewportSize() ?? PHONE;
  for (const [name, size] of [
    ['390', PHONE],
    ['1280', DESKTOP],
  ] as const) {
    await page.setViewportSize(size);
    await expectAccessible(page);
    await shot(page, info, `${step}-${name}`);
  }
  await page.setViewportSize(start);
}

/** The text of a mail as a person reads it: quoted-printable and base64 parts decoded. */
function readable(mail: string): string {
  const qp = mail.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => `%${hex}`);
  let decoded = qp;
  try {
    decoded = decodeURIComponent(qp.replace(/%(?![0-9A-F]{2})/g, '%25'));
  } catch {
    // Not quoted-printable after all: keep it as it came.
  }
  const base64 = [...mail.matchAll(/\r?\n\r?\n([A-Za-z0-9+/=\r\n]{40,})/g)].map((m) =>
    Buffer.from(m[1]!.replace(/\s/g, ''), 'base64').toString('utf8'),
  );
  return [decoded, ...base64].join('\n');
}

/** The path of the confirmation link mailed to `email` for `page` ('arrepentimiento' or 'baja'). */
async function mailedConfirmation(email: string, page: string): Promise<string> {
  const pattern = new RegExp(`/${page}/confirmar\\?token=[A-Za-z0-9_%.-]+`);
  let found: string | undefined;
  await expect
    .poll(() => {
      found = mailsTo(email)
        .map((mail) => pattern.exec(readable(mail))?.[0])
        .findLast(Boolean);
      return found;
    })
    .toBeDefined();
  return found!;
}

/** Mi dinero topped up through the test checkout, then the insurance paid from it. */
async function payFromMoneyWallet(
  page: Page,
  customer: Customer,
  insurance: { id: number; total_cents: number },
) {
  const started = await page.request.post(`${API}/customers/money-wallet/top-ups`, {
    headers: { ...customer.auth, 'Idempotency-Key': `e2e-rights-top-up-${Date.now()}` },
    data: { amount_cents: Math.max(insurance.total_cents, 100_00), method: 'sandbox' },
  });
  expect(started.status(), await started.text()).toBe(201);
  const checkout = new URL((await started.json()).data.checkout_url as string).pathname;
  expect((await page.request.post(`${checkout}/approve`, { maxRedirects: 0 })).status()).toBe(303);
  const paid = await page.request.post(`${API}/customers/payments`, {
    headers: { ...customer.auth, 'Idempotency-Key': `e2e-rights-pay-${insurance.id}-${Date.now()}` },
    data: { insurance_id: insurance.id, method: 'money_wallet' },
  });
  expect(paid.status(), await paid.text()).toBe(201);
}

async function documentOf(page: Page, customer: Customer): Promise<string> {
  const answer = await page.request.get(`${API}/customers/entities`, { headers: customer.auth });
  return (await answer.json()).data[0].document_number as string;
}

/**
 * Opens the side menu and follows an item. The home tour may open by itself and close the menu under
 * the click (support.ts closes the tour): then the menu is opened again.
 */
async function fromMenu(page: Page, item: string): Promise<void> {
  await expect(async () => {
    const burger = page.getByRole('button', { name: 'Abrir el menú' });
    if (await burger.isVisible()) await burger.click();
    await page
      .getByRole('navigation', { name: 'Menú principal' })
      .getByText(item, { exact: true })
      .click({ timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
}

const pesos = (cents: number) =>
  new Intl.NumberFormat('es-AR', { style: 'currency', currency: 'ARS' }).format(cents / 100);

test('arrepentimiento signed out: the request number at once, the e-mailed link ends the contract and Mi dinero gets it all back', async ({
  page,
}, info) => {
  const customer = await registerThroughApi(page, 'Lucía Paredes', 'rights');
  const insurance = await issueBagInsurance(page, customer);
  await payFromMoneyWallet(page, customer, insurance);
  const document = await documentOf(page, customer);

  // The button is on the public pages: the catalogue's foot leads to it.
  await page.goto('/productos');
  const foot = page.getByRole('contentinfo');
  await expect(foot.getByRole('heading', { name: 'Servicio de Atención al Asegurado' })).toBeVisible();
  await foot.getByRole('link', { name: 'Botón de arrepentimiento' }).click();
  await expect(page).toHaveURL(/\/arrepentimiento$/);
  await expect(page.getByRole('heading', { name: 'Botón de arrepentimiento', level: 1 })).toBeVisible();
  await lookAt(page, info, 'withdrawal-form');

  // What the form asks is what identifies the contract, and nothing more; the API's messages first.
  await page.getByRole('button', { name: 'Pedir el arrepentimiento' }).click();
  await expect(page.getByText('Ingresá el número de contratación.')).toBeVisible();
  await page.getByLabel('Número de contratación').fill(insurance.number);
  await page.getByLabel('DNI o CUIT').fill(document);
  await page.getByLabel('E-mail').fill(customer.email);
  await page.getByRole('button', { name: 'Pedir el arrepentimiento' }).click();

  const received = page.getByTestId('rights-received');
  await expect(received.getByText(/^Tu solicitud N° \S+ fue registrada$/)).toBeVisible();
  await expect(received.getByText(/Te enviamos un e-mail para confirmarla/)).toBeVisible();
  const number = /N° (\S+)/.exec((await received.getByText(/^Tu solicitud N°/).textContent()) ?? '')?.[1];
  expect(number).toMatch(/^ARR-/);
  await lookAt(page, info, 'withdrawal-received');

  // The e-mailed link confirms it and shows what was done: ended today, 100 % back to Mi dinero.
  await page.goto(await mailedConfirmation(customer.email, 'arrepentimiento'));
  const result = page.getByTestId('rights-result');
  await expect(result.getByText(`Tu solicitud N° ${number} fue registrada`)).toBeVisible();
  await expect(result.getByText('Ya está acreditada en Mi dinero.')).toBeVisible();
  await expect(result.getByText(pesos(insurance.total_cents))).toBeVisible();
  await expect(result.getByText(insurance.number)).toBeVisible();
  await lookAt(page, info, 'withdrawal-confirmed');

  // The link works once.
  await page.reload();
  await expect(page.getByText('Este enlace ya no sirve')).toBeVisible();

  // Signed in: the contract is shown as ended, and the refund sits in Mi dinero.
  await signIn(page, customer.email, PASSWORD);
  await page.goto(`/customers/insurances/${insurance.id}`);
  await expect(page.getByText(/Cancelad[oa]|Dad[oa] de baja|Arrepentid[oa]/).first()).toBeVisible();
  await shot(page, info, 'withdrawal-insurance-ended');
  await fromMenu(page, 'Mi dinero');
  await expect(page).toHaveURL(/\/customers\/money-wallet$/);
  await expect(page.getByRole('main').getByText(/arrepentimiento/i)).toBeVisible();
  await expect(page.getByRole('main').getByText(pesos(insurance.total_cents)).first()).toBeVisible();
  await shot(page, info, 'withdrawal-money-wallet');
});

test('botón de baja signed in: from the menu, pick the contract, see the refund, and get the request number at once', async ({
  page,
}, info) => {
  const customer = await registerThroughApi(page, 'Martín Quiroga', 'rights');
  const insurance = await issueBagInsurance(page, customer);
  await payInSandbox(page, customer, insurance.id);

  await signIn(page, customer.email, PASSWORD);
  await fromMenu(page, 'Botón de baja');
  await expect(page).toHaveURL(/\/baja$/);
  await expect(page.getByRole('heading', { name: 'Botón de baja', level: 1 })).toBeVisible();
  const choice = page.getByRole('radio', { name: new RegExp(insurance.number) });
  await expect(choice).toBeChecked();
  await expect(page.getByText(/Te devolvemos \$\s?[\d.,]+ a Mi dinero\./)).toBeVisible();
  await lookAt(page, info, 'baja-pick');

  await page.getByRole('button', { name: 'Dar de baja este seguro' }).click();
  const result = page.getByTestId('rights-result');
  await expect(result.getByText(/^Tu solicitud N° BAJ-\S+ fue registrada$/)).toBeVisible();
  await expect(result.getByText('También te la enviamos por e-mail.')).toBeVisible();
  await lookAt(page, info, 'baja-done');

  // The request number also arrives by e-mail.
  const number = /N° (\S+)/.exec((await result.getByText(/^Tu solicitud N°/).textContent()) ?? '')?.[1];
  await expect
    .poll(() => mailsTo(customer.email).some((mail) => readable(mail).includes(number!)))
    .toBe(true);

  // Nothing left to end: the list is empty now.
  await page.reload();
  await expect(page.getByText(/No tenés seguros vigentes que se puedan dar de baja/)).toBeVisible();
});

const OPERATOR_PASSWORD = 'Back-Office-Clave-2025';

function createOperator(email: string): void {
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
}

async function operatorSignIn(page: Page, email: string): Promise<void> {
  await page.goto('/admin-login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Contraseña').fill(OPERATOR_PASSWORD);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: 'Configurá tu segundo factor' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
  await page.getByLabel('Código de 6 números').fill(totpCode(secret));
  await page.getByRole('button', { name: 'Verificar' }).click();
  await page.getByRole('button', { name: 'Ya los guardé, continuar' }).click();
  await expect(page.getByRole('heading', { name: 'Panel', level: 1 })).toBeVisible();
}

test('the Servicio de Atención al Asegurado an operator edits is what the public pages show', async ({
  page,
}, info) => {
  await page.setViewportSize(DESKTOP);
  const email = newEmail('saa-operator');
  createOperator(email);
  await operatorSignIn(page, email);
  await page
    .getByRole('navigation', { name: 'Menú del back office' })
    .getByRole('link', { name: 'Atención al asegurado' })
    .click();
  await expect(
    page.getByRole('heading', { name: 'Servicio de Atención al Asegurado', level: 1 }),
  ).toBeVisible();

  const responsible = `Carla Benítez ${Date.now() % 10_000}`;
  await page.getByLabel('Responsable').fill(responsible);
  await page.getByLabel('Teléfono').fill('llamanos');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText(/Ingresá un teléfono válido/)).toBeVisible();
  await page.getByLabel('Teléfono').fill('0800-222-7283');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Guardamos el Servicio de Atención al Asegurado.')).toBeVisible();
  await expect(page.getByTestId('insured-service-updated')).toHaveText(/Última modificación/);
  await expectAccessible(page);
  await shot(page, info, 'saa-admin-1280');

  // A visitor (no session) sees it at the foot of the catalogue and whole on its own page.
  const visitor = await page.context().browser()!.newPage({ viewport: PHONE, locale: 'es-AR' });
  await visitor.goto(new URL('/productos', page.url()).toString());
  const foot = visitor.getByRole('contentinfo');
  await expect(foot.getByText(responsible)).toBeVisible();
  await expect(foot.getByRole('link', { name: '0800-222-7283' })).toBeVisible();
  await foot.getByRole('link', { name: 'Ver el Servicio de Atención al Asegurado' }).click();
  await expect(visitor).toHaveURL(/\/atencion-al-asegurado$/);
  await expect(visitor.getByText(responsible)).toBeVisible();
  await expect(visitor.getByRole('heading', { name: 'Denunciar un siniestro' })).toBeVisible();
  await lookAt(visitor, info, 'saa-public');
  await visitor.close();
});
