/**
 * The home tour (spec §2 "Home tour"), at phone and desktop size. It is offered, not forced (issue 19):
 * after a customer's first sign-in the home offers it in a card ('¿Querés un recorrido?') and it does not
 * open by itself; taken from the card, it walks its eleven steps in order (the tools, the main navigation
 * and help point at what each size shows), takes the customer to 'Facturación' for the invoice profile
 * and back with 'Previo', ends with 'Finalizar' on the home screen; the offer does not come back, and
 * 'Realizar tour' (home only) opens it again. 'Ahora no' puts the offer away for good on this device.
 */
import { expect, type Page, test } from '@playwright/test';
import { registerThroughApi } from './api-steps.ts';
import { expectAccessible, PASSWORD, shot, tourPopover } from './support.ts';

/** What each step is called and what it points at (`data-tour`; none: a centred window). */
function expectedSteps(desktop: boolean): Array<[title: string, target: string | null]> {
  return [
    ['¡Te damos la bienvenida a Cubierto!', null],
    ['Tus billeteras', 'wallets'],
    ['Mi dinero', 'money-wallet'],
    ['Mi crédito', 'credit-wallet'],
    ['Productos', 'products'],
    ['Últimas contrataciones', 'latest-contracts'],
    ['Herramientas', desktop ? 'tools' : 'top-bar'],
    ['Menú principal', desktop ? 'main-navigation' : 'menu-button'],
    ['Contratante designado', 'invoice-profile'],
    ['Ayuda', desktop ? 'help' : 'menu-button'],
    ['¡Listo!', null],
  ];
}

async function expectStep(page: Page, index: number, [title, target]: [string, string | null]) {
  const popover = tourPopover(page);
  await expect(popover.locator('.driver-popover-title')).toHaveText(title);
  await expect(popover.locator('.driver-popover-progress-text')).toHaveText(`${index + 1} de 11`);
  const highlighted = page.locator('.driver-active-element');
  if (target) await expect(highlighted).toHaveAttribute('data-tour', target);
  else await expect(highlighted).toHaveAttribute('id', 'driver-dummy-element');
}

async function signInFirstTime(page: Page, name: string): Promise<void> {
  const customer = await registerThroughApi(page, name);
  await page.goto('/login');
  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL(/\/tabs$/);
  await expect(page.getByText(`¡Hola, ${name}!`)).toBeVisible();
}

test('the home offers the tour after the first sign-in; taken, it walks every step and opens again from its menu item', async ({
  page,
}, info) => {
  const desktop = info.project.name.startsWith('desktop');
  const steps = expectedSteps(desktop);
  await signInFirstTime(page, 'Lucía Ferreyra');

  // Offered, not opened.
  const popover = tourPopover(page);
  const offer = page.getByRole('region', { name: '¿Querés un recorrido?' });
  await expect(offer).toBeVisible();
  await page.waitForTimeout(1_500);
  await expect(popover).toHaveCount(0);
  await expectAccessible(page);
  await shot(page, info, 'offer');
  await offer.getByRole('button', { name: 'Hacer el recorrido' }).click();
  await expect(offer).toHaveCount(0);

  await expectStep(page, 0, steps[0]!);
  await expect(popover.getByRole('button', { name: 'Previo' })).toBeDisabled();
  await expectAccessible(page);
  await shot(page, info, 'welcome');

  for (let index = 1; index < steps.length; index += 1) {
    await popover.getByRole('button', { name: 'Siguiente' }).click();
    await expectStep(page, index, steps[index]!);
    if (index === 1 || index === 6 || index === 7) await shot(page, info, `step-${index + 1}`);
    if (index === 8) {
      // The invoice profile lives in 'Facturación': the tour went there, and 'Previo' comes back home.
      await expect(page).toHaveURL(/\/invoice\/invoices$/);
      await shot(page, info, 'invoice-profile');
      await popover.getByRole('button', { name: 'Previo' }).click();
      await expect(page).toHaveURL(/\/tabs$/);
      await expectStep(page, 7, steps[7]!);
      await popover.getByRole('button', { name: 'Siguiente' }).click();
      await expect(page).toHaveURL(/\/invoice\/invoices$/);
      await expectStep(page, 8, steps[8]!);
    }
  }
  await popover.getByRole('button', { name: 'Finalizar' }).click();
  await expect(popover).toHaveCount(0);
  await expect(page).toHaveURL(/\/tabs$/);

  // Taken once: a new visit to home neither offers it again nor opens it.
  await page.reload();
  await expect(page.getByText('¡Hola, Lucía Ferreyra!')).toBeVisible();
  await page.waitForTimeout(1_500);
  await expect(popover).toHaveCount(0);
  await expect(offer).toHaveCount(0);

  // 'Realizar tour' is on the home screen's menu only, and opens the tour again.
  const burger = page.getByRole('button', { name: 'Abrir el menú' });
  const menu = page.getByRole('navigation', { name: 'Menú principal' });
  if (!desktop) await burger.click();
  await menu.getByRole('button', { name: 'Realizar tour' }).click();
  await expectStep(page, 0, steps[0]!);
  await popover.getByRole('button', { name: 'Cerrar el recorrido' }).click();
  await expect(popover).toHaveCount(0);
  if (!desktop) await burger.click();
  await menu.getByText('Mi cuenta', { exact: true }).click();
  await expect(page).toHaveURL(/\/profile$/);
  if (!desktop) await burger.click();
  await expect(menu.getByText('Salir', { exact: true })).toBeVisible();
  await expect(menu.getByRole('button', { name: 'Realizar tour' })).toHaveCount(0);
});

test("'Ahora no' puts the tour's offer away on this device, and the menu still opens the tour", async ({
  page,
}, info) => {
  const desktop = info.project.name.startsWith('desktop');
  await signInFirstTime(page, 'Tomás Ibarra');
  const offer = page.getByRole('region', { name: '¿Querés un recorrido?' });
  await offer.getByRole('button', { name: 'Ahora no' }).click();
  await expect(offer).toHaveCount(0);
  await page.reload();
  await expect(page.getByText('¡Hola, Tomás Ibarra!')).toBeVisible();
  await page.waitForTimeout(1_500);
  await expect(offer).toHaveCount(0);
  await expect(tourPopover(page)).toHaveCount(0);
  await shot(page, info, 'offer-dismissed');

  if (!desktop) await page.getByRole('button', { name: 'Abrir el menú' }).click();
  await page
    .getByRole('navigation', { name: 'Menú principal' })
    .getByRole('button', { name: 'Realizar tour' })
    .click();
  await expectStep(page, 0, expectedSteps(desktop)[0]!);
});
