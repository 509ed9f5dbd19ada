/**
 * A chargeback after approval, as the customer lives it (DOMAIN.md "Reversals"), on the real API talking
 * to a local Mercado Pago (the API tests' peer: its REST API, and its signed webhooks sent over HTTP as
 * Mercado Pago sends them). The spec starts that peer and a server of its own configured with it; the
 * checkout page Mercado Pago hosts is the only thing the browser is given instead of the real one.
 *
 * A customer tops up Mi dinero through Mercado Pago, pays an insurance through Mercado Pago and a second
 * one from Mi dinero. Then the card holder disowns both Mercado Pago payments: the insurance they paid
 * becomes 'Anulado', the customer is told, and its certificate's check says it is not in force; the
 * top-up is taken back whole from Mi dinero, which did not hold it any more: the wallet shows the debt.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, type Route, test } from '@playwright/test';
import type { FastifyInstance } from 'fastify';
import {
  type MercadoPagoPayment,
  type MercadoPagoPeer,
  startMercadoPagoPeer,
} from '../../apps/api/test/peers/mercadopago-peer.ts';
import { E2E_PORT } from '../playwright.config.ts';
import { API, type Customer, issueBagInsurance } from './api-steps.ts';
import { expectAccessible, mailedCodes, menu, newEmail, PASSWORD, shot, signIn } from './support.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
/** This spec's own server: its port, its embedded database and mailbox. */
const PORT = Number(process.env.E2E_CHARGEBACK_PORT ?? E2E_PORT + 20);
const DATA_DIR = path.join(tmpdir(), `cubierto-e2e-${PORT}`);
const SERVER = `http://127.0.0.1:${PORT}`;
const MP = {
  accessToken: 'APP_USR-1234567890-e2e-access-token',
  webhookSecret: 'mp-webhook-secret-for-e2e',
};
/** Where Mercado Pago's hosted checkout lives (the peer's preferences point there). */
const CHECKOUT = 'https://www.mercadopago.com.ar/checkout/**';

// Checkouts return to the server's public address (localhost by default): the session is kept per
// origin, so the browser uses that same origin.
test.use({ baseURL: `http://localhost:${PORT}` });

let mp: MercadoPagoPeer;
let server: ChildProcess | undefined;

/**
 * The peer sends its webhooks with Fastify's `inject` (the API tests run the app in process); here they
 * travel over HTTP to the running server, which is what Mercado Pago does. Only `inject` is used by the
 * peer, hence the cast.
 */
const overHttp = {
  async inject(request: { method: string; url: string; headers: Record<string, string>; payload: string }) {
    const answer = await fetch(`${SERVER}${request.url}`, {
      method: request.method,
      headers: request.headers,
      body: request.payload,
    });
    const body = await answer.text();
    return { statusCode: answer.status, body, json: () => JSON.parse(body) as unknown };
  },
} as unknown as FastifyInstance;

/** Mercado Pago notifies the payment's change (signed), and the server says it applied it. */
async function notify(payment: MercadoPagoPayment): Promise<void> {
  const answer = await mp.notify(overHttp, payment.id);
  expect(answer.statusCode, answer.body).toBe(200);
}

async function waitUntilServing(child: ChildProcess, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${SERVER}/api/v4/common/contexts`, { signal: AbortSignal.timeout(2_000) })).ok)
        return;
    } catch {
      // not yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${SERVER} did not answer within ${ms} ms`);
}

test.beforeAll(async () => {
  // Starting a server (migrations, demo data) takes a while on a busy machine.
  test.setTimeout(180_000);
  mp = await startMercadoPagoPeer(MP);
  rmSync(DATA_DIR, { recursive: true, force: true });
  const { DATABASE_URL: _, ...inherited } = process.env;
  // The same command and settings as the config's server, plus Mercado Pago; its own group, so that
  // stopping it stops npx's children too.
  server = spawn('npx', ['tsx', 'src/server.ts'], {
    cwd: path.join(here, '../../apps/api'),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...inherited,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR,
      UPLOADS_DIR: path.join(DATA_DIR, 'uploads'),
      WEB_DIST_DIR: process.env.E2E_WEB_DIST_DIR ?? path.join(here, '../../apps/web/dist'),
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      LOGIN_MAX_PER_IP: '1000',
      LOGIN_MAX_PER_EMAIL: '100',
      REGISTER_MAX_PER_IP: '1000',
      REGISTER_MAX_PER_DEVICE: '1000',
      // Nothing balances load in front of it: no need to keep answering while it stops.
      SHUTDOWN_GRACE_MS: '0',
      MERCADOPAGO_API_URL: mp.url,
      MERCADOPAGO_ACCESS_TOKEN: MP.accessToken,
      MERCADOPAGO_WEBHOOK_SECRET: MP.webhookSecret,
    },
  });
  const log = createWriteStream(path.join(tmpdir(), `cubierto-e2e-${PORT}.log`));
  server.stdout?.pipe(log);
  server.stderr?.pipe(log);
  await waitUntilServing(server, 170_000);
});

/** Whether a process of the server's group (npx, tsx, the server) is still running. */
function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

test.afterAll(async () => {
  // The whole group: npx leaves at once, the server after its graceful stop.
  if (server?.pid && groupAlive(server.pid)) {
    process.kill(-server.pid, 'SIGTERM');
    const end = Date.now() + 30_000;
    while (groupAlive(server.pid) && Date.now() < end)
      await new Promise((resolve) => setTimeout(resolve, 200));
    if (groupAlive(server.pid)) process.kill(-server.pid, 'SIGKILL');
  }
  await mp?.close();
});

/** A new customer registered as the app does it (the code mailed to this server's mailbox). */
async function register(page: Page, name: string): Promise<Customer> {
  const email = newEmail('chargeback');
  const dni = String(30_000_000 + Math.floor(Math.random() * 9_000_000));
  const started = await page.request.post(`${API}/auth/register`, {
    data: { name, email, password: PASSWORD, dni, accepted_terms: true },
  });
  expect(started.status(), await started.text()).toBe(202);
  let code: string | undefined;
  await expect
    .poll(() => {
      code = mailedCodes(email, DATA_DIR).at(-1);
      return code;
    })
    .toBeDefined();
  const answer = await page.request.post(`${API}/auth/register/confirm`, { data: { email, code } });
  expect(answer.status(), await answer.text()).toBe(201);
  const { access_token } = (await answer.json()) as { access_token: string };
  return { email, auth: { Authorization: `Bearer ${access_token}` } };
}

/** Pesos as the app writes them ('$ 1.234,50', '-$ 1.234,50'). */
function ars(cents: number): string {
  return new Intl.NumberFormat('es-AR', { style: 'currency', currency: 'ARS' }).format(cents / 100);
}

/**
 * Mercado Pago's hosted checkout, for the buyer in the browser: the peer's preference is paid there and
 * approved, Mercado Pago notifies the server, and its page sends the buyer back ('Volver al sitio').
 * Answers the payments made, in order.
 */
async function payAtMercadoPago(page: Page): Promise<MercadoPagoPayment[]> {
  const made: MercadoPagoPayment[] = [];
  await page.route(CHECKOUT, async (route: Route) => {
    const preferenceId = new URL(route.request().url()).searchParams.get('pref_id');
    const preference = mp.preferences.find((p) => p.id === preferenceId);
    if (!preference) return route.fulfill({ status: 404, body: 'preference not found' });
    const payment = mp.pay(preference.external_reference, 'approved');
    made.push(payment);
    await notify(payment);
    const item = preference.items[0]!;
    return route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: `<!doctype html><html lang="es"><title>Mercado Pago</title><main>
        <h1>¡Listo! Se acreditó tu pago</h1><p>${item.title}: $ ${item.unit_price}</p>
        <a href="${preference.back_urls.success}">Volver al sitio</a></main></html>`,
    });
  });
  return made;
}

/** Mercado Pago's page (the web goes straight to it from the pay button) → 'Volver al sitio'. */
async function throughMercadoPago(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: '¡Listo! Se acreditó tu pago' })).toBeVisible();
  await page.getByRole('link', { name: 'Volver al sitio' }).click();
}

async function openPayPage(page: Page, insuranceId: number, method: RegExp): Promise<void> {
  await page.goto(`/customers/insurances/${insuranceId}`);
  await expect(page.getByText('Pendiente de pago').first()).toBeVisible();
  await page.getByRole('link', { name: 'Pagar', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Pagar tu contratación' })).toBeVisible();
  await page.getByRole('radio', { name: method }).click();
}

/** The wallet page's balance card. */
const balanceOf = (page: Page) => page.getByRole('region', { name: 'Saldo disponible' });

test('a chargeback after approval voids the insurance it paid and takes a spent top-up back into a debt', async ({
  page,
}, info) => {
  const customer = await register(page, 'Rocío Gutiérrez');
  const byCard = await issueBagInsurance(page, customer);
  const fromWallet = await issueBagInsurance(page, customer);
  const made = await payAtMercadoPago(page);
  await signIn(page, customer.email, PASSWORD);
  await expect(page.getByRole('heading', { name: /¡Hola/ })).toBeVisible();

  // 1. Mi dinero topped up through Mercado Pago: enough for the second insurance and some more.
  const topUpCents = (Math.ceil(fromWallet.total_cents / 100) + 1_000) * 100;
  await menu(page, 'Mi dinero');
  await expect(page.getByRole('heading', { name: 'Mi dinero', level: 1 })).toBeVisible();
  await page.getByLabel('Importe').fill(String(topUpCents / 100));
  await page.getByRole('radio', { name: 'Mercado Pago' }).click();
  await page.getByRole('button', { name: 'Continuar al pago' }).click();
  await throughMercadoPago(page);
  await expect(page).toHaveURL(/\/customers\/money-wallet$/);
  await expect(page.getByText('El pago se realizó correctamente')).toBeVisible();
  await expect(balanceOf(page)).toContainText(ars(topUpCents));
  await shot(page, info, 'topped-up');
  const topUp = made[0]!;

  // 2. The first insurance paid through Mercado Pago: in force, with its certificate's check.
  await openPayPage(page, byCard.id, /Mercado Pago/);
  await page.getByRole('button', { name: /^Pagar \$/ }).click();
  await throughMercadoPago(page);
  await expect(page).toHaveURL(new RegExp(`/customers/insurances/${byCard.id}/cubierto$`));
  await expect(page.getByRole('heading', { name: 'Estás cubierto', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Ver mi seguro' }).click();
  await expect(page).toHaveURL(new RegExp(`/customers/insurances/${byCard.id}$`));
  await expect(page.getByText('Vigente', { exact: true })).toBeVisible();
  const check = await page.getByRole('link', { name: 'Ver la verificación' }).getAttribute('href');
  expect(check).toMatch(/^\/verificar\//);
  const insurancePayment = made[1]!;
  expect(made).toHaveLength(2);

  // … and the second from Mi dinero, which keeps what is left of the top-up.
  await openPayPage(page, fromWallet.id, /Mi dinero/);
  await page.getByRole('button', { name: /^Pagar \$/ }).click();
  await expect(page).toHaveURL(new RegExp(`/customers/insurances/${fromWallet.id}/cubierto$`));
  await expect(page.getByRole('heading', { name: 'Estás cubierto', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Ver mi seguro' }).click();
  await expect(page.getByText('Vigente', { exact: true })).toBeVisible();
  await menu(page, 'Mi dinero');
  await expect(balanceOf(page)).toContainText(ars(topUpCents - fromWallet.total_cents));

  // 3. The card holder disowns the insurance's payment; Mercado Pago notifies it, and again.
  mp.setStatus(insurancePayment.id, 'charged_back');
  await notify(insurancePayment);
  await notify(insurancePayment);

  // The customer is told (the outbox worker stores it shortly) …
  const told = page.getByRole('link', { name: /Tu contratación fue anulada/ });
  await expect(async () => {
    await page.goto('/notifications');
    await expect(told).toBeVisible({ timeout: 2_000 });
  }).toPass();
  await expect(told).toContainText(
    `El medio de pago revirtió el pago de la contratación ${byCard.number} (una devolución o un desconocimiento), así que ya no tiene cobertura.`,
  );
  await expect(told).toContainText('Nueva');
  await expect(page.getByRole('link', { name: /Tu contratación fue anulada/ })).toHaveCount(1);
  await expectAccessible(page);
  await shot(page, info, 'told-voided');

  // … which opens the insurance, now 'Anulado' …
  await told.click();
  await expect(page).toHaveURL(new RegExp(`/customers/insurances/${byCard.id}$`));
  await expect(page.getByText('Anulado', { exact: true })).toBeVisible();
  await expect(page.getByText('Vigente', { exact: true })).toHaveCount(0);
  await expect(
    page.getByText('Esta contratación ya no tiene cobertura, así que no hay constancia para descargar.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Descargar constancia' })).toBeDisabled();
  await expectAccessible(page);
  await shot(page, info, 'insurance-voided');

  // … and anyone checking its certificate reads that it is not in force.
  await page.goto(check!);
  await expect(page.getByRole('status')).toContainText('Sin cobertura vigente');
  await expect(page.getByText(byCard.number)).toBeVisible();
  await expect(page.getByText('Anulado', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await shot(page, info, 'certificate-not-in-force');

  // The second insurance, paid from Mi dinero, is not touched; Mi dinero neither.
  await page.goto(`/customers/insurances/${fromWallet.id}`);
  await expect(page.getByText('Vigente', { exact: true })).toBeVisible();

  // 4. The top-up disowned too: taken back whole, Mi dinero owes what the second insurance used of it.
  mp.setStatus(topUp.id, 'charged_back');
  await notify(topUp);
  await notify(topUp);
  await menu(page, 'Mi dinero');
  await expect(page.getByRole('heading', { name: 'Mi dinero', level: 1 })).toBeVisible();
  await expect(balanceOf(page)).toContainText(ars(-fromWallet.total_cents));
  await expect(balanceOf(page)).toContainText(
    `Debés ${ars(fromWallet.total_cents)}: se descuenta del próximo ingreso, y hasta entonces no podés pagar con este saldo.`,
  );
  const reversal = page.getByRole('link', { name: /Reversión de un pago/ });
  await expect(reversal).toHaveCount(1);
  await expect(reversal).toContainText(ars(-topUpCents));
  await expectAccessible(page);
  await shot(page, info, 'wallet-owes');

  const debt = page.getByRole('link', { name: /Tenés un saldo negativo en Mi dinero/ });
  await expect(async () => {
    await page.goto('/notifications');
    await expect(debt).toBeVisible({ timeout: 2_000 });
  }).toPass();
  await expect(debt).toContainText(`Debés ${ars(fromWallet.total_cents)}`);
  await shot(page, info, 'told-debt');

  // Owing, Mi dinero pays nothing.
  const another = await issueBagInsurance(page, customer);
  await openPayPage(page, another.id, /Mi dinero/);
  await page.getByRole('button', { name: /^Pagar \$/ }).click();
  await expect(page.getByText(/Saldo insuficiente/).first()).toBeVisible();
  await shot(page, info, 'wallet-refuses');
});
