/**
 * Confirm is pay (issue 19 items 2, 3 and 7): the contract's summary offers the payment methods with the
 * one that can pay chosen beforehand, and 'Confirmar y pagar $ X' issues and pays in one tap. With enough
 * in Mi dinero the customer lands on 'Estás cubierto', downloads the certificate and finds the poll below,
 * skippable; with $ 0 a checkout is chosen instead, 'Aviso de redireccionamiento' said under the button
 * (the web, decision 026), which goes straight to the checkout; a checkout rejected or left pending comes
 * back to the same summary with the reason beside the button, under 'Tu contratación aún no está paga'.
 */
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { E2E_PORT } from '../playwright.config.ts';
import { API, type Customer, contractBag, registerThroughApi } from './api-steps.ts';
import { expectAccessible, PASSWORD, shot, signIn } from './support.ts';

// The test checkout sends the customer back to the server's public address (localhost by default), and
// the session is kept per origin: these tests use that origin.
test.use({ baseURL: `http://localhost:${E2E_PORT}` });

/** Puts money into Mi dinero through the test checkout, as the top-up form does. */
async function topUp(page: Page, customer: Customer, amountCents: number): Promise<void> {
  const started = await page.request.post(`${API}/customers/money-wallet/top-ups`, {
    headers: { ...customer.auth, 'Idempotency-Key': crypto.randomUUID() },
    data: { amount_cents: amountCents, method: 'sandbox' },
  });
  expect(started.status(), await started.text()).toBe(201);
  const checkout = new URL((await started.json()).data.checkout_url as string).pathname;
  expect((await page.request.post(`${checkout}/approve`, { maxRedirects: 0 })).status()).toBe(303);
}

/** A customer signed in on the summary of a 'bag' contract whose steps are all answered. */
async function onSummary(page: Page, name: string, moneyCents = 0) {
  const customer = await registerThroughApi(page, name);
  if (moneyCents > 0) await topUp(page, customer, moneyCents);
  const { processId } = await contractBag(page, customer, { confirm: false, startsIn: 0 });
  await signIn(page, customer.email, PASSWORD);
  await page.goto(`/contract-insurance/${processId}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Resumen', exact: true })).toBeVisible();
  const pay = page.getByRole('button', { name: /^Confirmar y pagar \$/ });
  await expect(pay).toBeEnabled();
  return { customer, processId, pay };
}

async function insuranceOfProcess(page: Page, customer: Customer, processId: number) {
  const process = await page.request.get(`${API}/customers/insurance-processes/${processId}`, {
    headers: customer.auth,
  });
  const insuranceId = (await process.json()).data.insurance_id as number;
  const answer = await page.request.get(`${API}/customers/insurances/${insuranceId}`, {
    headers: customer.auth,
  });
  return (await answer.json()).data as { id: number; status: string; paid_at: string | null };
}

test('with enough in Mi dinero: one tap, "Estás cubierto", the certificate, the poll below and skippable', async ({
  page,
}, info) => {
  const { customer, processId, pay } = await onSummary(page, 'Rocío Ledesma', 10_000_000);
  await expect(page.getByRole('radio', { name: /Mi dinero/ })).toBeChecked();
  // Mi dinero pays inside the app: nothing about leaving it.
  await expect(page.getByText(/Estás por salir de la app/)).toHaveCount(0);
  await expectAccessible(page);
  await shot(page, info, 'summary-phone');
  await page.setViewportSize({ width: 1280, height: 800 });
  await shot(page, info, 'summary-desktop');
  await page.setViewportSize({ width: 390, height: 844 });

  await pay.click();
  await expect(page).toHaveURL(/\/customers\/insurances\/\d+\/cubierto$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Estás cubierto' })).toBeVisible();
  await expect(page.getByText(/^Bolso protegido · /)).toBeVisible();
  await expect(page.getByText(/^Del \d/)).toBeVisible();
  // The poll is offered below, never in front.
  await expect(page.getByRole('heading', { name: 'Contanos tu experiencia' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.locator('[data-toast-type]')).toHaveCount(0);
  await expectAccessible(page);
  await shot(page, info, 'covered-phone');
  await page.setViewportSize({ width: 1280, height: 800 });
  await shot(page, info, 'covered-desktop');
  await page.setViewportSize({ width: 390, height: 844 });

  // The certificate is the first button, and it is a PDF.
  const covered = page.getByRole('region', { name: 'Estás cubierto' });
  const download = covered.getByRole('button').first();
  await expect(download).toHaveAccessibleName('Descargar constancia');
  const saved = page.waitForEvent('download');
  await download.click();
  const file = await (await saved).path();
  expect(readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  const insurance = await insuranceOfProcess(page, customer, processId);
  expect(insurance.status).toBe('vigente');
  expect(insurance.paid_at).not.toBeNull();

  await page.getByRole('button', { name: 'Saltar encuesta >' }).click();
  await expect(page.getByRole('heading', { name: 'Contanos tu experiencia' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Estás cubierto' })).toBeVisible();
  await page.getByRole('link', { name: 'Ver mi seguro' }).click();
  await expect(page).toHaveURL(new RegExp(`/customers/insurances/${insurance.id}$`));
  await expect(page.getByText('Vigente', { exact: true })).toBeVisible();
});

test('with $ 0 in Mi dinero, the test checkout is chosen instead of Mi dinero, and said under the button', async ({
  page,
}, info) => {
  const { pay } = await onSummary(page, 'Ezequiel Paz');
  await expect(page.getByRole('radio', { name: /Pago de prueba/ })).toBeChecked();
  await expect(page.getByRole('radio', { name: /Mi dinero/ })).not.toBeChecked();
  await expect(page.getByText('Saldo disponible: $ 0,00').first()).toBeVisible();
  // Leaving the app is said under the button before it is pressed, and read with it.
  const notice = 'Estás por salir de la app: vas a pagar en la página de Pago de prueba.';
  await expect(page.getByText(notice)).toBeVisible();
  await expect(pay).toHaveAccessibleDescription(notice);
  await expectAccessible(page);
  await shot(page, info, 'summary-no-money');
  await page.setViewportSize({ width: 1280, height: 800 });
  await shot(page, info, 'summary-no-money-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  // Another method: the notice goes with the checkout.
  await page.getByRole('radio', { name: /Mi crédito/ }).check();
  await expect(page.getByText(/Estás por salir de la app/)).toHaveCount(0);
  await page.getByRole('radio', { name: /Pago de prueba/ }).check();
  await expect(page.getByText(notice)).toBeVisible();
  // Pressed: no modal, straight to the checkout.
  await pay.click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  await expect(page.getByRole('dialog', { name: 'Aviso de redireccionamiento' })).toHaveCount(0);
});

test('a rejected checkout comes back to the same summary with the reason and the other methods', async ({
  page,
}, info) => {
  const { customer, processId, pay } = await onSummary(page, 'Julieta Ríos');
  await pay.click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  await page.getByRole('button', { name: 'Rechazar el pago' }).click();

  await expect(page).toHaveURL(new RegExp(`/contract-insurance/${processId}$`));
  const modal = page.getByRole('dialog', { name: 'Tu contratación aún no está paga' });
  await expect(
    modal.getByText('Recordá que deberás pagar la contratación para tener cobertura.'),
  ).toBeVisible();
  await expectAccessible(page);
  await shot(page, info, 'rejected-modal');
  await modal.getByRole('button', { name: 'Pagar ahora' }).click();
  await expect(modal).toBeHidden();

  const reason = page.getByRole('alert').filter({ hasText: 'No se pudo realizar el pago' });
  await expect(
    reason.getByText(/El pago con Pago de prueba no se realizó y no se te cobró nada/),
  ).toBeVisible();
  await expect(page.locator('[data-toast-type]')).toHaveCount(0);
  await expect(page.getByRole('radio', { name: /Mi dinero/ })).toBeVisible();
  await expect(page.getByRole('radio', { name: /Mi crédito/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Pagar \$/ })).toBeEnabled();
  await expectAccessible(page);
  await shot(page, info, 'rejected-summary');

  // Trying Mi dinero with $ 0: said beside the button, with the way to add money, no code.
  await page.getByRole('radio', { name: /Mi dinero/ }).check();
  await page.getByRole('button', { name: /^Pagar \$/ }).click();
  const short = page.getByRole('alert').filter({ hasText: 'No te alcanza el saldo' });
  await expect(short.getByText(/^Saldo insuficiente: te faltan/)).toBeVisible();
  await expect(short.getByRole('link', { name: 'Ingresar dinero en Mi dinero' })).toBeVisible();
  await expect(page.getByText(/Código/)).toHaveCount(0);
  await expect(page.locator('[data-toast-type]')).toHaveCount(0);
  await expectAccessible(page);
  await shot(page, info, 'short-balance');

  const insurance = await insuranceOfProcess(page, customer, processId);
  expect(insurance).toMatchObject({ status: 'pendiente', paid_at: null });
});

test('a checkout left pending shows "Tu contratación aún no está paga" over the summary', async ({
  page,
}, info) => {
  const { processId, pay } = await onSummary(page, 'Nicolás Vera');
  await pay.click();
  await page.getByRole('button', { name: 'Dejar pendiente' }).click();

  await expect(page).toHaveURL(new RegExp(`/contract-insurance/${processId}$`));
  const modal = page.getByRole('dialog', { name: 'Tu contratación aún no está paga' });
  await expect(modal).toBeVisible();
  await shot(page, info, 'pending-modal');
  await modal.getByRole('button', { name: 'Pagar ahora' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'El pago quedó en estado pendiente' }),
  ).toBeVisible();
  await expect(page.locator('[data-toast-type]')).toHaveCount(0);
  await shot(page, info, 'pending-summary');
});
