/**
 * Contracting as a customer does it: a phone with its two photos on its screen, a personal accident with a billing party
 * found in search-entity, a home, and a process resumed after a reload and on another page. Each ends on
 * the summary's 'Confirmar y pagar' with the test checkout: the insurance issued 'Pendiente de pago' and
 * the customer at the checkout (payments.spec.ts and pay-at-summary.spec.ts pay it).
 */
import { expect, type Page, test } from '@playwright/test';
// The API tests' small real images: a valid PNG of one colour.
import { pngImage } from '../../apps/api/test/fixtures.ts';
import { DEMO, expectAccessible, shot, signIn } from './support.ts';

type PublicPolicy = {
  external_url: string | null;
  risk_type: { short_code: string };
  coverages: Array<{ id: number }>;
};

const VALID_IMEI = '490154203237518';

async function coverageFor(page: Page, code: string): Promise<number> {
  const answer = await page.request.get('/api/v4/public-policies?per_page=100');
  const policies = (await answer.json()).data as PublicPolicy[];
  const policy = policies.find((p) => p.risk_type.short_code === code && !p.external_url);
  if (!policy?.coverages[0]) throw new Error(`No coverage contracted in the app for ${code}`);
  return policy.coverages[0].id;
}

/** The session token the app keeps in IndexedDB, to check results through the API. */
async function sessionToken(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        const open = indexedDB.open('cubierto');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const read = open.result.transaction('app', 'readonly').objectStore('app').get('token');
          read.onerror = () => reject(read.error);
          read.onsuccess = () => resolve(read.result as string);
        };
      }),
  );
}

/** Checks through the API that the process issued its insurance 'Pendiente de pago'. */
async function expectPendingInsurance(page: Page, processId: string, token: string): Promise<void> {
  const headers = { Authorization: `Bearer ${token}` };
  const process = await page.request.get(`/api/v4/customers/insurance-processes/${processId}`, { headers });
  const { status, insurance_id } = (await process.json()).data;
  expect(status).toBe('completed');
  const answer = await page.request.get(`/api/v4/customers/insurances/${insurance_id}`, { headers });
  expect(answer.status()).toBe(200);
  expect((await answer.json()).data).toMatchObject({
    status: 'pendiente',
    status_label: 'Pendiente de pago',
    paid_at: null,
  });
}

async function startContract(page: Page, code: string): Promise<void> {
  await page.goto(`/contract-insurance?coverage=${await coverageFor(page, code)}`);
  await expect(page).toHaveURL(/\/contract-insurance\/\d+$/);
}

function stepHeading(page: Page, name: string) {
  return page.getByRole('heading', { level: 2, name, exact: true });
}

async function next(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Continuar', exact: true }).click();
}

async function choose(page: Page, field: string, option: string, scope = page.locator('body')) {
  await scope.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** A valid CUIT (AFIP check digit) of a business, different on every run. */
function newCuit(): string {
  const weights = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
  for (;;) {
    const base = `30${String(Date.now()).slice(-8)}`;
    const sum = weights.reduce((acc, w, i) => acc + w * Number(base[i]), 0);
    const check = (11 - (sum % 11)) % 11;
    if (check !== 10) return `${base}${check}`;
  }
}

const photo = (n: number, rgb: [number, number, number]) => ({
  name: `foto-${n}.png`,
  mimeType: 'image/png',
  buffer: pngImage(48, 36, rgb),
});

/**
 * One tap on 'Subir las dos fotos' opens the file picker (issue 19 item 5: no modal before it), which
 * takes both images at once: photo 1 then photo 2.
 */
async function uploadBothPhotos(page: Page) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Subir las dos fotos' }).click();
  const picker = await chooser;
  expect(picker.isMultiple()).toBe(true);
  await picker.setFiles([photo(1, [0, 120, 140]), photo(2, [240, 110, 60])]);
  await expect(page.getByRole('img', { name: 'Foto 1 cargada' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Foto 2 cargada' })).toBeVisible();
}

/**
 * The summary (issue 19): the price, the methods, and 'Confirmar y pagar' with the test checkout, which
 * issues the insurance and leaves for the checkout ('Aviso de redireccionamiento' said under it on the web).
 */
async function confirmAndExpectPending(page: Page, info: Parameters<typeof shot>[1]) {
  await expect(stepHeading(page, 'Resumen')).toBeVisible();
  for (const label of ['Prima', 'Recargos', 'Impuestos', 'Premio']) {
    await expect(page.getByText(label, { exact: true }).first()).toBeVisible();
  }
  const processId = new URL(page.url()).pathname.split('/').pop() ?? '';
  const token = await sessionToken(page);
  await page.getByRole('radio', { name: /Pago de prueba/ }).check();
  await expectAccessible(page);
  await shot(page, info, 'summary');
  await page.getByRole('button', { name: /^Confirmar y pagar \$/ }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  await expect(page.getByRole('button', { name: 'Aprobar el pago' })).toBeVisible();
  await expectPendingInsurance(page, processId, token);
}

test.beforeEach(async ({ page }) => {
  await signIn(page, DEMO.email, DEMO.password);
});

/** The steps the stepper names, in order (on a phone too, issue 19 item 5). */
async function stepperNames(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Pasos de la contratación' });
  return nav.locator('.mantine-Stepper-stepLabel').allInnerTexts();
}

/** The header: one line on a phone, at most about 12 % of an 844 px screen (issue 19 item 6). */
async function expectCompactHeader(page: Page): Promise<void> {
  const box = await page.locator('header.mantine-Card-root').boundingBox();
  expect(box?.height ?? 999).toBeLessThanOrEqual(0.12 * 844);
}

test('contracts a cell phone: the phone and both photos on one screen, one tap to pick them', async ({
  page,
}, info) => {
  // Four screens, each checked with axe and photographed: about a minute on an idle two-core machine.
  test.setTimeout(180_000);
  await startContract(page, 'cell-phone');
  await expect(stepHeading(page, 'Tu celular')).toBeVisible();
  await expect(page.getByText('Paso 1 de 4')).toBeVisible();
  expect(await stepperNames(page)).toEqual(['Tu celular', 'Vigencia', 'Tomador', 'Resumen']);
  await expectCompactHeader(page);
  // One honest price (issue 19 item 1): "desde" is the cheapest quote and says for which phone value.
  await expect(
    page.getByText(/^Desde \$\s3\.430,35\/mes por una suma asegurada de \$\s150\.000,00$/),
  ).toBeVisible();
  // The photos are below the phone's fields, on the same screen (issue 19).
  await expect(page.getByRole('button', { name: 'Subir las dos fotos' })).toBeVisible();
  await expectAccessible(page);
  await shot(page, info, 'risk');

  // The header's details are a sheet from the bottom on a phone.
  await page.getByRole('button', { name: 'Detalles', exact: true }).click();
  const sheet = page.getByRole('dialog', { name: 'Tu contratación' });
  await expect(sheet.getByText(/Del Plata/)).toBeVisible();
  // The insurer's logo, named after its legal name (spec §2 item 1), is in the sheet on a phone.
  await expect(sheet.getByRole('img', { name: 'Aseguradora Del Plata S.A.' })).toBeVisible();
  await expectAccessible(page);
  await shot(page, info, 'header-sheet');
  await sheet.getByRole('button', { name: 'Ver detalle de la cobertura' }).click();
  const details = page.getByRole('dialog', { name: 'Detalle de la contratación' });
  await expect(details.getByText('Inclusiones')).toBeVisible();
  await shot(page, info, 'coverage-details');
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();

  await page.getByRole('button', { name: '¿Dónde encuentro el IMEI?' }).click();
  const imeiHelp = page.getByRole('dialog', { name: 'Número IMEI' });
  await expect(imeiHelp.getByText(/\*#06#/)).toBeVisible();
  await shot(page, info, 'imei-modal');
  await imeiHelp.getByRole('button', { name: 'Entendido' }).click();
  await expect(imeiHelp).toBeHidden();

  // The serial number is optional (the IMEI identifies the phone): left empty.
  await expect(page.getByLabel('Número de serie o SN (opcional)')).toBeVisible();
  await page.getByLabel('Marca').fill('Samsung');
  await page.getByLabel('Modelo').fill('Galaxy A54');
  await page.getByLabel('Número IMEI').fill('490154203237519');
  await page.getByLabel('Valor del equipo').fill('1000');
  await next(page);
  await expect(
    page.getByText('El IMEI debe tener 15 números y ser válido. Marcá *#06# para verlo.'),
  ).toBeVisible();
  await expect(page.getByLabel('Número IMEI')).toHaveAttribute('aria-invalid', 'true');
  // Each missing photo says so beside its slot.
  await expect(page.getByText('Falta la foto 1.')).toBeVisible();
  await expect(page.getByText('Falta la foto 2.')).toBeVisible();
  await expect(page.getByLabel('Marca')).toHaveValue('Samsung');
  await shot(page, info, 'risk-errors');

  // What each photo must show is written beside its button; the spec's modal is under '¿Cómo saco la foto?'.
  await expect(page.getByText('Selfie en el espejo con el celular y el frente de tu DNI.')).toBeVisible();
  await page.getByRole('button', { name: '¿Cómo saco la foto? Foto 2' }).click();
  const modal = page.getByRole('dialog', { name: 'Foto 2: selfie en el espejo' });
  await expect(modal.getByText('Tenés que subir las dos imágenes para poder confirmar.')).toBeVisible();
  await expectAccessible(page);
  await shot(page, info, 'photo-2-modal');
  await modal.getByRole('button', { name: 'Entendido' }).click();
  await expect(modal).toBeHidden();
  await uploadBothPhotos(page);
  await expect(page.getByText('Falta la foto 1.')).toBeHidden();
  // Each slot keeps its own button to replace its photo.
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Cambiar foto 2' }).click();
  await (await chooser).setFiles(photo(2, [30, 160, 60]));
  await expect(page.getByRole('img', { name: 'Foto 2 cargada' })).toBeVisible();
  await shot(page, info, 'photos-done');

  // The schema accepts the IMEI; the API refuses the value (out of the plan's range) on its field.
  await page.getByLabel('Número IMEI').fill(VALID_IMEI);
  await next(page);
  await expect(page.getByText(/El valor debe estar entre/)).toBeVisible();
  await expect(page.getByLabel('Valor del equipo')).toHaveAttribute('aria-invalid', 'true');
  // Masked as typed (spec §5): 49-015420-323751-8.
  await expect(page.getByLabel('Número IMEI')).toHaveValue('49-015420-323751-8');
  await expect(page.getByRole('img', { name: 'Foto 1 cargada' })).toBeVisible();

  await page.getByLabel('Valor del equipo').fill('450000');
  // The price follows the value typed, with surcharges and taxes: what the summary will quote.
  await expect(
    page.getByText(/^Con estos datos pagás \$\s10\.291,05 por 1 mes, con recargos e impuestos incluidos\.$/),
  ).toBeVisible();
  await shot(page, info, 'live-price');
  await next(page);

  // The cover dates (a month from today) and the taker (the customer) need no 'Continuar': the summary.
  await expect(stepHeading(page, 'Resumen')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Editar Tomador' })).toBeVisible();
  // Both stay open from the stepper.
  await page
    .getByRole('navigation', { name: 'Pasos de la contratación' })
    .getByRole('button', { name: /Vigencia/ })
    .click();
  await expect(stepHeading(page, 'Vigencia')).toBeVisible();
  await expectAccessible(page);
  await shot(page, info, 'dates');
  await next(page);
  await expect(stepHeading(page, 'Resumen')).toBeVisible();

  await expect(page.getByText('Galaxy A54')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Foto 2 cargada' })).toBeVisible();
  // The premio quoted is the price the flow showed, and the header's.
  await expect(page.getByText(/^\$\s10\.291,05$/)).toBeVisible();
  await expect(page.getByText(/^\$\s10\.291,05 por 1 mes$/)).toBeVisible();
  await confirmAndExpectPending(page, info);
});

test('contracts a personal accident with a billing party created in search-entity', async ({
  page,
}, info) => {
  await startContract(page, 'personal-accident');
  await expect(stepHeading(page, 'Asegurado')).toBeVisible();
  await expect(page.getByText('Paso 1 de 3')).toBeVisible();
  const insured = page.getByRole('group', { name: 'Asegurado' });
  await insured.getByLabel('Nombre').fill('Sofía');
  await insured.getByLabel('Apellido').fill('Gómez');
  await insured.getByLabel('DNI').fill('30.123.456');
  await insured.getByLabel('Fecha de nacimiento').fill('1990-04-12');
  await choose(page, 'Género', 'Femenino', insured);
  await page.getByLabel('Actividad u ocupación').fill('Docente');
  await page.getByRole('button', { name: 'Agregar beneficiario' }).click();
  const beneficiary = page.getByRole('group', { name: 'Beneficiario 1' });
  await beneficiary.getByLabel('Nombre').fill('Tomás');
  await beneficiary.getByLabel('Apellido').fill('Gómez');
  await beneficiary.getByLabel('DNI').fill('45123456');
  await beneficiary.getByLabel('Parentesco').fill('Hijo');
  await beneficiary.getByLabel('Porcentaje').fill('60');
  await expect(page.getByText('Cláusula de no repetición', { exact: false })).toBeVisible();
  await next(page);
  await expect(page.getByText('Tenés que aceptar las cláusulas especiales.')).toBeVisible();
  await expect(page.getByText('Los porcentajes de los beneficiarios deben sumar 100%.')).toBeVisible();
  await expectAccessible(page);
  await shot(page, info, 'risk-errors');

  await beneficiary.getByLabel('Porcentaje').fill('100');
  await page.getByLabel('Leí y acepto las cláusulas especiales').check();
  await next(page);

  // The taker is the customer without asking; another billing party is chosen from the summary.
  await expect(stepHeading(page, 'Resumen')).toBeVisible();
  await page.getByRole('button', { name: 'Editar Tomador' }).click();
  await expect(stepHeading(page, 'Tomador')).toBeVisible();
  await page.getByRole('button', { name: '¿Qué es esto? Contratante designado' }).click();
  await expect(page.getByRole('dialog', { name: 'Contratante designado' })).toContainText(
    'a cuyo nombre emitimos las facturas',
  );
  await expectAccessible(page);
  await shot(page, info, 'glossary-billing-party');
  await page.keyboard.press('Escape');
  await page.getByRole('link', { name: 'Buscar otro contratante por DNI o CUIT' }).click();
  await expect(page).toHaveURL(/\/search-entity\?/);
  await expect(page.getByRole('heading', { name: 'Buscar persona o empresa' })).toBeVisible();
  const cuit = newCuit();
  await page.getByLabel('DNI o CUIT').fill(cuit);
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByText(`No encontramos a nadie con el documento ${cuit}`)).toBeVisible();
  await expect(page.getByLabel('CUIT', { exact: true })).toHaveValue(cuit);
  await page.getByLabel('Razón social').fill('Panadería Sol SRL');
  await choose(page, 'Condición frente al IVA', 'Responsable inscripto');
  await expectAccessible(page);
  await shot(page, info, 'search-entity');
  await page.getByRole('button', { name: 'Guardar y elegir' }).click();

  await expect(page).toHaveURL(/\/contract-insurance\/\d+$/);
  await expect(stepHeading(page, 'Tomador')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Contratante designado' })).toHaveValue(
    `Panadería Sol SRL · CUIT ${cuit}`,
  );
  await shot(page, info, 'taker-chosen');
  await next(page);

  // The taker step's options may still be in the page, hidden.
  await expect(page.getByText(`Panadería Sol SRL · CUIT ${cuit}`).filter({ visible: true })).toBeVisible();
  await expect(page.getByText('Tomás Gómez · DNI 45123456 · Hijo · 100 %')).toBeVisible();
  await confirmAndExpectPending(page, info);
});

test('contracts a home: the address asked, the dates and the taker proposed', async ({ page }, info) => {
  await startContract(page, 'home');
  // The cover dates are proposed (a month from today): the flow opens at the address.
  await expect(stepHeading(page, 'Tu hogar')).toBeVisible();
  await expect(page.getByText('Paso 2 de 4')).toBeVisible();
  await page.getByLabel('Calle').fill('Av. Corrientes');
  await page.getByLabel('Altura').fill('1234');
  await page.getByLabel('Piso').fill('5');
  await page.getByLabel('Depto.').fill('B');
  await choose(page, 'Provincia', 'Córdoba');
  await choose(page, 'Localidad', 'Río Cuarto');
  await expect(page.getByLabel('Código postal')).not.toHaveValue('');
  await expectAccessible(page);
  await shot(page, info, 'address');
  await next(page);

  await expect(stepHeading(page, 'Resumen')).toBeVisible();
  await expect(page.getByText(/Av\. Corrientes 1234, 5 B, Río Cuarto, Córdoba/)).toBeVisible();
  // Each insurance word of the price says what it is.
  await page.getByRole('button', { name: '¿Qué es esto? Premio' }).click();
  await expect(page.getByRole('dialog', { name: 'Premio' })).toContainText('Es lo que pagás en total');
  await expectAccessible(page);
  await shot(page, info, 'glossary-premio');
  await page.keyboard.press('Escape');
  await confirmAndExpectPending(page, info);
});

test('resumes an interrupted process after a reload and on another page', async ({ page, context }, info) => {
  await startContract(page, 'bicycle');
  const url = page.url();
  await expect(stepHeading(page, 'Tu bicicleta')).toBeVisible();
  // A process left with only the bicycle answered (as one started before the photos joined its screen).
  const processId = url.split('/').pop();
  const saved = await page.request.put(`/api/v4/customers/insurance-processes/${processId}/steps/risk`, {
    headers: { Authorization: `Bearer ${await sessionToken(page)}` },
    data: { brand: 'Trek', model: 'Marlin 5', frame_number: 'WTU123456789', wheel_size: '29' },
  });
  expect(saved.status()).toBe(200);

  await page.reload();
  await expect(stepHeading(page, 'Tu bicicleta')).toBeVisible();
  await expect(page.getByText('Paso 1 de 4')).toBeVisible();
  await expect(page.getByLabel('Marca')).toHaveValue('Trek');
  await expect(page.getByRole('button', { name: 'Subir las dos fotos' })).toBeVisible();

  const other = await context.newPage();
  await other.goto(url);
  await expect(stepHeading(other, 'Tu bicicleta')).toBeVisible();
  await expect(other.getByLabel('Marca')).toHaveValue('Trek');
  await expect(other.getByLabel('Número de cuadro')).toHaveValue('WTU123456789');
  await expect(other.getByRole('combobox', { name: 'Rodado' })).toHaveValue('R29');
  await expect(other.getByRole('button', { name: 'Subir foto 1' })).toBeVisible();
  await expectAccessible(other);
  await shot(other, info, 'resumed');
  await other.close();

  await page.getByRole('button', { name: 'Detalles', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Tu contratación' })
    .getByRole('button', { name: 'Descartar contratación' })
    .click();
  await expect(page.getByRole('dialog', { name: 'Descartar contratación' })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Descartar' }).click();
  await expect(page.getByText('Descartaste la contratación.')).toBeVisible();
  await expect(page).toHaveURL(/\/tabs/);
  await page.goto(url);
  await expect(page.getByRole('heading', { name: 'Contratación descartada' })).toBeVisible();
});

test("a product sold on the insurer's site is offered there after the redirect notice", async ({
  page,
  context,
}, info) => {
  const answer = await page.request.get('/api/v4/public-policies?per_page=100');
  const external = ((await answer.json()).data as PublicPolicy[]).find((p) => p.external_url);
  if (!external?.external_url || !external.coverages[0]) throw new Error('No product sold on its site');
  const site = external.external_url;
  await context.route(`${site}**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Sitio</title>' }),
  );

  await page.goto(`/contract-insurance?coverage=${external.coverages[0].id}`);
  const notice = page.getByRole('dialog', { name: 'Aviso de redireccionamiento' });
  await expect(notice.getByText('Estás por salir de la app.')).toBeVisible();
  await expectAccessible(page);
  await shot(page, info, 'redirect-notice');
  const popup = page.waitForEvent('popup');
  await notice.getByRole('button', { name: 'Continuar' }).click();
  await expect(await popup).toHaveURL(site);
  await expect(page).toHaveURL(/\/tabs/);
});
