/**
 * Notifications as a customer meets them: a paid insurance tells its owner (the bell counts it, the list
 * marks it new) and tapping it opens the insurance; news arriving while the app is open asks 'Tenés
 * notificaciones nuevas', and 'Más tarde' closes the question.
 */
import { expect, type Page, test } from '@playwright/test';
import pg from 'pg';
import { API, type Customer, issueBagInsurance, payInSandbox, registerThroughApi } from './api-steps.ts';
import { expectAccessible, PASSWORD, shot, signIn } from './support.ts';

// The service worker is part of what is tested here (the suite blocks it elsewhere: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

/** The header's bell, whatever it counts. */
const bellOf = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Notificaciones/ });

/** The unread count as the API tells it, once the outbox worker has stored what happened. */
async function unreadCount(page: Page, customer: Customer): Promise<number> {
  const answer = await page.request.get(`${API}/customers/notification-user/count`, {
    headers: customer.auth,
  });
  return (await answer.json()).data as number;
}

test('a paid insurance produces a notification whose tap opens the insurance', async ({ page }, info) => {
  const customer = await registerThroughApi(page, 'Julieta Rossi');
  const insurance = await issueBagInsurance(page, customer);
  await payInSandbox(page, customer, insurance.id);
  // The payment tells two things: the insurance in force at once, and its invoice once ARCA (the server's
  // local peer) has authorised it in the background; both are in before the bell is read.
  await expect.poll(() => unreadCount(page, customer), { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
  const before = await unreadCount(page, customer);

  await signIn(page, customer.email, PASSWORD);
  const bell = bellOf(page);
  await expect(bell).toHaveAccessibleName(`Notificaciones, ${before} sin leer`);
  await shot(page, info, 'bell');
  await bell.click();

  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page.getByRole('heading', { name: 'Notificaciones', level: 1 })).toBeVisible();
  const item = page.getByRole('link', { name: /Tu seguro está vigente/ });
  await expect(item).toContainText(insurance.number);
  await expect(item).toContainText('Nueva');
  await expectAccessible(page);
  await shot(page, info, 'list');

  await item.click();
  await expect(page).toHaveURL(new RegExp(`/customers/insurances/${insurance.id}$`));
  await expect(page.getByText('Vigente', { exact: true })).toBeVisible();
  expect(await unreadCount(page, customer)).toBe(before - 1);

  // Back in the list it is no longer new.
  await bellOf(page).click();
  await expect(page.getByRole('link', { name: /Tu seguro está vigente/ })).not.toContainText('Nueva');
});

test('news while the app is open asks to see it; Más tarde closes the question', async ({ page }, info) => {
  const customer = await registerThroughApi(page, 'Tomás Acosta');
  await signIn(page, customer.email, PASSWORD);
  await expect(bellOf(page)).toHaveAccessibleName('Notificaciones');

  // Meanwhile, elsewhere, the customer's money wallet receives money (a top-up approved at the checkout).
  const started = await page.request.post(`${API}/customers/money-wallet/top-ups`, {
    headers: { ...customer.auth, 'Idempotency-Key': `e2e-top-up-${Date.now()}` },
    data: { amount_cents: 250_000, method: 'sandbox' },
  });
  expect(started.status(), await started.text()).toBe(201);
  const checkout = new URL((await started.json()).data.checkout_url as string).pathname;
  expect((await page.request.post(`${checkout}/approve`, { maxRedirects: 0 })).status()).toBe(303);
  await expect.poll(() => unreadCount(page, customer)).toBe(1);

  // The app looks again every 30 s and whenever it comes back to the foreground: here, the latter.
  await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
  const dialog = page.getByRole('dialog', { name: 'Tenés notificaciones nuevas' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('¿Querés acceder a su contenido?')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Ver ahora' })).toBeVisible();
  await expectAccessible(page);
  await shot(page, info, 'prompt');
  await dialog.getByRole('button', { name: 'Más tarde' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/tabs$/);
  await expect(bellOf(page)).toHaveAccessibleName('Notificaciones, 1 sin leer');

  // The wallet movement opens the movement.
  await bellOf(page).click();
  await page.getByRole('link', { name: /Ingresó dinero en Mi dinero/ }).click();
  await expect(page).toHaveURL(/\/customers\/money-wallet\/\d+\/wallet-movements\/\d+$/);
  await expect(page.getByText('$ 2.500,00').first()).toBeVisible();
  await shot(page, info, 'movement');
});

test('an empty list says so, and offers push on this device', async ({ page }, info) => {
  const customer = await registerThroughApi(page, 'Irene Paz');
  await signIn(page, customer.email, PASSWORD);
  // The side menu's 'Notificaciones' leads there too.
  await expect(
    page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Notificaciones' }),
  ).toHaveAttribute('href', '/notifications');
  await bellOf(page).click();
  await expect(page.getByText('No tenés notificaciones')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Activar notificaciones' })).toBeVisible();
  await expectAccessible(page);
  await shot(page, info, 'empty');
});

test('the service worker shows a push and tells the open app, which counts it at once', async ({
  page,
  context,
}, info) => {
  await context.grantPermissions(['notifications']);
  const customer = await registerThroughApi(page, 'Bruno Sosa');
  await signIn(page, customer.email, PASSWORD);
  await expect(bellOf(page)).toHaveAccessibleName('Notificaciones');

  // With permission given, the app registers its service worker 2 s after start (subscribing then fails
  // here: the browser has no push service to reach, and the app carries on without push).
  const cdp = await context.newCDPSession(page);
  // The latest live registration of the app's scope, kept up to date: the one a push must go to.
  let registrationId: string | undefined;
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
    for (const r of registrations) {
      if (!r.scopeURL.endsWith('/')) continue;
      if (!r.isDeleted) registrationId = r.registrationId;
      else if (registrationId === r.registrationId) registrationId = undefined;
    }
  });
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => registrationId).toBeDefined();
  await page.waitForFunction(async () => !!(await navigator.serviceWorker.getRegistration('/'))?.active);

  // Something happens (an insurance paid), and its push reaches this browser.
  const insurance = await issueBagInsurance(page, customer);
  await payInSandbox(page, customer, insurance.id);
  await expect.poll(() => unreadCount(page, customer)).toBeGreaterThanOrEqual(1);
  const list = await page.request.get(`${API}/customers/notification-user`, { headers: customer.auth });
  const first = (await list.json()).data.find(
    (n: { notification: { title: string } }) => n.notification.title === 'Tu seguro está vigente',
  );
  const origin = new URL(page.url()).origin;
  const deliver = () =>
    cdp.send('ServiceWorker.deliverPushMessage', {
      origin,
      registrationId: registrationId!,
      data: JSON.stringify({
        title: first.notification.title,
        body: first.notification.body,
        notification_user_id: first.id,
        url: `/notifications/list/${first.id}`,
      }),
    });

  // Shown by the service worker, opening the notification's route; the bell counts it without waiting.
  const shown = () =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration('/');
      const list = (await registration?.getNotifications()) ?? [];
      return list.map((n) => ({ title: n.title, body: n.body, tag: n.tag, url: n.data?.url }));
    });
  // DevTools' delivery was once lost in CI (nothing shown, the page not told, the retry passed): a push
  // service delivers again until the worker takes it, and so does this test, up to three times. The same
  // tag replaces the notification, so a repeat never shows two.
  for (let attempt = 1; attempt <= 3; attempt++) {
    await deliver();
    const arrived = await expect
      .poll(async () => (await shown()).length, { timeout: 4_000 })
      .toBe(1)
      .then(() => true)
      .catch(() => false);
    if (arrived) break;
  }
  await expect.poll(shown).toEqual([
    {
      title: 'Tu seguro está vigente',
      body: expect.stringContaining(insurance.number),
      tag: `notification-${first.id}`,
      url: `${origin}/notifications/list/${first.id}`,
    },
  ]);
  await expect(bellOf(page)).toHaveAccessibleName(/^Notificaciones, \d+ sin leer$/);
  await expect(page.getByRole('dialog', { name: 'Tenés notificaciones nuevas' })).toBeVisible();
  await shot(page, info, 'after-push');
});

/*
 * Read-all is a partial success (207) when another transaction holds one of the notifications at that
 * moment (opened on another device, the account being deleted): it is not waited for and stays unread.
 * Holding a row lock from outside needs the server on PostgreSQL: run with DATABASE_URL set (the embedded
 * database runs one transaction at a time, so there it cannot happen; the API test covers it on test:pg).
 */
test('read-all while one notification is held elsewhere says it stays unread; trying again marks it', async ({
  page,
}, info) => {
  const databaseUrl = process.env.DATABASE_URL;
  test.skip(!databaseUrl, 'needs the server on PostgreSQL (DATABASE_URL) to hold a row lock from outside');
  const customer = await registerThroughApi(page, 'Ramiro Paz');
  for (let n = 0; n < 2; n += 1) {
    const insurance = await issueBagInsurance(page, customer);
    await payInSandbox(page, customer, insurance.id);
  }
  await expect.poll(() => unreadCount(page, customer)).toBeGreaterThanOrEqual(2);
  const unread = await unreadCount(page, customer);

  const other = new pg.Client({ connectionString: databaseUrl });
  await other.connect();
  try {
    await other.query('begin');
    await other.query(
      `select nu.id from notification_users nu join users u on u.id = nu.user_id
        where u.email = $1 and nu.read_at is null order by nu.id limit 1 for update of nu`,
      [customer.email],
    );
    await signIn(page, customer.email, PASSWORD);
    await bellOf(page).click();
    await page.getByRole('button', { name: 'Marcar todas como leídas' }).click();
    await expect(
      page.getByText('Una notificación no se pudo marcar como leída. Probá de nuevo.'),
    ).toBeVisible();
    await expect(bellOf(page)).toHaveAccessibleName('Notificaciones, 1 sin leer');
    await shot(page, info, 'read-all-partial');
    expect(unread).toBeGreaterThan(1);
  } finally {
    await other.query('rollback').catch(() => {});
    await other.end();
  }
  // The message stands over the top of the list on a phone: the customer closes it, then tries again.
  await page
    .locator('.mantine-Notification-root')
    .filter({ hasText: 'Una notificación no se pudo marcar como leída.' })
    .getByRole('button', { name: 'Cerrar' })
    .click();
  await page.getByRole('button', { name: 'Marcar todas como leídas' }).click();
  await expect(page.getByText('Marcamos 1 notificación como leída.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Marcar todas como leídas' })).toBeHidden();
});
