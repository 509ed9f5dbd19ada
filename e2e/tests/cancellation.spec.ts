/**
 * 'Dar de baja' as the customer lives it, on the real API: the ways to end the insurance with their date
 * and refund shown before confirming, the refund shown landing in Mi dinero to the centavo, a baja at the
 * end of the period that keeps the cover and gives nothing back, and 'Estás cubierto' for a cover that
 * starts later (with the verification page saying from when it is in force).
 */
import { expect, type Page, type TestInfo, test } from '@playwright/test';
import {
  API,
  type Customer,
  contractBag,
  dayFromToday,
  payInSandbox,
  registerThroughApi,
} from './api-steps.ts';
import { expectAccessible, PASSWORD, shot, signIn } from './support.ts';

/** 'AAAA-MM-DD' as the web writes a day: '1 de diciembre de 2026'. */
function dayEs(iso: string): string {
  return new Intl.DateTimeFormat('es-AR', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${iso}T00:00:00Z`));
}

/** A bag insurance from `startsIn` days for 90 days, paid through the test checkout. */
async function paidBag(page: Page, customer: Customer, startsIn: number) {
  const { insurance } = await contractBag(page, customer, { confirm: true, startsIn });
  if (!insurance) throw new Error('The insurance was not issued');
  await payInSandbox(page, customer, insurance.id);
  return insurance;
}

async function openCancelDialog(page: Page, insuranceId: number) {
  await page.goto(`/customers/insurances/${insuranceId}`);
  await expect(page.getByText('Vigente', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Dar de baja' }).click();
  const dialog = page.getByRole('dialog', { name: '¿Cuándo querés dar de baja esta contratación?' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function shotBoth(page: Page, info: TestInfo, step: string) {
  await shot(page, info, step);
  const size = page.viewportSize();
  await page.setViewportSize({ width: 1280, height: 800 });
  await shot(page, info, `${step}-desktop`);
  if (size) await page.setViewportSize(size);
}

test('ending now: the refund shown before confirming is what lands in Mi dinero', async ({ page }, info) => {
  const customer = await registerThroughApi(page, 'Marina Quiroga');
  const insurance = await paidBag(page, customer, 0);
  await signIn(page, customer.email, PASSWORD);
  await expect(page.getByRole('heading', { name: /¡Hola/ })).toBeVisible();

  const dialog = await openCancelDialog(page, insurance.id);
  const today = dayEs(dayFromToday(0));
  const now = dialog.getByRole('radio', { name: /Terminar hoy/ });
  await expect(now).toContainText(`La cobertura termina hoy, ${today}. Te devolvemos `);
  await expect(dialog.getByRole('radio', { name: /Al final del período pagado/ })).toContainText(
    `La cobertura sigue hasta el ${dayEs(dayFromToday(90))} inclusive. No hay devolución.`,
  );
  // Nothing is chosen for the customer.
  await expect(dialog.getByRole('button', { name: 'Dar de baja' })).toBeDisabled();
  await expectAccessible(page);
  await shotBoth(page, info, 'cancel-choices');
  const shown = /Te devolvemos (.+) en Mi dinero\./.exec((await now.textContent()) ?? '')?.[1];
  expect(shown).toBeTruthy();

  await now.click();
  await dialog.getByRole('button', { name: 'Dar de baja' }).click();
  const done = page.getByRole('dialog', { name: 'Diste de baja la contratación' });
  await expect(done).toContainText(
    `Tu cobertura terminó hoy, ${today}. Ya te devolvimos ${shown} en Mi dinero.`,
  );
  await expectAccessible(page);
  await shot(page, info, 'cancel-done');
  await done.getByRole('button', { name: 'Ver Mi dinero' }).click();

  await expect(page).toHaveURL(/\/customers\/money-wallet$/);
  await expect(page.getByText(shown!, { exact: true }).first()).toBeVisible();
  const refund = page.getByRole('link', {
    name: new RegExp(`Devolución por la baja de la contratación ${insurance.number}`),
  });
  await expect(refund).toBeVisible();
  await expect(refund).toContainText(shown!);
  await shot(page, info, 'refund-in-money-wallet');

  await page.goto(`/customers/insurances/${insurance.id}`);
  await expect(page.getByText('Cancelado', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Dar de baja' })).toHaveCount(0);
});

test('ending with the paid period: the cover stays until its end, nothing is refunded', async ({
  page,
}, info) => {
  const customer = await registerThroughApi(page, 'Tomás Herrera');
  const insurance = await paidBag(page, customer, 0);
  await signIn(page, customer.email, PASSWORD);
  await expect(page.getByRole('heading', { name: /¡Hola/ })).toBeVisible();

  const dialog = await openCancelDialog(page, insurance.id);
  const end = dayEs(dayFromToday(90));
  await dialog.getByRole('radio', { name: /Al final del período pagado/ }).click();
  await dialog.getByRole('button', { name: 'Dar de baja' }).click();
  const done = page.getByRole('dialog', { name: 'Tu baja quedó programada' });
  await expect(done).toContainText(
    `Tu cobertura sigue hasta el ${end} inclusive y ese día termina. No hay devolución.`,
  );
  await expect(done.getByRole('button', { name: 'Ver Mi dinero' })).toHaveCount(0);
  await shot(page, info, 'scheduled-done');
  await done.getByRole('button', { name: 'Entendido' }).click();

  await expect(page.getByText('Vigente', { exact: true })).toBeVisible();
  await expect(page.getByText(`Pediste la baja: la cobertura termina el ${end}.`)).toBeVisible();
  await expectAccessible(page);
  await shotBoth(page, info, 'scheduled-insurance');

  // The API agrees: nothing came back.
  const wallet = await page.request.get(`${API}/customers/money-wallet`, { headers: customer.auth });
  expect((await wallet.json()).data.balance_cents).toBe(0);
  await page.goto('/customers/money-wallet');
  await expect(page.getByText('Todavía no hay movimientos')).toBeVisible();
});

test("'Estás cubierto' for a cover that starts later: the day it starts and its certificate is available", async ({
  page,
}, info) => {
  const customer = await registerThroughApi(page, 'Paula Giménez');
  const { insurance } = await contractBag(page, customer, { confirm: true, startsIn: 5 });
  if (!insurance) throw new Error('The insurance was not issued');
  // Enough in Mi dinero to pay it from the pay page (a wallet payment lands on 'Estás cubierto').
  const topUp = await page.request.post(`${API}/customers/money-wallet/top-ups`, {
    headers: { ...customer.auth, 'Idempotency-Key': crypto.randomUUID() },
    data: { amount_cents: insurance.total_cents + 100_000, method: 'sandbox' },
  });
  expect(topUp.status(), await topUp.text()).toBe(201);
  const checkout = new URL((await topUp.json()).data.checkout_url as string).pathname;
  expect((await page.request.post(`${checkout}/approve`, { maxRedirects: 0 })).status()).toBe(303);

  await signIn(page, customer.email, PASSWORD);
  await expect(page.getByRole('heading', { name: /¡Hola/ })).toBeVisible();
  await page.goto(`/customers/insurances/${insurance.id}/pay`);
  await page.getByRole('radio', { name: /Mi dinero/ }).click();
  await page.getByRole('button', { name: /^Pagar \$/ }).click();

  const starts = dayEs(dayFromToday(5));
  await expect(page).toHaveURL(new RegExp(`/customers/insurances/${insurance.id}/cubierto$`));
  await expect(
    page.getByRole('heading', { name: `Tu cobertura empieza el ${starts}`, level: 1 }),
  ).toBeVisible();
  await expect(
    page.getByText(
      `Tu contratación está paga. Desde el ${starts} vas a poder descargar tu constancia de cobertura.`,
    ),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Descargar constancia' })).toHaveCount(0);
  await expectAccessible(page);
  await shotBoth(page, info, 'covered-starts-later');
  await page.getByRole('button', { name: 'Saltar encuesta >' }).click();
  await page.getByRole('link', { name: 'Ver mi seguro' }).click();

  await expect(page).toHaveURL(new RegExp(`/customers/insurances/${insurance.id}$`));
  await expect(
    page.getByText(`La cobertura empieza el ${starts}: desde ese día vas a poder descargar la constancia.`),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Descargar constancia' })).toBeDisabled();

  await page.getByRole('link', { name: 'Ver la verificación' }).click();
  await expect(page.getByRole('heading', { name: `Vigente desde el ${starts}`, level: 1 })).toBeVisible();
  await expect(page.getByText('Está paga y su cobertura empieza ese día.')).toBeVisible();
  await expectAccessible(page);
  await shotBoth(page, info, 'verify-starts-later');
});
