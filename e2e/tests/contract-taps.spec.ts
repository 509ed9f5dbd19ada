/**
 * Fewer taps while contracting (issue 19 items 5 and 6), with the real API: a returning customer's trip
 * with the last trip's type and the customer chosen as traveller, another traveller added in one tap, the
 * dates on the trip's screen, a resumed process opening at its first screen still unanswered
 * (the proposed cover dates and taker answered on the way), the stepper naming every step and the compact
 * header (one line on a phone, at most about 12 % of 844 px, details in a bottom sheet), the glossary.
 * Axe on every screen; screenshots in artifacts/screenshots/<size>/….
 */
import { expect, type Page, test } from '@playwright/test';
import { API, dayFromToday } from './api-steps.ts';
import { DEMO, expectAccessible, newDni, shot, signIn } from './support.ts';

type PublicPolicy = {
  external_url: string | null;
  risk_type: { short_code: string };
  coverages: Array<{ id: number }>;
};

/** The session token the app keeps in IndexedDB, to set a scene through the API as this customer. */
async function authOf(page: Page): Promise<Record<string, string>> {
  const token = await page.evaluate(
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
  return { Authorization: `Bearer ${token}` };
}

async function coverageFor(page: Page, code: string): Promise<number> {
  const answer = await page.request.get(`${API}/public-policies?per_page=100`);
  const policies = (await answer.json()).data as PublicPolicy[];
  const policy = policies.find((p) => p.risk_type.short_code === code && !p.external_url);
  if (!policy?.coverages[0]) throw new Error(`No coverage contracted in the app for ${code}`);
  return policy.coverages[0].id;
}

/** Starts a travel-assistance process through the API and answers the steps given. */
async function travelProcess(
  page: Page,
  headers: Record<string, string>,
  answers: Record<string, unknown>,
): Promise<number> {
  const started = await page.request.post(`${API}/customers/insurance-processes`, {
    headers,
    data: { coverage_id: await coverageFor(page, 'travel-assistance') },
  });
  expect(started.status(), await started.text()).toBe(201);
  const id = (await started.json()).data.id as number;
  for (const [step, body] of Object.entries(answers)) {
    const saved = await page.request.put(`${API}/customers/insurance-processes/${id}/steps/${step}`, {
      headers,
      data: body,
    });
    expect(saved.status(), `${step}: ${await saved.text()}`).toBe(200);
  }
  return id;
}

const stepHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name, exact: true });

async function stepperNames(page: Page): Promise<string[]> {
  return page
    .getByRole('navigation', { name: 'Pasos de la contratación' })
    .locator('.mantine-Stepper-stepLabel')
    .allInnerTexts();
}

/** The contract header's height: one line on a phone, at most about 12 % of an 844 px screen. */
async function headerHeight(page: Page): Promise<number> {
  const box = await page.locator('header.mantine-Card-root').boundingBox();
  if (!box) throw new Error('No contract header');
  return box.height;
}

test.beforeEach(async ({ page }) => {
  await signIn(page, DEMO.email, DEMO.password);
});

test("a returning customer's trip: last trip's type and themselves chosen, others one tap away @phone-only", async ({
  page,
}, info) => {
  const headers = await authOf(page);
  const me = (await (await page.request.get(`${API}/customers/user?load[User]=*,entity`, { headers })).json())
    .data as {
    name: string;
    entity: { document_number: string };
  };
  // An earlier trip, contracted and confirmed: its travellers are "my last contracts", the customer's own
  // person among them, and its type is the one proposed next.
  const [first = '', ...rest] = me.name.split(' ');
  const own = {
    first_name: first,
    last_name: rest.join(' '),
    dni: me.entity.document_number,
    birth_date: '1990-04-12',
    gender: 'f',
  };
  const lucia = {
    first_name: 'Lucía',
    last_name: 'Fernández',
    dni: newDni(),
    birth_date: '1987-06-21',
    gender: 'f',
  };
  const entity = (await (await page.request.get(`${API}/customers/entities`, { headers })).json()).data[0].id;
  const earlier = await travelProcess(page, headers, {
    risk: { trip_type: 'multi_trip', destination: 'Uruguay', travellers: [own, lucia] },
    dates: { start_date: dayFromToday(3), end_date: dayFromToday(10) },
    taker: { taker_entity_id: entity, billing_entity_id: entity },
  });
  const quote = await page.request.post(`${API}/customers/insurance-processes/${earlier}/quote`, { headers });
  const confirmed = await page.request.post(`${API}/customers/insurance-processes/${earlier}/confirm`, {
    headers,
    data: { quote_id: (await quote.json()).data.id },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(201);

  await page.goto(`/contract-insurance?coverage=${await coverageFor(page, 'travel-assistance')}`);
  await expect(stepHeading(page, 'Tu viaje')).toBeVisible();
  expect(await stepperNames(page)).toEqual(['Tu viaje', 'Tomador', 'Resumen']);
  await expect(page.getByRole('combobox', { name: 'Tipo de viaje' })).toHaveValue('Multiviaje');
  const chosen = page.getByTestId('chosen-traveller');
  await expect(chosen).toHaveCount(1);
  await expect(chosen).toContainText(`${own.first_name} ${own.last_name}`);
  const offer = page.getByRole('button', { name: 'Sumar a Lucía Fernández como viajero' });
  await expect(offer).toBeVisible();
  // The trip's dates on the same screen, the departure today.
  await expect(page.getByLabel('Salida')).toHaveValue(dayFromToday(0));
  await expectAccessible(page);
  await shot(page, info, 'trip-returning');

  await offer.click();
  await expect(chosen).toHaveCount(2);
  await expect(chosen.nth(1)).toContainText('Lucía Fernández');
  await shot(page, info, 'traveller-added');

  await page.getByLabel('Destino').fill('Chile');
  await page.getByLabel('Regreso').fill(dayFromToday(14));
  await page.getByRole('button', { name: 'Continuar', exact: true }).click();
  // The taker is the customer: straight to the summary.
  await expect(stepHeading(page, 'Resumen')).toBeVisible();
  await expect(page.getByText(/Lucía Fernández/).first()).toBeVisible();
  await expect(page.getByText('Multiviaje').first()).toBeVisible();
  await expectAccessible(page);
  await shot(page, info, 'summary');
});

test('a resumed process opens at its first step still unanswered; the header and stepper fit', async ({
  page,
}, info) => {
  const headers = await authOf(page);
  const id = await travelProcess(page, headers, {
    risk: {
      trip_type: 'multi_trip',
      destination: 'Brasil',
      travellers: [
        { first_name: 'Tomás', last_name: 'Paz', dni: newDni(), birth_date: '1992-01-15', gender: 'm' },
      ],
    },
  });
  await page.goto(`/contract-insurance/${id}`);
  // The trip's dates are on the trip's screen (issue 19): it opens there, the trip as saved.
  await expect(stepHeading(page, 'Tu viaje')).toBeVisible();
  await expect(page.getByText('Paso 1 de 3')).toBeVisible();
  await expect(page.getByLabel('Destino')).toHaveValue('Brasil');
  await expect(page.getByRole('group', { name: 'Fechas del viaje' })).toBeVisible();
  // The stepper names every screen, on a phone too, and each is visible.
  expect(await stepperNames(page)).toEqual(['Tu viaje', 'Tomador', 'Resumen']);
  for (const name of ['Tu viaje', 'Tomador', 'Resumen']) {
    await expect(
      page.getByRole('navigation', { name: 'Pasos de la contratación' }).getByText(name, { exact: true }),
    ).toBeVisible();
  }
  const phone = (page.viewportSize()?.width ?? 0) < 768;
  const height = await headerHeight(page);
  console.log(
    `contract header at ${page.viewportSize()?.width}×${page.viewportSize()?.height}: ${height} px`,
  );
  if (phone) {
    expect(height).toBeLessThanOrEqual(0.12 * 844);
    // The product and its price on one line; the rest in a sheet from the bottom.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Asistencia al viajero · /);
    await page.getByRole('button', { name: 'Detalles', exact: true }).click();
    const sheet = page.getByRole('dialog', { name: 'Tu contratación' });
    await expect(sheet.getByRole('button', { name: 'Descartar contratación' })).toBeVisible();
    await expectAccessible(page);
    await shot(page, info, 'header-sheet');
    await sheet.getByRole('button', { name: 'Cerrar' }).click();
    await expect(sheet).toBeHidden();
  } else {
    await expect(page.getByRole('button', { name: 'Ver detalle de la cobertura' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Descartar contratación' })).toBeVisible();
  }
  await expectAccessible(page);
  await shot(page, info, 'resumed-on-trip');

  // One 'Continuar' saves the trip and its dates; the taker is answered on the way: the summary.
  await page.getByRole('button', { name: 'Continuar', exact: true }).click();
  await expect(stepHeading(page, 'Resumen')).toBeVisible();
  // The answered screen stays open from the stepper.
  await page
    .getByRole('navigation', { name: 'Pasos de la contratación' })
    .getByRole('button', { name: /Tu viaje/ })
    .click();
  await expect(stepHeading(page, 'Tu viaje')).toBeVisible();
  await expect(page.getByLabel('Destino')).toHaveValue('Brasil');
  await page.getByRole('button', { name: 'Continuar', exact: true }).click();
  await expect(stepHeading(page, 'Resumen')).toBeVisible();

  // The price's insurance words explain themselves.
  await page.getByRole('button', { name: '¿Qué es esto? Prima' }).click();
  const prima = page.getByRole('dialog', { name: 'Prima' });
  await expect(prima).toContainText('antes de sumarle los recargos y los impuestos');
  await expectAccessible(page);
  await shot(page, info, 'glossary');
  await page.keyboard.press('Escape');
  await expect(prima).toBeHidden();
});
