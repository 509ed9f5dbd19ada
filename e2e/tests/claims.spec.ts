/**
 * Claims ('Reclamos'): a customer with a bag insurance in force files a claim with two photos from the
 * insurance's page; an operator (through the operator API with the operations token, until the back
 * office has its claim screens) reviews, approves and pays it; the customer sees the status, the money
 * in 'Mi dinero' and the status changes as notifications.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { expect, type Page, test } from '@playwright/test';
import { E2E_DATA_DIR } from '../playwright.config.ts';
import {
  API,
  type Customer,
  dayFromToday,
  issueBagInsurance,
  payInSandbox,
  registerThroughApi,
} from './api-steps.ts';
import { expectAccessible, menu, PASSWORD, shot, signIn } from './support.ts';

/** The operations token the test server keeps in its data folder (see lib/ops-token.ts). */
const opsToken = () => readFileSync(path.join(E2E_DATA_DIR, 'ops-token'), 'utf8').trim();

/** A small valid PNG of one colour, as a phone's photo would be (only smaller). */
function png(rgb: [number, number, number], size = 24): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (data: Buffer) => {
    let c = 0xffffffff;
    for (const byte of data) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8;
  header[9] = 2;
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => rgb).flat())]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: size }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The customer's unread count once it has stopped changing (the outbox worker passes every second). */
async function settledUnreadCount(page: Page, customer: Customer): Promise<number> {
  const read = async () =>
    (
      await (
        await page.request.get(`${API}/customers/notification-user/count`, { headers: customer.auth })
      ).json()
    ).data as number;
  let last = -1;
  for (let i = 0; i < 40; i += 1) {
    const now = await read();
    if (now > 0 && now === last) return now;
    last = now;
    await page.waitForTimeout(1_500);
  }
  return last;
}

async function moveClaim(page: Page, claimId: number, body: Record<string, unknown>) {
  const answer = await page.request.post(`${API}/admin/claims/${claimId}/status`, {
    headers: { 'x-ops-token': opsToken(), 'Idempotency-Key': `e2e-${claimId}-${String(body.status)}` },
    data: body,
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

test('a customer files a claim with two photos, sees it paid into Mi dinero and notified', async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  const customer = await registerThroughApi(page, 'Lucía Reclamos', 'claims');
  const insurance = await issueBagInsurance(page, customer);
  await payInSandbox(page, customer, insurance.id);
  // The payment's notifications (in force, invoice) arrive within a second or two; signing in after they
  // have, the app starts from that count instead of asking about them over the open menu.
  await settledUnreadCount(page, customer);
  // 'Tenés notificaciones nuevas' asks whenever notifications arrive while the app is open (each
  // status change here makes one): answer 'Más tarde' whenever it stands in the way.
  const prompt = page.getByRole('dialog', { name: 'Tenés notificaciones nuevas' });
  await page.addLocatorHandler(prompt, async () => {
    await prompt.getByRole('button', { name: 'Más tarde' }).click();
  });
  await signIn(page, customer.email, PASSWORD);
  // The menu slides in only once the home has drawn.
  await expect(page.getByRole('heading', { name: /¡Hola/ })).toBeVisible();

  // The empty list first.
  await menu(page, 'Reclamos');
  await expect(page).toHaveURL(/\/customers\/claims$/);
  await expect(page.getByRole('heading', { name: 'Reclamos', level: 1 })).toBeVisible();
  await expect(page.getByText('Todavía no hiciste reclamos')).toBeVisible();
  await shot(page, info, 'claims-empty');
  await expectAccessible(page);

  // From the insurance in force: 'Hacer un reclamo'.
  await page.goto(`/customers/insurances/${insurance.id}`);
  await page.getByRole('link', { name: 'Hacer un reclamo' }).click();
  await expect(page.getByRole('heading', { name: 'Nuevo reclamo', level: 1 })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Contratación' })).toHaveValue(
    new RegExp(insurance.number),
  );
  await expect(page.getByRole('combobox', { name: '¿Qué sufrió el siniestro?' })).toHaveValue(
    'Bolso protegido: Mochila negra con notebook',
  );

  // Sending it empty names what is missing, and nothing is lost.
  await page.getByLabel('Lugar').fill('Subte línea D, estación Palermo');
  await page.getByRole('button', { name: 'Enviar reclamo' }).click();
  await expect(page.getByText('Ingresá la fecha del siniestro.')).toBeVisible();
  await expect(page.getByLabel('Lugar')).toHaveValue('Subte línea D, estación Palermo');

  await page.getByLabel('Fecha del siniestro').fill(dayFromToday(0));
  await page.getByLabel('¿Qué pasó?').fill('Me robaron la mochila en el subte, con la notebook adentro.');

  // An executable renamed .jpg is refused by its content; two real photos, a third removed.
  const files = page.getByLabel('Elegir fotos o documentos');
  await files.setInputFiles({
    name: 'foto.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from('MZ\x90\x00 not a photo'),
  });
  await expect(
    page.getByText('foto.jpg: El archivo debe ser una foto (JPG, PNG o WEBP) o un PDF.'),
  ).toBeVisible();
  await files.setInputFiles([
    { name: 'mochila.png', mimeType: 'image/png', buffer: png([180, 30, 30]) },
    { name: 'anden.png', mimeType: 'image/png', buffer: png([30, 90, 180]) },
    { name: 'de-mas.png', mimeType: 'image/png', buffer: png([20, 160, 60]) },
  ]);
  await expect(page.getByRole('img', { name: 'Foto de-mas.png' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Quitar de-mas.png' })).toBeVisible();
  await expect(page.getByLabel(/Subiendo/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Quitar de-mas.png' }).click();
  await expect(page.getByRole('img', { name: 'Foto mochila.png' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Foto anden.png' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Foto de-mas.png' })).toHaveCount(0);
  await shot(page, info, 'new-claim');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Enviar reclamo' }).click();
  await expect(page.getByRole('heading', { name: /^Reclamo R-\d{6}$/, level: 1 })).toBeVisible();
  const claimId = Number(new URL(page.url()).pathname.split('/').pop());
  expect(claimId).toBeGreaterThan(0);
  await expect(page.getByRole('button', { name: 'Descargar mochila.png' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Descargar anden.png' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Descargar de-mas/ })).toHaveCount(0);
  await expect(page.getByRole('img', { name: 'Foto anden.png' })).toBeVisible();

  // A message to Cubierto.
  await page.getByLabel('Tu mensaje').fill('Tengo la denuncia policial, ¿la necesitan?');
  await page.getByRole('button', { name: 'Enviar mensaje' }).click();
  await expect(page.getByText('Tengo la denuncia policial, ¿la necesitan?', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Tu mensaje')).toHaveValue('');
  // The police report, added afterwards.
  await page.getByLabel('Elegir fotos o documentos').setInputFiles({
    name: 'denuncia.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
  });
  await page.getByRole('button', { name: 'Adjuntar archivos' }).click();
  await expect(page.getByRole('button', { name: 'Descargar denuncia.pdf' })).toBeVisible();
  await shot(page, info, 'claim-received');
  await expectAccessible(page);

  // The operator reviews, approves $ 45.000 and pays it.
  await moveClaim(page, claimId, { status: 'en_revision', message: 'Estamos revisando las fotos.' });
  await moveClaim(page, claimId, { status: 'aprobado', approved_amount_cents: 4_500_000 });
  await moveClaim(page, claimId, { status: 'pagado', message: 'Acreditamos el pago en Mi dinero.' });

  await page.reload();
  const timeline = page.getByRole('region', { name: 'Estado del reclamo' });
  await expect(page.getByText('Reclamo pagado')).toBeVisible();
  await expect(page.getByText('Acreditamos $ 45.000,00 en Mi dinero.')).toBeVisible();
  await expect(timeline.getByText('Estamos revisando las fotos.')).toBeVisible();
  await expect(timeline.getByText('Pagado', { exact: true })).toBeVisible();
  await shot(page, info, 'claim-paid');
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Volver a Reclamos' }).click();
  const row = page.getByRole('link', { name: /Reclamo R-\d{6}/ });
  await expect(row.getByText('Pagado', { exact: true })).toBeVisible();
  await expect(row.getByText('$ 45.000,00')).toBeVisible();
  await shot(page, info, 'claims-list');

  // The money is in Mi dinero.
  await menu(page, 'Mi dinero');
  await expect(page.getByText('$ 45.000,00').first()).toBeVisible();
  await expect(page.getByRole('link', { name: /Pago del reclamo R-\d{6}/ })).toBeVisible();

  // And every change came as a notification (the worker delivers them within a second or two).
  await menu(page, 'Notificaciones');
  await expect(page).toHaveURL(/\/notifications$/);
  const list = page.getByRole('main');
  await expect(async () => {
    await page.reload();
    await expect(list.getByText('Pagamos tu reclamo')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(list.getByText('Tu reclamo fue aprobado')).toBeVisible();
  await expect(list.getByText('Tu reclamo está en revisión')).toBeVisible();
  await expect(list.getByText('Recibimos tu reclamo')).toBeVisible();
  await shot(page, info, 'claim-notifications');
});

test("another customer's claim is not found", async ({ page }) => {
  const owner = await registerThroughApi(page, 'Dueña del reclamo', 'claims');
  const insurance = await issueBagInsurance(page, owner);
  await payInSandbox(page, owner, insurance.id);
  const detail = await (
    await page.request.get(`${API}/customers/insurances/${insurance.id}`, { headers: owner.auth })
  ).json();
  const filed = await page.request.post(`${API}/customers/claims`, {
    headers: { ...owner.auth, 'Idempotency-Key': `e2e-claim-${insurance.id}` },
    data: {
      insurance_id: insurance.id,
      risk_id: detail.data.risks[0].id,
      incident_date: dayFromToday(0),
      description: 'Se rompió la mochila y perdí los documentos.',
      place: 'Rosario',
    },
  });
  expect(filed.status(), await filed.text()).toBe(201);
  const claimId = (await filed.json()).data.id;

  const stranger = await registerThroughApi(page, 'Otra clienta', 'claims');
  await signIn(page, stranger.email, PASSWORD);
  await page.goto(`/customers/claims/${claimId}`);
  await expect(page.getByText('No encontramos este reclamo')).toBeVisible();
});
