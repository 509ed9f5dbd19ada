/**
 * Keyboard alone: a person who cannot use a pointer signs up, fills the profile, the billing party and a
 * claim, choosing from the lists and attaching a document, with Tab, typing, the arrow keys and Enter.
 * Every field is reached by Tab from the one before it (never clicked), so a field or button left out of
 * the tab order, a list that does not open from the keyboard or a form that Enter does not send fails.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { API, dayFromToday, issueBagInsurance, payInSandbox } from './api-steps.ts';
import { mailedCode, newDni, newEmail, PASSWORD, shot } from './support.ts';

/** Presses Tab (at most `max` times) until `target` has the focus; fails when Tab never gets there. */
async function tabTo(page: Page, target: Locator, max = 60): Promise<void> {
  await expect(target).toBeVisible();
  for (let n = 0; n <= max; n += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target}`);
}

/** Tabs to a field and types into it, replacing what it held. */
async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

/**
 * Tabs to a list and picks an option by keyboard: a searchable one by typing part of it, then the arrow
 * and Enter; a plain one by opening it with the arrow and moving down to the option, then Enter.
 */
async function choose(
  page: Page,
  combobox: Locator,
  typed: string,
  expected: string | RegExp,
): Promise<void> {
  await tabTo(page, combobox);
  if (await combobox.evaluate((el) => (el as HTMLInputElement).readOnly)) {
    const highlighted = page.locator('[role="option"][data-combobox-selected]');
    const wanted = typeof expected === 'string' ? new RegExp(`^${expected}$`) : expected;
    for (let n = 0; n < 30; n += 1) {
      await page.keyboard.press('ArrowDown');
      if (wanted.test((await highlighted.textContent().catch(() => null)) ?? '')) break;
    }
  } else {
    await page.keyboard.type(typed);
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('Enter');
  await expect(combobox).toHaveValue(expected);
}

test('signs up, fills the profile, the billing party and a claim with the keyboard alone', async ({
  page,
}, info) => {
  const email = newEmail('teclado');

  // Sign up: from the login page to the form, every field, Enter sends.
  await page.goto('/login');
  await tabTo(page, page.getByRole('link', { name: 'Registrate' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/register/);
  await typeInto(page, page.getByLabel('Nombre y apellido'), 'Teo Tabulador');
  await typeInto(page, page.getByLabel('Email'), email);
  await typeInto(page, page.getByLabel('DNI'), newDni());
  await typeInto(page, page.getByLabel('Contraseña', { exact: true }), PASSWORD);
  // The terms' links, then the button that accepts them: Enter on it sends.
  await tabTo(page, page.getByRole('link', { name: 'Términos y condiciones' }));
  await tabTo(page, page.getByRole('link', { name: 'Política de privacidad' }));
  await tabTo(page, page.getByRole('button', { name: 'Aceptar y crear cuenta' }));
  await page.keyboard.press('Enter');
  // The code mailed to the address, typed in its own step, whose field has the focus: the sixth digit
  // sends it. 'Confirmar cuenta' is next in the tab order.
  const code = page.getByLabel('Código de 6 números');
  await expect(code).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Confirmar cuenta' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(code).toBeFocused();
  await page.keyboard.type(await mailedCode(email));
  await expect(page.getByText('¡Hola, Teo Tabulador!')).toBeVisible();

  // The profile, with its two lists.
  await page.goto('/profile');
  await typeInto(page, page.getByLabel('Nombre y apellido'), 'Teo Tabulador Paz');
  await choose(page, page.getByRole('combobox', { name: 'Provincia' }), 'Córd', 'Córdoba');
  await choose(page, page.getByRole('combobox', { name: 'Localidad' }), 'Río Cu', 'Río Cuarto');
  await typeInto(page, page.getByLabel('Código postal'), '5800');
  await tabTo(page, page.getByRole('button', { name: 'Guardar cambios' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Tus datos se guardaron correctamente.')).toBeVisible();

  // The billing party: a CUIT and the tax condition from a list.
  await page.goto('/invoice/invoices');
  await typeInto(page, page.getByLabel('Nombre o razón social'), 'Estudio Tabulador S.R.L.');
  await typeInto(page, page.getByRole('textbox', { name: 'CUIT' }), '30-50001234-6');
  await choose(
    page,
    page.getByRole('combobox', { name: 'Condición frente al IVA' }),
    'Responsable',
    'Responsable inscripto',
  );
  await typeInto(page, page.getByLabel('Calle'), 'Av. Santa Fe');
  await typeInto(page, page.getByLabel('Altura'), '1860');
  await typeInto(page, page.getByLabel('Localidad'), 'Recoleta');
  await choose(page, page.getByRole('combobox', { name: 'Provincia' }), 'Buenos', /Buenos Aires/);
  await typeInto(page, page.getByLabel('Código postal'), 'C1123AAN');
  await tabTo(page, page.getByRole('button', { name: 'Guardar datos de facturación' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Guardamos tus datos de facturación.')).toBeVisible();

  // A claim on an insurance in force, a document attached through the file chooser.
  const login = await page.request.post(`${API}/auth/login`, { data: { email, password: PASSWORD } });
  expect(login.status(), await login.text()).toBe(200);
  const customer = {
    email,
    auth: { Authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` },
  };
  const insurance = await issueBagInsurance(page, customer);
  await payInSandbox(page, customer, insurance.id);
  await page.goto(`/customers/claims/new?insurance_id=${insurance.id}`);
  await expect(page.getByRole('heading', { name: 'Nuevo reclamo', level: 1 })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Contratación' })).toHaveValue(
    new RegExp(insurance.number),
  );
  // The date is the browser's own date field: reached by Tab here; its segments' typing is Chromium's.
  await tabTo(page, page.getByLabel('Fecha del siniestro'));
  await page.getByLabel('Fecha del siniestro').fill(dayFromToday(0));
  await typeInto(page, page.getByLabel('Lugar'), 'Plaza de Mayo');
  await typeInto(page, page.getByLabel('¿Qué pasó?'), 'Se cortó la correa y se cayó la notebook.');
  const addFiles = page.getByRole('button', { name: 'Agregar fotos o documentos' });
  await tabTo(page, addFiles);
  const chooser = page.waitForEvent('filechooser');
  // A round trip to the page before the key: Playwright starts catching file choosers asynchronously,
  // and an Enter sent at once could open the browser's own (invisible, headless) chooser instead.
  await expect(addFiles).toBeFocused();
  await page.keyboard.press('Enter');
  await (await chooser).setFiles({
    name: 'denuncia.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
  });
  await expect(page.getByText('denuncia.pdf')).toBeVisible();
  await expect(page.getByLabel(/Subiendo/)).toHaveCount(0);
  await tabTo(page, page.getByRole('button', { name: 'Enviar reclamo' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: /^Reclamo R-\d{6}$/, level: 1 })).toBeVisible();
  await shot(page, info, 'claim-sent');
});
