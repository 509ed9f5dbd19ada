/**
 * Products first (issue 19), at phone and desktop size: a visitor lands on the catalogue (the login page's
 * main content, the form beside it or one tap away), opens a product, contracts it after signing up and
 * lands in its contract with no tour on top; signing in from a product's registration goes on into its
 * contract too; a signed-in customer's home shows the products within the first screen, above the wallets
 * on a phone and beside them on a desktop, and offers the tour in a card rather than opening it.
 *
 * Between the registration and the login, what the visitor types while the other page is on its way (its
 * code loading, or drawn in a transition on a slow phone while the old form is still on screen) goes on
 * in the new one, the typing included. Those forms carry typing the same way at every size: their tests
 * run at the phone's only.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { registerThroughApi } from './api-steps.ts';
import {
  confirmRegistration,
  DEMO,
  expectAccessible,
  newDni,
  newEmail,
  PASSWORD,
  shot,
  tourPopover,
  untilHydrated,
} from './support.ts';

const isDesktop = (projectName: string) => projectName.startsWith('desktop');

/** The tour has not opened by itself: nothing of it shows, even after the home's old delay. */
async function expectNoTour(page: Page): Promise<void> {
  await page.waitForTimeout(1_500);
  await expect(tourPopover(page)).toHaveCount(0);
}

/** The element's box, measured from the top of the page (not of the scrolled window). */
async function boxOf(selector: Locator) {
  await expect(selector).toBeVisible();
  return selector.evaluate((node) => {
    const rect = node.getBoundingClientRect();
    return { top: rect.top + window.scrollY, bottom: rect.bottom + window.scrollY, left: rect.left };
  });
}

test('a visitor lands on the products, opens one, signs up from it and lands in its contract with no tour on top', async ({
  page,
}, info) => {
  const desktop = isDesktop(info.project.name);
  const viewport = page.viewportSize()!;
  // The site's root is the login page (spec §2), whose main content is the catalogue.
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Elegí tu seguro', level: 1 })).toBeVisible();
  const cellPhone = page.getByRole('link', { name: /Celular\s*desde \$/ });
  // Products on the first screen (all twelve on a desktop); the form beside them (desktop) or one tap
  // away (phone).
  if (desktop) expect((await boxOf(cellPhone)).top).toBeLessThan(viewport.height);
  const firstProduct = page.getByRole('link', { name: /Accidentes personales\s*desde \$/ });
  expect((await boxOf(firstProduct)).bottom).toBeLessThan(viewport.height);
  const email = page.getByLabel('Email');
  if (desktop) {
    expect((await boxOf(email)).top).toBeLessThan(viewport.height);
    expect((await boxOf(email)).left).toBeGreaterThan((await boxOf(firstProduct)).left);
  } else {
    await page.getByRole('link', { name: 'Ingresá', exact: true }).click();
    await expect(email).toBeFocused();
    await expect(email).toBeInViewport();
    await page.evaluate(() => window.scrollTo(0, 0));
  }
  await expectAccessible(page);
  await shot(page, info, 'login-with-products');

  await cellPhone.click();
  await expect(page).toHaveURL(/\/productos\/cell-phone$/);
  await expect(page.getByRole('heading', { name: 'Celular', level: 1 })).toBeVisible();
  await untilHydrated(page);
  await page.getByRole('button', { name: 'Contratar Robo (Celular Protegido)' }).click();
  await expect(page).toHaveURL(/\/register-risk\?coverage=\d+$/);
  await page.getByLabel('Nombre y apellido').fill('Julieta Paz');
  const address = newEmail('productos');
  await page.getByLabel('Email').fill(address);
  await page.getByLabel('DNI').fill(newDni());
  await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Aceptar y crear cuenta' }).click();
  await confirmRegistration(page, address);

  // Straight into the product's contract: no tour over it, no offer either.
  await expect(page).toHaveURL(/\/contract-insurance\/\d+$/);
  await expect(page.getByText('Celular · Robo').first()).toBeVisible();
  await expectNoTour(page);
  await expect(page.getByText('¿Querés un recorrido?')).toHaveCount(0);
  await expectAccessible(page);
  await shot(page, info, 'contract-after-sign-up');

  // The home offers the tour later, in a card; it does not open by itself.
  await page.goto('/tabs');
  await expect(page.getByRole('heading', { name: '¡Hola, Julieta Paz!' })).toBeVisible();
  await expect(page.getByRole('region', { name: '¿Querés un recorrido?' })).toBeVisible();
  await expectNoTour(page);
});

test("a customer signs in from a product's registration ('Ingresá') and goes on into its contract @phone-only", async ({
  page,
}, info) => {
  const customer = await registerThroughApi(page, 'Bruno Acosta');
  await page.goto('/productos/cell-phone');
  await untilHydrated(page);
  await page.getByRole('button', { name: 'Contratar Robo (Celular Protegido)' }).click();
  await expect(page).toHaveURL(/\/register-risk\?coverage=\d+$/);
  await page.getByRole('link', { name: 'Ingresá', exact: true }).last().click();
  await expect(page).toHaveURL(/\/login\?coverage=\d+$/);
  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL(/\/contract-insurance\/\d+$/);
  await expect(page.getByText('Celular · Robo').first()).toBeVisible();
  await expectNoTour(page);
  await shot(page, info, 'contract-after-sign-in');
});

test("what a fast typist types while the login from a product's registration is on its way is kept @phone-only", async ({
  page,
}) => {
  const customer = await registerThroughApi(page, 'Diego Ferreyra');
  await page.goto('/productos/cell-phone');
  await untilHydrated(page);
  await page.getByRole('button', { name: 'Contratar Robo (Celular Protegido)' }).click();
  const registration = page.getByRole('form', { name: 'Creá tu cuenta' });
  await expect(registration.getByLabel('Email')).toBeVisible();

  // A slow phone: the router changes the address and then draws the login in a transition, keeping the
  // registration (with its own 'Email' field) on screen meanwhile, a few seconds at this rate.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 });
  await page.getByRole('link', { name: 'Ingresá', exact: true }).last().click();
  await expect(page).toHaveURL(/\/login\?coverage=\d+$/);
  // The visitor types the e-mail into the field on screen (the registration's, still), one key at a time:
  // the login replaces the registration halfway through.
  await page.getByLabel('Email').click();
  await page.keyboard.type(customer.email, { delay: 40 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });

  const login = page.getByRole('form', { name: 'Ingresá a tu cuenta' });
  await expect(registration).toHaveCount(0);
  await expect(login.getByLabel('Email')).toHaveValue(customer.email);
  await expect(login.getByLabel('Email')).toBeFocused();
  await login.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
  await login.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL(/\/contract-insurance\/\d+$/);
});

test("what is typed into the login after 'Registrate', while the registration's code loads, goes on there @phone-only", async ({
  page,
}) => {
  await page.goto('/login');
  const login = page.getByRole('form', { name: 'Ingresá a tu cuenta' });
  // The app owns the page (a prerendered page's link would load the registration from the server).
  await page.waitForFunction(() => {
    const form = document.querySelector('form');
    return form !== null && Object.keys(form).some((key) => key.startsWith('__reactProps'));
  });
  // A slow connection: the registration's code is held until the visitor has typed half their address.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/register-page-*.js', async (route) => {
    await held;
    await route.continue();
  });
  const address = newEmail('cambio');
  const [start, rest] = [address.slice(0, 8), address.slice(8)];
  await page.getByRole('link', { name: 'Registrate' }).click();
  await login.getByLabel('Email').click();
  await page.keyboard.type(start);
  release();
  const registration = page.getByRole('form', { name: 'Creá tu cuenta' });
  await expect(registration).toBeVisible();
  await page.keyboard.type(rest);
  await expect(registration.getByLabel('Email')).toHaveValue(address);
  await expect(registration.getByLabel('Email')).toBeFocused();
});

test('a signed-in home shows the products within the first screen, above the wallets on a phone and beside them on a desktop', async ({
  page,
}, info) => {
  const desktop = isDesktop(info.project.name);
  const viewport = page.viewportSize()!;
  const customer = await registerThroughApi(page, 'Carla Núñez');
  await page.goto('/login');
  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL(/\/tabs$/);
  await expect(page.getByRole('heading', { name: '¡Hola, Carla Núñez!' })).toBeVisible();

  const products = page.getByRole('region', { name: 'Productos' });
  const firstProduct = products.getByRole('link').first();
  const wallets = page.getByRole('region', { name: 'Tus billeteras' });
  const product = await boxOf(firstProduct);
  expect(product.bottom).toBeLessThan(viewport.height);
  const walletsBox = await boxOf(wallets);
  if (desktop) expect(walletsBox.left).toBeGreaterThan(product.left);
  else expect(walletsBox.top).toBeGreaterThan((await boxOf(products)).bottom);
  // The tour is offered, not opened.
  await expect(page.getByRole('region', { name: '¿Querés un recorrido?' })).toBeVisible();
  await expectNoTour(page);
  await expectAccessible(page);
  await shot(page, info, 'home');
});

test('what a visitor types into the prerendered login before the app has started is kept @phone-only', async ({
  page,
}) => {
  // The app starts (hydrates the server's page) once its translations arrive: held back meanwhile.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/i18n/es.json', async (route) => {
    await held;
    // A request the page dropped meanwhile is already over: nothing to let through.
    await route.continue().catch(() => undefined);
  });
  await page.goto('/login', { waitUntil: 'domcontentloaded' });
  await page.getByLabel('Email').fill(DEMO.email);
  release();
  await page.waitForFunction(() => {
    const form = document.querySelector('form');
    return form !== null && Object.keys(form).some((key) => key.startsWith('__reactFiber'));
  });
  await expect(page.getByLabel('Email')).toHaveValue(DEMO.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(DEMO.password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL(/\/tabs/);
});
