/**
 * The catalogue and "Mis contrataciones" as people meet them: a visitor browses the public catalogue from
 * the login page, looks at a coverage and registers to contract it; a customer finds an insurance made
 * through the API and its detail; once paid in the sandbox, its certificate downloads and its public
 * check says it is in force.
 */
import { expect, test } from '@playwright/test';
import { API, contractBag, payInSandbox, registerThroughApi } from './api-steps.ts';
import {
  confirmRegistration,
  expectAccessible,
  menu,
  newDni,
  newEmail,
  PASSWORD,
  shot,
  signIn,
  untilHydrated,
} from './support.ts';

test('a visitor browses the catalogue, looks at a coverage and registers to contract it', async ({
  page,
}, info) => {
  // The login page shows the products (products-first.spec.ts); the public catalogue has them too.
  await page.goto('/productos');
  await expect(page.getByRole('heading', { name: 'Seguros para vos' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Celular\s*desde \$/ })).toBeVisible();
  await expectAccessible(page);
  await shot(page, info, 'catalogue');

  await page.getByRole('link', { name: /Celular\s*desde \$/ }).click();
  await expect(page).toHaveURL(/\/productos\/cell-phone$/);
  await expect(page.getByRole('heading', { name: 'Celular', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Celular Protegido' })).toBeVisible();
  await expectAccessible(page);
  await shot(page, info, 'risk-type');

  await untilHydrated(page);
  await page.getByRole('button', { name: 'Ver detalle de Robo (Celular Protegido)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Detalle de la contratación' });
  await expect(dialog.getByRole('heading', { name: 'Robo' })).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Inclusiones' })).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Exclusiones' })).toBeVisible();
  await expect(dialog.getByRole('img', { name: 'Aseguradora Del Plata S.A.' })).toBeVisible();
  await expectAccessible(page);
  await shot(page, info, 'coverage-dialog');

  await dialog.getByRole('button', { name: 'Ver más detalles de Robo' }).click();
  const more = page.getByRole('dialog', { name: 'Robo' });
  await expect(more.getByText('Reponemos un equipo de características similares.')).toBeVisible();
  await expectAccessible(page);
  await shot(page, info, 'coverage-more-details');
  await more.getByRole('button', { name: 'Volver' }).click();
  await expect(more).toBeHidden();

  await dialog.getByRole('button', { name: 'Contratar' }).click();
  await expect(page).toHaveURL(/\/register-risk\?coverage=1$/);
  const chosen = page.getByRole('group', { name: 'Seguro elegido' });
  await expect(chosen.getByText('Celular · Robo')).toBeVisible();
  await expectAccessible(page);
  await shot(page, info, 'register-risk');

  await page.getByLabel('Nombre y apellido').fill('Martina Sosa');
  const email = newEmail('visitante');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('DNI').fill(newDni());
  await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Aceptar y crear cuenta' }).click();
  await expect(page.getByRole('heading', { name: 'Ingresá el código' })).toBeVisible();
  await expectAccessible(page);
  await shot(page, info, 'register-risk-code');
  await confirmRegistration(page, email);
  // The contract page starts a process for the coverage and moves to it.
  await expect(page).toHaveURL(/\/contract-insurance(\?coverage=1|\/\d+)$/);
  await expect(page.getByText('Celular · Robo').first()).toBeVisible();
});

test('an insurer’s own product warns before leaving the app', async ({ page, context }) => {
  // The demo insurer's site does not exist: answer for it.
  await context.route('https://www.rutasur.example/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Ruta Sur</title>' }),
  );
  await page.goto('/productos/motorcycle');
  await untilHydrated(page);
  await page
    .getByRole('button', {
      name: 'Ir al sitio de la aseguradora para Responsabilidad civil (Moto Responsabilidad Civil)',
    })
    .click();
  const notice = page.getByRole('dialog', { name: 'Aviso de redireccionamiento' });
  await expect(notice.getByText('Estás por salir de la app.')).toBeVisible();
  const popup = page.waitForEvent('popup');
  await notice.getByRole('button', { name: 'Continuar' }).click();
  expect((await popup).url()).toBe('https://www.rutasur.example/cotizar-moto');
});

test('a customer finds an insurance made through the API, its detail and its public check', async ({
  page,
}, info) => {
  const customer = await registerThroughApi(page, 'Lucía Herrera');
  const { insurance, coverage } = await contractBag(page, customer, { confirm: true });
  const { processId } = await contractBag(page, customer, { confirm: false });
  if (!insurance) throw new Error('The insurance was not issued');

  await signIn(page, customer.email, PASSWORD);
  const latest = page.getByRole('region', { name: 'Últimas contrataciones' });
  await expect(latest.getByText(`Bolso protegido · ${coverage.name}`)).toBeVisible();
  await expect(latest.getByText('Pendiente de pago')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Productos' }).getByRole('link', { name: /Celular/ }),
  ).toBeVisible();
  await expectAccessible(page);
  await shot(page, info, 'home');

  await menu(page, 'Mis contrataciones');
  await expect(page).toHaveURL(/\/customers\/insurances$/);
  const group = page.getByRole('region', { name: 'Bolso protegido' });
  await expect(group.getByText('1 Bolso protegido')).toBeVisible();
  await expect(group.getByText(insurance.number)).toBeVisible();
  await expectAccessible(page);
  await shot(page, info, 'my-insurances');

  const status = page.getByRole('radiogroup', { name: 'Estado' });
  await status.getByText('Vigente', { exact: true }).click();
  await expect(page.getByText('No hay contrataciones con estos filtros')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Vigente' })).toBeChecked();
  await status.getByText('Pendiente de pago', { exact: true }).click();
  await expect(group.getByText(insurance.number)).toBeVisible();

  await page.getByRole('link', { name: 'En curso' }).click();
  await expect(page).toHaveURL(/\/customers\/insurance-processes$/);
  const resume = page.getByRole('link', {
    name: `Continuar la contratación de Bolso protegido · ${coverage.name}`,
  });
  await expect(resume).toHaveAttribute('href', `/contract-insurance/${processId}`);
  await expectAccessible(page);
  await shot(page, info, 'in-progress');
  await page
    .getByRole('button', { name: `Descartar la contratación de Bolso protegido · ${coverage.name}` })
    .click();
  await page
    .getByRole('dialog', { name: '¿Descartar esta contratación?' })
    .getByRole('button', { name: 'Descartar' })
    .click();
  await expect(page.getByText('No tenés contrataciones en curso')).toBeVisible();

  await page.getByRole('link', { name: 'Contrataciones', exact: true }).click();
  await page.getByRole('link', { name: new RegExp(insurance.number) }).click();
  await expect(page).toHaveURL(new RegExp(`/customers/insurances/${insurance.id}$`));
  await expect(
    page.getByRole('heading', { name: `Bolso protegido · ${coverage.name}`, level: 1 }),
  ).toBeVisible();
  await expect(page.getByRole('alert').getByText('Pendiente de pago')).toBeVisible();
  await expect(page.getByText('Mochila negra con notebook')).toBeVisible();
  await expect(page.getByText('Contratante designado')).toBeVisible();
  // Not paid: the certificate waits.
  await expect(page.getByRole('button', { name: 'Descargar constancia' })).toBeDisabled();
  await expect(
    page.getByText('La constancia estará disponible cuando la contratación esté vigente.'),
  ).toBeVisible();
  await expectAccessible(page);
  await shot(page, info, 'insurance-detail');

  await page.getByRole('button', { name: 'Ver detalle de la cobertura' }).click();
  await expect(page.getByText('Cargando información')).toBeHidden();
  const dialog = page.getByRole('dialog', { name: 'Detalle de la contratación' });
  await expect(dialog.getByText('Sin exclusiones')).toBeVisible();
  await expect(dialog.getByRole('img', { name: 'Andina Compañía Argentina de Seguros S.A.' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Cerrar' }).click();
  await expect(dialog).toBeHidden();

  const detail = (await (
    await page.request.get(`${API}/customers/insurances/${insurance.id}`, { headers: customer.auth })
  ).json()) as { data: { verification_code: string } };
  await page.goto(`/verificar/${detail.data.verification_code}`);
  await expect(page.getByRole('heading', { name: 'Sin cobertura vigente' })).toBeVisible();
  await expect(page.getByText(insurance.number)).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Menú principal' })).toHaveCount(0);
  await expectAccessible(page);
  await shot(page, info, 'verify-not-in-force');
});

test('a paid insurance in force: its certificate downloads and the public check says so', async ({
  page,
}, info) => {
  const customer = await registerThroughApi(page, 'Tomás Ibarra');
  const { insurance } = await contractBag(page, customer, { confirm: true, startsIn: 0 });
  if (!insurance) throw new Error('The insurance was not issued');
  await payInSandbox(page, customer, insurance.id);

  await signIn(page, customer.email, PASSWORD);
  await page.goto(`/customers/insurances/${insurance.id}`);
  await expect(page.getByText('Vigente', { exact: true })).toBeVisible();
  await expect(page.getByText('Recordá que deberás pagar la contratación')).toHaveCount(0);
  const button = page.getByRole('button', { name: 'Descargar constancia' });
  await expect(button).toBeEnabled();
  await expectAccessible(page);
  await shot(page, info, 'insurance-in-force');

  const download = page.waitForEvent('download');
  await button.click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('bolso-protegido.pdf');
  const stream = await file.createReadStream();
  const [first] = await stream.take(1).toArray();
  expect(String(first).slice(0, 5)).toBe('%PDF-');

  const detail = (await (
    await page.request.get(`${API}/customers/insurances/${insurance.id}`, { headers: customer.auth })
  ).json()) as { data: { verification_code: string } };
  await page.goto(`/verificar/${detail.data.verification_code}`);
  await expect(page.getByRole('heading', { name: 'Cobertura vigente' })).toBeVisible();
  await expect(page.getByText('T. I.')).toBeVisible();
  await expectAccessible(page);
  await shot(page, info, 'verify-in-force');
});

test('an unknown certificate code says it was not found', async ({ page }, info) => {
  await page.goto('/verificar/codigo-inexistente-123');
  await expect(
    page.getByRole('heading', { name: 'No encontramos una constancia con ese código.' }),
  ).toBeVisible();
  await expectAccessible(page);
  await shot(page, info, 'verify-unknown');
});
