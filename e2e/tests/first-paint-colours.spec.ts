/**
 * The public pages are painted in their own colours from the first frame: the rules inlined in their head
 * (apps/web/build-prerender.ts, `inlineCriticalCss`) carry the variables of Mantine's colour scheme that
 * the page uses (`--mantine-color-body`, `--mantine-color-default`, …, under
 * `:root[data-mantine-color-scheme=light]`). Without them the login's card, a product page's plans and
 * the certificate check's card were see-through on the page's grey, a product page's "default" buttons
 * were painted in the brand's colour, and everything turned to its real colour once the full
 * stylesheets arrived: a flash a visitor on a slow phone saw on every public page.
 *
 * Each page is held at its first paint (its stylesheets and scripts held back: nothing but the HTML and
 * its inlined rules), its colours read, then let go; once the full stylesheets apply and the app has
 * hydrated, the same elements (tagged at the first paint; hydration keeps them) have the same colours. The catalogue's data is held throughout, so its
 * placeholders stay placeholders at both moments.
 */
import { expect, type Page, test } from '@playwright/test';
import { shot } from './support.ts';

/** The elements whose colours a visitor sees change: the page, its cards, its fields and its buttons. */
const PAINTED = '.mantine-Paper-root, input, textarea, button, .mantine-Button-root, header, main';

type Colours = Record<string, string>;

/**
 * background, text and border colours of the page, its body and every `PAINTED` element in #root. At the
 * first paint each element is tagged (`data-e2e-paint`); once loaded the tagged elements are read again,
 * so an element the app adds later (or one hydration replaced: missing) does not shift the others.
 */
function colours(page: Page, moment: 'painted' | 'loaded'): Promise<Colours> {
  return page.evaluate(
    ({ painted, moment }) => {
      const read = (element: Element) => {
        const style = getComputedStyle(element);
        return `${style.backgroundColor} / ${style.color} / ${style.borderTopColor} ${style.borderTopStyle}`;
      };
      const result: Record<string, string> = {
        'color-scheme': getComputedStyle(document.documentElement).colorScheme,
        html: read(document.documentElement),
        body: read(document.body),
      };
      const elements =
        moment === 'painted'
          ? [...document.querySelectorAll(`#root :is(${painted})`)]
          : [...document.querySelectorAll('[data-e2e-paint]')];
      elements.forEach((element, n) => {
        if (moment === 'painted') element.setAttribute('data-e2e-paint', element.tagName.toLowerCase() + n);
        const classes = [...element.classList].filter((name) => name.startsWith('mantine-')).slice(0, 1);
        result[`${element.getAttribute('data-e2e-paint')}${classes.map((name) => `.${name}`).join('')}`] =
          read(element);
      });
      return result;
    },
    { painted: PAINTED, moment },
  );
}

const PAGES: Array<{ path: string; has: string[] }> = [
  // The login's card and its fields are what a visitor saw flash (the card see-through on the grey).
  { path: '/login', has: ['#ingresar .mantine-Paper-root', '#ingresar input'] },
  { path: '/productos', has: ['header', 'main'] },
  // Drawn per request with its plans: cards and "default" buttons.
  { path: '/productos/cell-phone', has: ['.mantine-Paper-root', 'main .mantine-Button-root'] },
  // Drawn per request with its verdict, in a card.
  { path: '/verificar/NO-EXISTE-123', has: ['.mantine-Paper-root'] },
  { path: '/terminos', has: ['main'] },
];

for (const { path, has } of PAGES) {
  test(`${path} is painted in its own colours before its stylesheets arrive`, async ({ page }, info) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The first paint: the HTML and its inlined rules, nothing else (the full stylesheets, linked for
    // print, apply once the app's entry has run; both are held).
    await page.route(/\/assets\/.*\.(css|js)(\?|$)/, async (route) => {
      await held;
      await route.continue().catch(() => {});
    });
    // The catalogue's placeholders stay as they are painted: the cards that replace them are not the matter.
    let releaseCatalogue: () => void = () => {};
    const catalogueHeld = new Promise<void>((resolve) => {
      releaseCatalogue = resolve;
    });
    await page.route('**/public-policies?*', async (route) => {
      await catalogueHeld;
      await route.continue().catch(() => {});
    });

    await page.goto(path, { waitUntil: 'domcontentloaded' });
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(null)))),
    );
    for (const selector of has) await expect(page.locator(selector).first()).toBeAttached();
    // Nothing but the HTML is there: no full stylesheet applies, no script of the page has run.
    expect(await page.locator('link[data-full-css][media="all"]').count()).toBe(0);
    const painted = await colours(page, 'painted');
    if (path === '/login') await page.locator('#ingresar').scrollIntoViewIfNeeded();
    await shot(page, info, 'first-paint');

    release();
    // The entry applies the full stylesheets, then hydrates.
    await page.waitForFunction(
      () =>
        document.querySelectorAll('link[data-full-css]').length > 0 &&
        document.querySelectorAll('link[data-full-css]:not([media="all"])').length === 0,
    );
    await page.waitForFunction(() => {
      const first = document.querySelector('#root > *');
      return first !== null && Object.keys(first).some((key) => key.startsWith('__reactFiber'));
    });
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(null), 300))),
    );
    const loaded = await colours(page, 'loaded');
    await shot(page, info, 'loaded');
    test.info().annotations.push({ type: 'colours', description: JSON.stringify({ painted, loaded }) });

    // The card, its fields and buttons: white on the page's grey from the first frame.
    expect(painted).toEqual(loaded);
    releaseCatalogue();
  });
}
