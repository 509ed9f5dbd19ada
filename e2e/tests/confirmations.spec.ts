/**
 * Spec §2 item 4's 'Volver': a destructive confirmation ('¿Dar de baja esta contratación?') leaves by
 * 'Volver', with no 'Cancelar' beside 'Dar de baja'; and spec §2's return links: a provider's code and
 * state that this browser did not ask for sign nobody in and leave the address.
 */
import { expect, test } from '@playwright/test';
import { issueBagInsurance, registerThroughApi } from './api-steps.ts';
import { closeTourWhenShown, expectAccessible, PASSWORD, shot, signIn } from './support.ts';

test("cancelling an insurance asks first, and 'Volver' leaves it as it was", async ({ page }, info) => {
  const customer = await registerThroughApi(page, 'Valeria Quiroga');
  const insurance = await issueBagInsurance(page, customer);
  await signIn(page, customer.email, PASSWORD);
  await closeTourWhenShown(page);

  await page.goto(`/customers/insurances/${insurance.id}`);
  await expect(page.getByText('Pendiente de pago').first()).toBeVisible();
  await page.getByRole('button', { name: 'Dar de baja' }).click();
  const dialog = page.getByRole('dialog', { name: '¿Dar de baja esta contratación?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancelar' })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Volver' })).toBeVisible();
  await expectAccessible(page);
  await shot(page, info, 'cancel-confirmation');

  await dialog.getByRole('button', { name: 'Volver' }).click();
  await expect(dialog).toHaveCount(0);
  await page.reload();
  await expect(page.getByText('Pendiente de pago').first()).toBeVisible();

  await page.getByRole('button', { name: 'Dar de baja' }).click();
  await page
    .getByRole('dialog', { name: '¿Dar de baja esta contratación?' })
    .getByRole('button', { name: 'Dar de baja' })
    .click();
  await expect(page.getByText('La contratación quedó cancelada.')).toBeVisible();
});

test("a return link's code and state this browser did not ask for sign nobody in and leave the address", async ({
  page,
}) => {
  await page.goto('/tabs?code=stolen-code&state=forged&access_token=someone-elses-token');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
  expect(await page.evaluate(() => window.location.search)).toBe('');
});
