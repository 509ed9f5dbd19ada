/**
 * Paying as a customer does it: a pending insurance through the test checkout (approved, then the poll and
 * the certificate; rejected, and the app says so), Mi dinero topped up through the checkout and used to
 * pay another insurance, and the refund of an insurance cancelled at once showing up in Mi dinero.
 */
import { expect, type Page, test } from '@playwright/test';
import { E2E_PORT } from '../playwright.config.ts';
import { API, issueBagInsurance, registerThroughApi, startSandboxPayment } from './api-steps.ts';
import { expectAccessible, menu, PASSWORD, shot, signIn } from './support.ts';

// The test checkout lives at the server's public address (localhost by default) and sends the customer
// back there; the session is kept per origin, so these tests use that same origin.
test.use({ baseURL: `http://localhost:${E2E_PORT}` });

/** From the insurance's detail to the pay page, with the given method chosen. */
async function openPayPage(page: Page, insuranceId: number, method: RegExp): Promise<void> {
  await page.goto(`/customers/insurances/${insuranceId}`);
  await expect(page.getByText('Pendiente de pago').first()).toBeVisible();
  await page.getByRole('link', { name: 'Pagar', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/customers/insurances/${insuranceId}/pay$`));
  await expect(page.getByRole('heading', { name: 'Pagar tu contratación' })).toBeVisible();
  await page.getByRole('radio', { name: method }).click();
}

async function answerPoll(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Contanos tu experiencia' })).toBeVisible();
  const send = dialog.getByRole('button', { name: 'Enviar encuesta' });
  await expect(send).toBeDisabled();
  const highest = dialog.getByRole('radio', { name: '5, Más probable' });
  for (let i = 0; i < (await highest.count()); i += 1) await highest.nth(i).check();
  await expect(send).toBeEnabled();
  await send.click();
  await expect(dialog).toHaveCount(0);
}

test('pays a pending insurance with the test checkout, answers the poll and gets the certificate', async ({
  page,
}, info) => {
  const customer = await registerThroughApi(page, 'Lucía Ferreyra');
  const insurance = await issueBagInsurance(page, customer);
  await signIn(page, customer.email, PASSWORD);

  await openPayPage(page, insurance.id, /Pago de prueba/);
  await expectAccessible(page);
  await shot(page, info, 'pay-page');
  await page.getByRole('button', { name: /^Pagar \$/ }).click();
  // A checkout leaves the app: 'Aviso de redireccionamiento' first (spec §6).
  await expect(page.getByRole('dialog', { name: 'Aviso de redireccionamiento' })).toBeVisible();
  await expectAccessible(page);
  await shot(page, info, 'redirect-notice');
  await page
    .getByRole('dialog', { name: 'Aviso de redireccionamiento' })
    .getByRole('button', { name: 'Continuar' })
    .click();

  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  await page.getByRole('button', { name: 'Aprobar el pago' }).click();

  await expect(page.getByText('El pago se realizó correctamente')).toBeVisible();
  await expect(
    page.getByRole('dialog').getByRole('heading', { name: 'Contanos tu experiencia' }),
  ).toBeVisible();
  // The return's query string is gone once read.
  await expect(page).toHaveURL(/\/tabs$/);
  await expectAccessible(page);
  await shot(page, info, 'poll');
  await answerPoll(page);

  await expect(page).toHaveURL(new RegExp(`/customers/insurances/${insurance.id}\\?check_credits=true$`));
  await expect(page.getByText('Vigente', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Descargar constancia' })).toBeEnabled();
  await shot(page, info, 'paid-insurance');
});

test('a payment return that arrives while signed out goes on after the login', async ({ page }, info) => {
  const customer = await registerThroughApi(page, 'Carla Méndez');
  const insurance = await issueBagInsurance(page, customer);
  // The customer pays in the checkout and comes back to a browser where nobody is signed in.
  const checkout = await startSandboxPayment(page, customer, insurance.id);
  await page.goto(checkout);
  await page.getByRole('button', { name: 'Aprobar el pago' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Ingresar' }).click();

  await expect(page.getByText('El pago se realizó correctamente')).toBeVisible();
  await shot(page, info, 'return-after-login');
  await answerPoll(page);
  await expect(page).toHaveURL(new RegExp(`/customers/insurances/${insurance.id}\\?check_credits=true$`));
  await expect(page.getByText('Vigente', { exact: true })).toBeVisible();
});

test('a rejected test payment says it could not be paid, one left pending says so', async ({
  page,
}, info) => {
  const customer = await registerThroughApi(page, 'Martín Quiroga');
  const insurance = await issueBagInsurance(page, customer);
  await signIn(page, customer.email, PASSWORD);

  await openPayPage(page, insurance.id, /Pago de prueba/);
  await page.getByRole('button', { name: /^Pagar \$/ }).click();
  await page
    .getByRole('dialog', { name: 'Aviso de redireccionamiento' })
    .getByRole('button', { name: 'Continuar' })
    .click();
  await page.getByRole('button', { name: 'Rechazar el pago' }).click();

  await expect(page.getByText('No se pudo realizar el pago')).toBeVisible();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Tu contratación aún no está pagada')).toBeVisible();
  await expect(
    dialog.getByText('Recordá que deberás pagar la contratación para tener cobertura.'),
  ).toBeVisible();
  await expectAccessible(page);
  await shot(page, info, 'not-paid');

  await dialog.getByRole('button', { name: 'Pagar ahora' }).click();
  await expect(page).toHaveURL(new RegExp(`/customers/insurances/${insurance.id}/pay$`));

  // Trying again and leaving it pending: a warning, and still not paid.
  await page.getByRole('radio', { name: /Pago de prueba/ }).click();
  await page.getByRole('button', { name: /^Pagar \$/ }).click();
  await page
    .getByRole('dialog', { name: 'Aviso de redireccionamiento' })
    .getByRole('button', { name: 'Continuar' })
    .click();
  await page.getByRole('button', { name: 'Dejar pendiente' }).click();
  await expect(page.getByText('El pago quedó en estado pendiente')).toBeVisible();
  await expect(page.getByRole('dialog').getByText('Tu contratación aún no está pagada')).toBeVisible();
});

test('tops up Mi dinero with the test checkout and pays another insurance from it', async ({
  page,
}, info) => {
  const customer = await registerThroughApi(page, 'Paula Benítez');
  const insurance = await issueBagInsurance(page, customer);
  await signIn(page, customer.email, PASSWORD);

  // Too little in Mi dinero: the API's message and a way to add money.
  await openPayPage(page, insurance.id, /Mi dinero/);
  await page.getByRole('button', { name: /^Pagar \$/ }).click();
  await expect(page.getByText(/Saldo insuficiente: te faltan/).first()).toBeVisible();
  await page.getByRole('link', { name: 'Ingresar dinero en Mi dinero' }).click();

  await expect(page).toHaveURL(/\/customers\/money-wallet$/);
  await expect(page.getByRole('heading', { name: 'Mi dinero', level: 1 })).toBeVisible();
  await expect(page.getByText('Todavía no hay movimientos')).toBeVisible();
  await expectAccessible(page);
  await shot(page, info, 'empty-money-wallet');

  const pesos = Math.ceil(insurance.total_cents / 100) + 1_000;
  await page.getByLabel('Importe').fill(String(pesos));
  await page.getByRole('button', { name: 'Continuar al pago' }).click();
  await page
    .getByRole('dialog', { name: 'Aviso de redireccionamiento' })
    .getByRole('button', { name: 'Continuar' })
    .click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  await page.getByRole('button', { name: 'Aprobar el pago' }).click();

  await expect(page).toHaveURL(/\/customers\/money-wallet$/);
  await expect(page.getByText('El pago se realizó correctamente')).toBeVisible();
  await expect(page.getByRole('link', { name: /Ingreso de dinero/ })).toBeVisible();
  await shot(page, info, 'money-wallet-topped-up');

  await page.getByRole('link', { name: /Ingreso de dinero/ }).click();
  await expect(page).toHaveURL(/\/customers\/money-wallet\/\d+\/wallet-movements\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Ingreso de dinero' })).toBeVisible();
  await expectAccessible(page);
  await shot(page, info, 'movement');

  await openPayPage(page, insurance.id, /Mi dinero/);
  await page.getByRole('button', { name: /^Pagar \$/ }).click();
  await expect(page.getByText('El pago se realizó correctamente')).toBeVisible();
  const excellent = page.getByRole('dialog');
  await expect(excellent.getByText('¡Excelente!')).toBeVisible();
  await expect(
    excellent.getByText(
      'Tu contratación está paga y vigente. Ya podés descargar tu constancia de cobertura.',
    ),
  ).toBeVisible();
  await shot(page, info, 'excellent');
  await excellent.getByRole('button', { name: 'Continuar' }).click();
  await page.getByRole('button', { name: 'Saltar encuesta >' }).click();

  await expect(page).toHaveURL(new RegExp(`/customers/insurances/${insurance.id}$`));
  await expect(page.getByText('Vigente', { exact: true })).toBeVisible();
  await menu(page, 'Mi dinero');
  await expect(
    page.getByRole('link', { name: new RegExp(`Pago de la contratación ${insurance.number}`) }),
  ).toBeVisible();
});

test('an insurance cancelled at once is refunded to Mi dinero', async ({ page }, info) => {
  const customer = await registerThroughApi(page, 'Diego Sosa');
  const insurance = await issueBagInsurance(page, customer);
  const started = await page.request.post(`${API}/customers/payments`, {
    headers: { ...customer.auth, 'Idempotency-Key': crypto.randomUUID() },
    data: { insurance_id: insurance.id, method: 'sandbox' },
  });
  expect(started.status(), await started.text()).toBe(201);
  const checkout = new URL((await started.json()).data.checkout_url as string).pathname;
  expect((await page.request.post(`${checkout}/approve`, { maxRedirects: 0 })).status()).toBe(303);
  const cancelled = await page.request.post(`${API}/customers/insurances/${insurance.id}/cancel`, {
    headers: customer.auth,
    data: { mode: 'now' },
  });
  expect(cancelled.status(), await cancelled.text()).toBe(200);

  await signIn(page, customer.email, PASSWORD);
  // The menu slides in only once the home has drawn.
  await expect(page.getByRole('heading', { name: /¡Hola/ })).toBeVisible();
  await menu(page, 'Mi dinero');
  await expect(page).toHaveURL(/\/customers\/money-wallet$/);
  const refund = page.getByRole('link', {
    name: new RegExp(`Devolución por la baja de la contratación ${insurance.number}`),
  });
  await expect(refund).toBeVisible();
  await expect(page.getByText('Saldo disponible')).toBeVisible();
  await expectAccessible(page);
  await shot(page, info, 'refund');

  await menu(page, 'Mi crédito');
  await expect(page.getByRole('heading', { name: 'Mi crédito', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continuar al pago' })).toBeVisible();
  await expectAccessible(page);
  await shot(page, info, 'credit-wallet');
});
