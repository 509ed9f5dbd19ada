/**
 * Phone layout (issue 19, point 6): touch targets of WCAG 2.2 2.5.8 — primary actions (filled buttons,
 * the menu button, the bell) at least 44 × 44 px, every other button, link, radio and checkbox at least
 * 24 × 24 px —, toasts below the header, status badges never cut, and a desktop side menu that shows
 * every item at 1280 × 800 (or scrolls to it).
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { API, dayFromToday, issueBagInsurance, payInSandbox, registerThroughApi } from './api-steps.ts';
import { menu, PASSWORD, shot, signIn, tourPopover } from './support.ts';

/** A 1 × 1 PNG: enough for an attachment with its "×". */
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const INTERACTIVE =
  'button, a[href], input[type="radio"], input[type="checkbox"], [role="button"], [role="radio"], [role="checkbox"], [role="switch"]';

type Measured = { name: string; width: number; height: number; primary: boolean };

/** Every visible interactive element of `scope` with its size; primary ones flagged. */
async function measure(scope: Locator): Promise<Measured[]> {
  const out: Measured[] = [];
  for (const element of await scope.locator(INTERACTIVE).all()) {
    if (!(await element.isVisible())) continue;
    const box = await element.boundingBox();
    if (!box || box.width === 0 || box.height === 0) continue;
    const facts = await element.evaluate((node) => {
      const label =
        node.getAttribute('aria-label') ?? node.textContent?.trim().replace(/\s+/g, ' ').slice(0, 40) ?? '';
      const variant = node.getAttribute('data-variant');
      const filledButton =
        node.classList.contains('mantine-Button-root') && (variant === null || variant === 'filled');
      const named = node.getAttribute('aria-label') ?? '';
      const menuOrBell =
        named === 'Abrir el menú' || named === 'Cerrar el menú' || named.startsWith('Notificaciones');
      // A link inside a sentence is exempt from 2.5.8 ("Inline"): its size is the text's.
      const inline = node.tagName === 'A' && getComputedStyle(node).display === 'inline';
      return {
        label: `${node.tagName.toLowerCase()} "${label}"`,
        primary: filledButton || menuOrBell,
        inline,
      };
    });
    if (facts.inline) continue;
    out.push({ name: facts.label, width: box.width, height: box.height, primary: facts.primary });
  }
  return out;
}

/** Sizes below 44 × 44 for primary actions and 24 × 24 for the rest, as readable lines. */
async function tooSmall(scope: Locator): Promise<string[]> {
  const measured = await measure(scope);
  expect(measured.length).toBeGreaterThan(0);
  return measured
    .filter(({ width, height, primary }) => {
      const minimum = primary ? 44 : 24;
      // Sub-pixel rounding of rem sizes.
      return width < minimum - 0.5 || height < minimum - 0.5;
    })
    .map(({ name, width, height, primary }) => `${primary ? 'primary ' : ''}${name}: ${width}×${height}`);
}

/** No status badge on the page shows an ellipsis instead of its words. */
async function expectBadgesWhole(page: Page): Promise<void> {
  const badges = page.locator('.mantine-Badge-root');
  await expect(badges.first()).toBeVisible();
  const cut = await badges.evaluateAll((nodes) =>
    nodes
      .filter((node) => {
        const label = node.querySelector('.mantine-Badge-label') ?? node;
        return label.scrollWidth > label.clientWidth || node.scrollWidth > node.clientWidth;
      })
      .map((node) => node.textContent),
  );
  expect(cut).toEqual([]);
}

/** A customer with a paid insurance and a claim on it ('Recibido'). */
async function customerWithClaim(page: Page) {
  const customer = await registerThroughApi(page, 'Tomás Pantallas', 'touch');
  const insurance = await issueBagInsurance(page, customer);
  await payInSandbox(page, customer, insurance.id);
  const detail = await (
    await page.request.get(`${API}/customers/insurances/${insurance.id}`, { headers: customer.auth })
  ).json();
  const filed = await page.request.post(`${API}/customers/claims`, {
    headers: { ...customer.auth, 'Idempotency-Key': `e2e-touch-${insurance.id}` },
    data: {
      insurance_id: insurance.id,
      risk_id: detail.data.risks[0].id,
      incident_date: dayFromToday(0),
      description: 'Se rompió la mochila en el colectivo.',
      place: 'Córdoba',
    },
  });
  expect(filed.status(), await filed.text()).toBe(201);
  return { customer, insurance };
}

/** 'Tenés notificaciones nuevas' may ask over any screen while the payment's notifications arrive. */
async function dismissNewNotificationsPrompt(page: Page): Promise<void> {
  const prompt = page.getByRole('dialog', { name: 'Tenés notificaciones nuevas' });
  await page.addLocatorHandler(prompt, async () => {
    await prompt.getByRole('button', { name: 'Más tarde' }).click();
  });
}

/** The welcome tour may open by itself on a first visit: closed, as a person would, before measuring. */
async function closeTourIfOffered(page: Page): Promise<void> {
  const tour = tourPopover(page);
  await tour.waitFor({ state: 'visible', timeout: 5_000 }).catch(() => undefined);
  if (await tour.isVisible()) await tour.getByRole('button', { name: 'Cerrar el recorrido' }).click();
  await expect(tour).toBeHidden();
}

test('at 390 × 844 every button, link, radio and checkbox is big enough to touch, and statuses read whole @phone-only', async ({
  page,
}, info) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { customer, insurance } = await customerWithClaim(page);
  await dismissNewNotificationsPrompt(page);
  await signIn(page, customer.email, PASSWORD);
  await expect(page.getByRole('heading', { name: /¡Hola/ })).toBeVisible();
  const header = page.locator('.mantine-AppShell-header');
  // The sign-in's toast ('Inicio de sesión correcto') stands below the header, not over it.
  const toast = page.locator('.mantine-Notification-root').first();
  await expect(toast).toBeVisible();
  const headerBottom = await header.evaluate((node) => node.getBoundingClientRect().bottom);
  expect((await toast.boundingBox())!.y).toBeGreaterThanOrEqual(headerBottom);
  await shot(page, info, 'toast-below-header');
  await closeTourIfOffered(page);

  // Home.
  const menuButton = page.getByRole('button', { name: 'Abrir el menú' });
  const bell = page.locator('header').getByRole('link', { name: /^Notificaciones/ });
  for (const primary of [menuButton, bell]) {
    const box = (await primary.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(44);
    expect(box.height).toBeGreaterThanOrEqual(44);
  }
  await shot(page, info, 'home');
  expect(await tooSmall(page.locator('main'))).toEqual([]);
  expect(await tooSmall(header)).toEqual([]);

  // The menu, open.
  await menuButton.click();
  const navigation = page.getByRole('navigation', { name: 'Menú principal' });
  await expect(navigation.getByText('Reclamos', { exact: true })).toBeVisible();
  await shot(page, info, 'menu');
  expect(await tooSmall(navigation)).toEqual([]);
  await page.getByRole('button', { name: 'Cerrar el menú' }).click();

  // An insurance.
  await page.goto(`/customers/insurances/${insurance.id}`);
  await expect(page.getByRole('link', { name: 'Hacer un reclamo' })).toBeVisible();
  await shot(page, info, 'insurance');
  expect(await tooSmall(page.locator('main'))).toEqual([]);
  await expectBadgesWhole(page);

  // The claims list: 'Recibido' whole.
  await menu(page, 'Reclamos');
  await expect(page).toHaveURL(/\/customers\/claims$/);
  await expect(page.locator('main .mantine-Badge-root').getByText('Recibido', { exact: true })).toBeVisible();
  await shot(page, info, 'claims');
  expect(await tooSmall(page.locator('main'))).toEqual([]);
  await expectBadgesWhole(page);

  // A new claim with an attachment: its "×".
  await page.goto(`/customers/insurances/${insurance.id}`);
  await page.getByRole('link', { name: 'Hacer un reclamo' }).click();
  await expect(page.getByRole('heading', { name: 'Nuevo reclamo', level: 1 })).toBeVisible();
  await page
    .getByLabel('Elegir fotos o documentos')
    .setInputFiles({ name: 'mochila.png', mimeType: 'image/png', buffer: PIXEL });
  const remove = page.getByRole('button', { name: 'Quitar mochila.png' });
  await expect(remove).toBeVisible();
  await shot(page, info, 'new-claim');
  expect(await tooSmall(page.locator('main'))).toEqual([]);
});

test('at 1280 × 800 the side menu shows every item, or scrolls to it @phone-only', async ({ page }, info) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const { customer } = await customerWithClaim(page);
  await dismissNewNotificationsPrompt(page);
  await signIn(page, customer.email, PASSWORD);
  await expect(page.getByRole('heading', { name: /¡Hola/ })).toBeVisible();
  const navigation = page.getByRole('navigation', { name: 'Menú principal' });
  await closeTourIfOffered(page);
  await shot(page, info, 'desktop-menu');

  const items = navigation.locator('a[href], button');
  const count = await items.count();
  expect(count).toBeGreaterThan(5);
  for (let n = 0; n < count; n += 1) {
    const item = items.nth(n);
    if (!(await item.isVisible())) continue;
    await item.scrollIntoViewIfNeeded();
    const box = (await item.boundingBox())!;
    const label = (await item.textContent())?.trim();
    expect(box.y, `${label} above the window`).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height, `${label} below the window`).toBeLessThanOrEqual(800);
    // Nothing covers it: the point at its middle belongs to the item.
    const onTop = await item.evaluate((node) => {
      const rect = node.getBoundingClientRect();
      const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
      return hit !== null && node.contains(hit) ? 'on top' : (hit?.outerHTML.slice(0, 120) ?? 'nothing');
    });
    expect(onTop, `${label} is covered`).toBe('on top');
  }
  for (const name of ['Reclamos', 'Notificaciones']) {
    await navigation.getByText(name, { exact: true }).scrollIntoViewIfNeeded();
    await expect(navigation.getByText(name, { exact: true })).toBeInViewport();
  }
  await shot(page, info, 'desktop-menu-scrolled');
});
