/**
 * Paying later, from the insurance's pay page, as a customer does it: a pending insurance through the test
 * checkout (approved: 'Estás cubierto' with the poll below it and the certificate; rejected or left
 * pending: back on the contract's summary under 'Tu contratación aún no está paga'), Mi dinero topped up
 * through the checkout and used to pay another insurance, and the refund of an insurance cancelled at once
 * showing up in Mi dinero. Paying from the summary itself: pay-at-summary.spec.ts.
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

/** The poll below 'Estás cubierto' (never a dialog in front of it). */
async function answerPoll(page: Page): Promise<void> {
  const poll = page.getByRole('region', { name: 'Contanos tu experiencia' });
  await expect(poll).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const send = poll.getByRole('button', { name: 'Enviar encuesta' });
  await expect(send).toBeDisabled();
  const highest = poll.getByRole('radio', { name: '5, Más probable' });
  for (let i = 0; i < (await highest.count()); i += 1) await highest.nth(i).check();
  await expect(send).toBeEnabled();
  await send.click();
  await expect(page.getByText('¡Gracias por contarnos!')).toBeVisible();
}

/** Where an approved payment lands. */
async function expectCovered(page: Page, insuranceId: number): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`/customers/insurances/${insuranceId}/cubierto$`));
  await expect(page.getByRole('heading', { name: 'Estás cubierto', level: 1 })).toBeVisible();
  await expect(page.locator('[data-toast-type]')).toHaveCount(0);
}

test('pays a pending insurance with the test checkout, answers the poll and gets the certificate', async ({
  page,
}, info) => {
  const customer = await registerThroughApi(page, 'Lucía Ferreyra');
  const insurance = await issueBagInsurance(page, customer);
  await signIn(page, customer.email, PASSWORD);

  await openPayPage(page, insurance.id, /Pago de prueba/);
  // A checkout leaves the app: on the web 'Aviso de redireccionamiento' is said under the button before it
  // is pressed (spec §6, decision 026), and read with it; pressing it goes straight to the checkout.
  const pay = page.getByRole('button', { name: /^Pagar \$/ });
  const notice = 'Estás por salir de la app: vas a pagar en la página de Pago de prueba.';
  await expect(page.getByText(notice)).toBeVisible();
  await expect(pay).toHaveAccessibleDescription(notice);
  await expectAccessible(page);
  await shot(page, info, 'pay-page');
  await pay.click();
  await expect(page.getByRole('dialog', { name: 'Aviso de redireccionamiento' })).toHaveCount(0);

  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  await page.getByRole('button', { name: 'Aprobar el pago' }).click();

  // The return's query string is gone once read, and the customer is covered.
  await expectCovered(page, insurance.id);
  await expect(page.getByRole('button', { name: 'Descargar constancia' })).toBeEnabled();
  await expectAccessible(page);
  await shot(page, info, 'covered');
  await answerPoll(page);
  await page.getByRole('link', { name: 'Ver mi seguro' }).click();
  await expect(page.getByText('Vigente', { exact: true })).toBeVisible();
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

  await expectCovered(page, insurance.id);
  await shot(page, info, 'return-after-login');
  await page.getByRole('button', { name: 'Saltar encuesta >' }).click();
  await expect(page.getByRole('region', { name: 'Contanos tu experiencia' })).toHaveCount(0);
});

test('a rejected test payment says it could not be paid, one left pending says so', async ({
  page,
}, info) => {
  const customer = await registerThroughApi(page, 'Martín Quiroga');
  const insurance = await issueBagInsurance(page, customer);
  await signIn(page, customer.email, PASSWORD);

  await openPayPage(page, insurance.id, /Pago de prueba/);
  await page.getByRole('button', { name: /^Pagar \$/ }).click();
  await page.getByRole('button', { name: 'Rechazar el pago' }).click();

  // Back on the contract's summary, where it is paid, under the 'not paid yet' modal; no toast.
  await expect(page).toHaveURL(/\/contract-insurance\/\d+$/);
  const dialog = page.getByRole('dialog', { name: 'Tu contratación aún no está paga' });
  await expect(
    dialog.getByText('Recordá que deberás pagar la contratación para tener cobertura.'),
  ).toBeVisible();
  await expect(page.locator('[data-toast-type]')).toHaveCount(0);
  await expectAccessible(page);
  await shot(page, info, 'not-paid');
  await dialog.getByRole('button', { name: 'Pagar ahora' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('alert').filter({ hasText: 'No se pudo realizar el pago' })).toContainText(
    'El pago con Pago de prueba no se realizó',
  );

  // Trying again and leaving it pending: the same modal, and the summary says it is pending.
  await page.getByRole('radio', { name: /Pago de prueba/ }).click();
  await page.getByRole('button', { name: /^Pagar \$/ }).click();
  await page.getByRole('button', { name: 'Dejar pendiente' }).click();
  await expect(page.getByRole('dialog', { name: 'Tu contratación aún no está paga' })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Más tarde' }).click();
  await expect(page).toHaveURL(new RegExp(`/customers/insurances/${insurance.id}$`));
  await expect(page.getByText('Pendiente de pago').first()).toBeVisible();
});

test('tops up Mi dinero with the test checkout and pays another insurance from it', async ({
  page,
}, info) => {
  const customer = await registerThroughApi(page, 'Paula Benítez');
  const insurance = await issueBagInsurance(page, customer);
  await signIn(page, customer.email, PASSWORD);

  // Too little in Mi dinero: said beside the button, without a code, with a way to add money.
  await openPayPage(page, insurance.id, /Mi dinero/);
  await page.getByRole('button', { name: /^Pagar \$/ }).click();
  const short = page.getByRole('alert').filter({ hasText: 'No te alcanza el saldo' });
  await expect(short.getByText(/^Saldo insuficiente: te faltan/)).toBeVisible();
  await expect(page.getByText(/Código/)).toHaveCount(0);
  await expect(page.locator('[data-toast-type]')).toHaveCount(0);
  await shot(page, info, 'short-balance');
  await short.getByRole('link', { name: 'Ingresar dinero en Mi dinero' }).click();

  await expect(page).toHaveURL(/\/customers\/money-wallet$/);
  await expect(page.getByRole('heading', { name: 'Mi dinero', level: 1 })).toBeVisible();
  await expect(page.getByText('Todavía no hay movimientos')).toBeVisible();
  await expectAccessible(page);
  await shot(page, info, 'empty-money-wallet');

  const pesos = Math.ceil(insurance.total_cents / 100) + 1_000;
  await page.getByLabel('Importe').fill(String(pesos));
  // The top-up's checkout too: said under its button, which goes straight to it.
  await expect(
    page.getByText('Estás por salir de la app: vas a pagar en la página de Pago de prueba.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Continuar al pago' }).click();
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

  // Now Mi dinero covers it: chosen beforehand, it pays at once.
  await page.goto(`/customers/insurances/${insurance.id}/pay`);
  await expect(page.getByRole('radio', { name: /Mi dinero/ })).toBeChecked();
  await page.getByRole('button', { name: /^Pagar \$/ }).click();
  await expectCovered(page, insurance.id);
  await expect(
    page.getByText(
      'Finalizaste tu contratación: tu seguro está pago y vigente. Descargá tu constancia de cobertura.',
    ),
  ).toBeVisible();
  await shot(page, info, 'covered');
  await page.getByRole('button', { name: 'Saltar encuesta >' }).click();
  await page.getByRole('link', { name: 'Ver mi seguro' }).click();

  await expect(page).toHaveURL(new RegExp(`/customers/insurances/${insurance.id}$`));
  await expect(page.getByText('Vigente', { exact: true })).toBeVisible();
  await menu(page, 'Mi dinero');
  await expect(
    page.getByRole('link', { name: new RegExp(`Pago de la contratación ${insurance.number}`) }),
  ).toBeVisible();

  // Both things the payment tells were stored with it: the money out and the insurance in force, unread.
  await page
    .getByRole('banner')
    .getByRole('link', { name: /^Notificaciones, \d+ sin leer$/ })
    .click();
  await expect(page).toHaveURL(/\/notifications$/);
  const out = page.getByRole('link', { name: /Salió dinero de Mi dinero/ });
  await expect(out).toContainText(`Pago de la contratación ${insurance.number}`);
  await expect(out).toContainText('Nueva');
  const inForce = page.getByRole('link', { name: /Tu seguro está vigente/ });
  await expect(inForce).toContainText(insurance.number);
  await expect(inForce).toContainText('Nueva');
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
