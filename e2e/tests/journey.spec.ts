/**
 * The whole journey of a new customer, as one person would live it, at phone and desktop sizes: browse
 * the public products, register from the cell-phone product, contract it (IMEI, both photos, dates,
 * taker), confirm and pay it in one tap with the test checkout, land on 'Estás cubierto', answer the poll
 * below it, download the certificate, file a claim with a photo, read the notification, sign out. Axe on
 * every screen, a screenshot of every step
 * (artifacts/screenshots/<size>/the-whole-journey…).
 */
import { expect, type Page, test } from '@playwright/test';
import { pngImage } from '../../apps/api/test/fixtures.ts';
import { E2E_PORT } from '../playwright.config.ts';
import { dayFromToday } from './api-steps.ts';
import {
  confirmRegistration,
  expectAccessible,
  menu,
  newDni,
  newEmail,
  PASSWORD,
  shot,
  signOut,
} from './support.ts';

// The test checkout sends the customer back to the server's public address (localhost by default). The
// service worker controls the pages, as a customer's (the suite blocks it elsewhere: playwright.config.ts).
test.use({ baseURL: `http://localhost:${E2E_PORT}`, serviceWorkers: 'allow' });

const IMEI = '356938035643809';

async function next(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Continuar', exact: true }).click();
}

/** 'Subir las dos fotos' opens the file picker at once (issue 19: no modal before it), for both images. */
async function uploadBothPhotos(page: Page): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Subir las dos fotos' }).click();
  await (await chooser).setFiles([
    { name: 'foto-1.png', mimeType: 'image/png', buffer: pngImage(48, 36, [0, 120, 140]) },
    { name: 'foto-2.png', mimeType: 'image/png', buffer: pngImage(48, 36, [240, 110, 60]) },
  ]);
  await expect(page.getByRole('img', { name: 'Foto 1 cargada' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Foto 2 cargada' })).toBeVisible();
}

test('the whole journey: from the public products to a claim and its notification', async ({
  page,
}, info) => {
  test.setTimeout(240_000);
  // 'Tenés notificaciones nuevas' may ask at any moment once notifications arrive: 'Más tarde'.
  const prompt = page.getByRole('dialog', { name: 'Tenés notificaciones nuevas' });
  await page.addLocatorHandler(prompt, async () => {
    await prompt.getByRole('button', { name: 'Más tarde' }).click();
  });

  // 1. A visitor browses the products: the login page's main content (issue 19).
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Elegí tu seguro', level: 1 })).toBeVisible();
  await expectAccessible(page);
  await shot(page, info, 'products');
  await page.getByRole('link', { name: /Celular\s*desde \$/ }).click();
  await expect(page.getByRole('heading', { name: 'Celular', level: 1 })).toBeVisible();
  await expectAccessible(page);
  await shot(page, info, 'cell-phone-products');

  // 2. Registers from the product.
  await page.getByRole('button', { name: 'Ver detalle de Robo (Celular Protegido)' }).click();
  await page
    .getByRole('dialog', { name: 'Detalle de la contratación' })
    .getByRole('button', { name: 'Contratar' })
    .click();
  await expect(page).toHaveURL(/\/register-risk\?coverage=\d+$/);
  await expectAccessible(page);
  await shot(page, info, 'register-from-product');
  await page.getByLabel('Nombre y apellido').fill('Valentina Ríos');
  const email = newEmail('recorrido');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('DNI').fill(newDni());
  await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Aceptar y crear cuenta' }).click();
  await confirmRegistration(page, email);

  // 3. Contracts the cell phone.
  await expect(page).toHaveURL(/\/contract-insurance\/\d+$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Tu celular' })).toBeVisible();
  await expectAccessible(page);
  await shot(page, info, 'contract-risk');
  await page.getByLabel('Marca').fill('Motorola');
  await page.getByLabel('Modelo').fill('Moto G54');
  await page.getByLabel('Número IMEI').fill(IMEI);
  await page.getByLabel('Valor del equipo').fill('450000');
  // The photos on the same screen, below the phone (issue 19); the serial number is optional.
  await uploadBothPhotos(page);
  await expectAccessible(page);
  await shot(page, info, 'contract-photos');
  // The cover dates and the taker are proposed and saved on the way (issue 19): on to the summary.
  await next(page);
  await expect(page.getByRole('heading', { level: 2, name: 'Resumen' })).toBeVisible();
  await expectAccessible(page);
  await shot(page, info, 'contract-summary');
  // 4. Confirms and pays in one tap with the test checkout (issue 19), lands on 'Estás cubierto' and
  // answers the poll offered below it.
  await expect(page.getByRole('radio', { name: /Pago de prueba/ })).toBeChecked();
  await page.getByRole('button', { name: /^Confirmar y pagar \$/ }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  await shot(page, info, 'checkout');
  await page.getByRole('button', { name: 'Aprobar el pago' }).click();
  await expect(page).toHaveURL(/\/customers\/insurances\/\d+\/cubierto$/);
  const insurancePath = new URL(page.url()).pathname.replace(/\/cubierto$/, '');
  await expect(page.getByRole('heading', { level: 1, name: 'Estás cubierto' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Contanos tu experiencia' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expectAccessible(page);
  await shot(page, info, 'covered');
  const highest = page.getByRole('radio', { name: '5, Más probable' });
  for (let i = 0; i < (await highest.count()); i += 1) await highest.nth(i).check();
  await page.getByRole('button', { name: 'Enviar encuesta' }).click();
  await expect(page.getByText('¡Gracias por contarnos!')).toBeVisible();

  // 5. Downloads the certificate, the first button of 'Estás cubierto'.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Descargar constancia' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
  await page.getByRole('link', { name: 'Ver mi seguro' }).click();
  await expect(page).toHaveURL(new RegExp(`${insurancePath}$`));
  await expect(page.getByText('Vigente', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await shot(page, info, 'insurance-in-force');

  // 6. Files a claim with a photo.
  await page.getByRole('link', { name: 'Hacer un reclamo' }).click();
  await expect(page.getByRole('heading', { name: 'Nuevo reclamo', level: 1 })).toBeVisible();
  await page.getByLabel('Fecha del siniestro').fill(dayFromToday(0));
  await page.getByLabel('Lugar').fill('Av. Santa Fe y Callao, CABA');
  await page.getByLabel('¿Qué pasó?').fill('Me arrebataron el celular en la vereda al salir del banco.');
  await page.getByLabel('Elegir fotos o documentos').setInputFiles({
    name: 'denuncia.png',
    mimeType: 'image/png',
    buffer: pngImage(40, 40, [120, 120, 120]),
  });
  await expect(page.getByRole('img', { name: 'Foto denuncia.png' })).toBeVisible();
  await expect(page.getByLabel(/Subiendo/)).toHaveCount(0);
  await expectAccessible(page);
  await shot(page, info, 'new-claim');
  await page.getByRole('button', { name: 'Enviar reclamo' }).click();
  await expect(page.getByRole('heading', { name: /^Reclamo R-\d{6}$/, level: 1 })).toBeVisible();
  await expectAccessible(page);
  await shot(page, info, 'claim');

  // 7. Reads the notification: the insurance in force, which opens the insurance.
  await menu(page, 'Notificaciones');
  await expect(page.getByRole('heading', { name: 'Notificaciones', level: 1 })).toBeVisible();
  const inForce = page.getByRole('link', { name: /Tu seguro está vigente/ });
  await expect(async () => {
    await page.reload();
    await expect(inForce).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expectAccessible(page);
  await shot(page, info, 'notifications');
  await inForce.click();
  await expect(page).toHaveURL(new RegExp(`${insurancePath}$`));

  // 8. Signs out.
  await signOut(page);
  await expectAccessible(page);
  await shot(page, info, 'signed-out');
});
