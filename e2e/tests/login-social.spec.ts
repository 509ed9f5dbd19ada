/**
 * The login page with social sign-in enabled (the demo's active web version enables Google, Facebook and
 * Apple): the server draws the page with the app's version (apps/web/src/prerender/pages.ts, `withData`),
 * so the three buttons are in its first paint and nothing moves when the app takes the page over. They
 * used to come 300–480 ms after the paint, once the app had asked for the version: the card grew by
 * 206 px and what is below it moved by as much, under a tap aimed at it ('Cómo eliminar tu cuenta' in
 * privacy.spec.ts went to another element now and then).
 *
 * The catalogue is held back until the end: its cards replacing their placeholders are the catalogue's
 * own matter (prerender.spec.ts, "the login page keeps still while its catalogue … arrive").
 */
import { expect, type Page, test } from '@playwright/test';
import { untilHydrated } from './support.ts';

type Box = { x: number; y: number; width: number; height: number };

/** Where the card, what is below it and the catalogue are, and which social buttons are on the page. */
function layout(page: Page) {
  return page.evaluate(() => {
    const box = (element: Element | null | undefined): Box | null => {
      if (!element) return null;
      const { x, y, width, height } = element.getBoundingClientRect();
      return { x, y: y + window.scrollY, width, height };
    };
    const link = (name: string) => [...document.querySelectorAll('a')].find((a) => a.textContent === name);
    return {
      card: box(document.querySelector('#ingresar .mantine-Paper-root')),
      below: box(link('Cómo eliminar tu cuenta')),
      register: box(link('Registrate')),
      catalogue: box(document.querySelector('main > section')),
      buttons: [...document.querySelectorAll('#ingresar button')]
        .map((button) => button.textContent?.trim() ?? '')
        .filter((text) => text.startsWith('Continuar con')),
      // Their colours: the providers' own, from the first paint (not the primary colour until the
      // stylesheets arrive).
      colours: [...document.querySelectorAll('#ingresar button')]
        .filter((button) => button.textContent?.startsWith('Continuar con'))
        .map((button) => {
          const style = getComputedStyle(button);
          return `${style.color} on ${style.backgroundColor}`;
        }),
    };
  });
}

test('the social sign-in buttons are in the login’s first paint, and nothing moves when the app takes it over', async ({
  page,
}) => {
  // A hydration mismatch is reported as a page error (React then draws the whole page again).
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // Every layout shift the browser reports that no input caused (what Cumulative Layout Shift sums).
  await page.addInitScript(() => {
    const shifts: Array<{ value: number; sources: string[] }> = [];
    (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<
        PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
          sources?: Array<{
            node?: Node | null;
            previousRect: DOMRectReadOnly;
            currentRect: DOMRectReadOnly;
          }>;
        }
      >)
        if (!entry.hadRecentInput)
          shifts.push({
            value: entry.value,
            sources: (entry.sources ?? []).map(
              (source) =>
                `${source.node?.textContent?.slice(0, 40) ?? '?'}: ${source.previousRect.y} → ${source.currentRect.y}`,
            ),
          });
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/v4/common/app-version')) asked.push(request.url());
  });
  let releaseCatalogue: () => void = () => {};
  const catalogueHeld = new Promise<void>((resolve) => {
    releaseCatalogue = resolve;
  });
  await page.route('**/public-policies?*', async (route) => {
    await catalogueHeld;
    await route.continue().catch(() => {});
  });
  // The app waits for its translations before it takes the page over: until then the page is the
  // server's HTML as painted.
  let releaseApp: () => void = () => {};
  const appHeld = new Promise<void>((resolve) => {
    releaseApp = resolve;
  });
  await page.route('**/assets/i18n/es.json', async (route) => {
    await appHeld;
    await route.continue();
  });

  await page.goto('/login', { waitUntil: 'domcontentloaded' });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
  const painted = await layout(page);

  const translations = page.waitForResponse('**/assets/i18n/es.json');
  releaseApp();
  await translations;
  await untilHydrated(page);
  const google = page.getByRole('button', { name: 'Continuar con Google' });
  // React owns the button: the hold of early input has handed the page over.
  await expect
    .poll(() =>
      google.evaluate((button) => Object.keys(button).some((key) => key.startsWith('__reactProps'))),
    )
    .toBe(true);
  await page.waitForFunction(() => (window as { __earlyHold?: unknown }).__earlyHold === undefined);
  // Idle: what the app draws after its start (the version's answer, had it asked) has had time to land.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 1_000))),
  );
  const hydrated = await layout(page);
  const shifts = await page.evaluate(
    () => (window as unknown as { __shifts: Array<{ value: number; sources: string[] }> }).__shifts,
  );
  const cls = shifts.reduce((sum, shift) => sum + shift.value, 0);
  // What was measured, in the report (a failure shows which element moved, and by how much).
  test.info().annotations.push({
    type: 'layout',
    description: JSON.stringify({ painted, hydrated, cls, shifts }),
  });

  expect(painted.buttons).toEqual(['Continuar con Google', 'Continuar con Facebook', 'Continuar con Apple']);
  expect(hydrated.buttons).toEqual(painted.buttons);
  expect(hydrated.colours).toEqual(painted.colours);
  expect(hydrated.card).toEqual(painted.card);
  expect(hydrated.below).toEqual(painted.below);
  expect(hydrated.register).toEqual(painted.register);
  expect(hydrated.catalogue).toEqual(painted.catalogue);
  expect(cls).toBeLessThan(0.001);
  expect(errors).toEqual([]);
  // The page came with the version: the app does not ask for it again.
  expect(asked).toEqual([]);

  // The buttons work: with no Google client configured here, the app says so.
  await google.click();
  await expect(page.getByText('El ingreso con Google no está disponible por el momento.')).toBeVisible();
  releaseCatalogue();
  await expect(page.getByRole('link', { name: /Celular\s*desde \$/ })).toBeVisible();
});
