/**
 * The public pages prerendered at build time (apps/web/build-prerender.ts): with JavaScript off a visitor
 * still reads them, and with it on the app hydrates the very markup the server sent (the same elements
 * stay in the page) and everything works: the live catalogue replaces its skeleton, a product opens, the
 * certificate check's shell gets its answer, and the visitor signs in. A product page and a certificate
 * check are drawn by the server on each request with their live data (apps/api/src/lib/rendered-pages.ts):
 * a price an operator changes is on the next page served, a code's verdict is in the HTML, and the app
 * hydrates that page without asking the API for the same data again.
 *
 * At the desktop's size run what its layout can change: the painting, the hydration (a component that
 * reads the screen's width would draw other markup) and the login keeping still; the rest (the data, the
 * requests, the policy, the early input, the redirect) is the same at both sizes, and runs at the phone's.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { totpCode } from '../../apps/api/src/modules/operators/totp.ts';
import { E2E_DATA_DIR, E2E_PORT } from '../playwright.config.ts';
import { API, issueBagInsurance, registerThroughApi } from './api-steps.ts';
import { DEMO, newEmail, shot, untilHydrated } from './support.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const OPERATOR_PASSWORD = 'Back-Office-Clave-2025';

/** An operator created on the command line against this test server, signed in through the API. */
async function operatorAuth(request: APIRequestContext): Promise<Record<string, string>> {
  const email = newEmail('precios');
  execFileSync('npx', ['tsx', 'src/cli/create-operator.ts', email, 'Olga Operadora'], {
    cwd: path.join(here, '../../apps/api'),
    env: {
      ...process.env,
      PORT: String(E2E_PORT),
      DATA_DIR: E2E_DATA_DIR,
      LOG_LEVEL: 'silent',
      OPERATOR_PASSWORD,
    },
    stdio: 'pipe',
  });
  const login = await request.post(`${API}/admin/auth/login`, {
    data: { email, password: OPERATOR_PASSWORD },
  });
  expect(login.status()).toBe(200);
  const { challenge, secret } = (await login.json()).data as { challenge: string; secret: string };
  const second = await request.post(`${API}/admin/auth/second-factor`, {
    data: { challenge, code: totpCode(secret) },
  });
  expect(second.status()).toBe(200);
  return { authorization: `Bearer ${(await second.json()).access_token}` };
}

/** The "desde" line of each plan of a risk type, as the API answers it now. */
async function livePrices(request: APIRequestContext, riskType: string): Promise<string[]> {
  const res = await request.get(`${API}/public-policies?per_page=100&filter[risk_type][eq]=${riskType}`);
  const policies = (await res.json()).data as Array<{
    coverages: Array<{ premium_from: { amount_nice: string } }>;
  }>;
  return policies.flatMap((policy) => policy.coverages.map((coverage) => coverage.premium_from.amount_nice));
}

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('the public pages are painted from the server’s HTML alone', async ({ page }, info) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Ingresá a tu cuenta' })).toBeVisible();
    await expect(page.getByLabel('Email')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
    await shot(page, info, 'login');

    await page.goto('/productos');
    await expect(page.getByRole('heading', { name: 'Seguros para vos', level: 1 })).toBeVisible();
    // The catalogue itself comes from the API once the app runs: its skeleton stands in.
    await expect(page.locator('ul[aria-busy="true"]')).toBeVisible();
    await shot(page, info, 'catalogue');

    await page.goto('/productos/cell-phone');
    await expect(page.getByRole('heading', { name: 'Celular', level: 1 })).toBeVisible();
    // Drawn by the server with the live catalogue: the plans are there, not their skeleton.
    await expect(page.getByRole('region', { name: 'Celular Protegido' })).toBeVisible();
    await expect(
      page
        .getByRole('region', { name: 'Celular Protegido' })
        .getByText(/desde \$/)
        .first(),
    ).toBeVisible();
    await shot(page, info, 'product');

    const unknown = await page.goto('/verificar/NO-EXISTE-123');
    expect(unknown?.status()).toBe(404);
    await expect(
      page.getByRole('heading', { name: 'No encontramos una constancia con ese código.' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ingresar' })).toBeVisible();
    await expect(page.getByText('Cubierto es un mercado digital de seguros')).toBeVisible();
    // A code no certificate can have (the API refuses its form) is "not found" too.
    expect((await page.goto('/verificar/abc'))?.status()).toBe(404);
    await expect(
      page.getByRole('heading', { name: 'No encontramos una constancia con ese código.' }),
    ).toBeVisible();

    await page.goto('/terminos');
    await expect(page.getByRole('heading', { name: 'Términos y condiciones', level: 1 })).toBeVisible();
    await shot(page, info, 'terms');
    await page.goto('/privacidad');
    await expect(page.getByRole('heading', { name: 'Política de privacidad', level: 1 })).toBeVisible();
  });
});

/**
 * Opens a prerendered page holding the translations back (the app waits for them before it hydrates),
 * tags the server-drawn element `selector` finds, then lets the app start. The tag surviving proves
 * hydration kept the server's markup rather than drawing the page again.
 */
async function openHeld(page: Page, path: string, selector: string): Promise<() => Promise<boolean>> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/i18n/es.json', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  await page
    .locator(selector)
    .first()
    .evaluate((element) => element.setAttribute('data-e2e-server', ''));
  const answered = page.waitForResponse('**/assets/i18n/es.json');
  release();
  await answered;
  await page.unroute('**/assets/i18n/es.json');
  return async () => (await page.locator('[data-e2e-server]').count()) === 1;
}

/** Waits until React owns the element (hydrated or drawn: React keeps its fiber on the node). */
async function reactOwns(page: Page, selector: string): Promise<void> {
  await page.waitForFunction((css) => {
    const element = document.querySelector(css);
    return element !== null && Object.keys(element).some((key) => key.startsWith('__reactFiber'));
  }, selector);
}

test.describe('drawn with their live data, with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('a product page shows the prices of the catalogue as it is now: a price changed is on the next page @phone-only', async ({
    page,
    request,
  }, info) => {
    const operator = await operatorAuth(request);
    // Comercio Seguro, a product no other test buys: its price can change under no one.
    const list = await request.get(`${API}/admin/coverages?per_page=100`, { headers: operator });
    expect(list.status()).toBe(200);
    const coverage = ((await list.json()).data as Array<Record<string, unknown>>).find(
      (item) => item.policy_name === 'Comercio Seguro',
    );
    if (!coverage) throw new Error('the demo catalogue has no Comercio Seguro');
    const before = await livePrices(request, 'store');
    await page.goto('/productos/store');
    for (const price of before) await expect(page.getByText(price).first()).toBeVisible();

    // The coverage as the operator's form sends it back: its own fields, the description without the
    // amounts the list writes out for reading (`*_nice`).
    const fields = ['policy_id', 'public_name', 'public_description', 'description_more', 'pricing'];
    const body = Object.fromEntries(
      [...fields, 'tax_bps', 'status', 'sort_order'].map((key) => [key, coverage[key]]),
    );
    body.description = Object.fromEntries(
      Object.entries(coverage.description as Record<string, unknown>).filter(
        ([key]) => !key.endsWith('_nice'),
      ),
    );
    const saved = await request.put(`${API}/admin/coverages/${coverage.id}`, {
      headers: operator,
      data: { ...body, surcharge_bps: Number(coverage.surcharge_bps) + 2_500 },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    const after = await livePrices(request, 'store');
    const changed = after.find((price) => !before.includes(price));
    if (!changed) throw new Error(`no price changed: ${after.join(', ')}`);

    await page.goto('/productos/store');
    await expect(page.getByText(changed).first()).toBeVisible();
    await shot(page, info, 'product-new-price');
  });

  test('a certificate check shows the verdict of its code @phone-only', async ({ page }) => {
    const customer = await registerThroughApi(page, 'Verificada');
    const insurance = await issueBagInsurance(page, customer);
    const detail = await page.request.get(`${API}/customers/insurances/${insurance.id}`, {
      headers: customer.auth,
    });
    const code = (await detail.json()).data.verification_code as string;
    const res = await page.goto(`/verificar/${code}`);
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/cobertura|Vigente/);
    await expect(page.getByText(insurance.number)).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  });
});

test.describe('with JavaScript on', () => {
  // The held translations are the page's own request: the service worker, once installed, would answer it
  // from its cache, out of the test's reach.
  test.use({ serviceWorkers: 'block' });

  test('the app hydrates the prerendered pages: a visitor opens a product and signs in', async ({
    page,
  }, info) => {
    // A hydration mismatch is reported as a page error (React then draws the whole page again).
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const stillThere = await openHeld(page, '/productos', 'h1');
    // The live catalogue replaces the skeleton.
    await expect(page.getByRole('link', { name: /Celular\s*desde \$/ })).toBeVisible();
    expect(await stillThere()).toBe(true);
    await shot(page, info, 'catalogue-hydrated');

    await page.getByRole('link', { name: /Celular\s*desde \$/ }).click();
    await expect(page).toHaveURL(/\/productos\/cell-phone$/);
    await expect(page.getByRole('region', { name: 'Celular Protegido' })).toBeVisible();
    await page.getByRole('button', { name: 'Ver detalle de Robo (Celular Protegido)' }).click();
    await expect(page.getByRole('dialog', { name: 'Detalle de la contratación' })).toBeVisible();

    const verifyShell = await openHeld(page, '/verificar/NO-EXISTE-123', 'header');
    await expect(
      page.getByRole('heading', { name: 'No encontramos una constancia con ese código.' }),
    ).toBeVisible();
    expect(await verifyShell()).toBe(true);
    await shot(page, info, 'verify-not-found');

    const loginForm = await openHeld(page, '/login', 'form');
    await reactOwns(page, 'form');
    await page.getByLabel('Email').fill(DEMO.email);
    await page.getByLabel('Contraseña', { exact: true }).fill(DEMO.password);
    expect(await loginForm()).toBe(true);
    expect(errors).toEqual([]);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page).toHaveURL(/\/tabs/);
  });

  test('the login page keeps still while its catalogue and its stylesheets arrive, and is then fully styled', async ({
    page,
  }, info) => {
    // Every layout shift the browser reports (Cumulative Layout Shift sums those not caused by input).
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { __shifts: number[] }).__shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<
          PerformanceEntry & { value: number; hadRecentInput: boolean }
        >)
          if (!entry.hadRecentInput) shifts.push(entry.value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    // The catalogue arrives late, as on a slow connection: its placeholders stand in meanwhile.
    await page.route('**/public-policies?*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    // Not waiting for the load event, which comes once the page's JavaScript has run: on a busy machine
    // that can be after the catalogue has arrived.
    await page.goto('/login', { waitUntil: 'domcontentloaded' });
    await expect(page.locator('ul[aria-busy="true"]')).toBeVisible();
    const card = page.getByRole('link', { name: /Celular\s*desde \$/ });
    await expect(card).toBeVisible();
    // The cards' rules are not among those inlined for the placeholders: they come with the whole
    // stylesheets, applied by the app.
    await expect(card).toHaveCSS('border-top-style', 'solid');
    expect(await page.locator('link[data-full-css]').count()).toBeGreaterThan(0);
    expect(await page.locator('link[data-full-css]:not([media="all"])').count()).toBe(0);
    await page.waitForTimeout(300);
    const shift = await page.evaluate(() =>
      (window as unknown as { __shifts: number[] }).__shifts.reduce((sum, value) => sum + value, 0),
    );
    // Web Vitals' "good" is at most 0.1; the form pushed down by the catalogue was 0.25 on a phone.
    expect(shift).toBeLessThan(0.1);
    await shot(page, info, 'login-catalogue-arrived');
  });

  test('a public page’s data is asked for once, with the page, and handed to it when it asks @phone-only', async ({
    page,
  }) => {
    // The server announces each page's first API requests with its HTML (a Link preload header); the app's
    // own request then takes the answer the browser already has, instead of asking the API again.
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/v4/')) asked.push(`${url.pathname}${url.search}`);
    });
    const opened = async (path: string, shown: () => Promise<void>) => {
      asked.length = 0;
      const response = await page.goto(path);
      await shown();
      await page.waitForLoadState('networkidle');
      return { link: response?.headers().link ?? '', asked: [...asked] };
    };
    const onceEach = (result: { link: string; asked: string[] }) => {
      const announced = [...result.link.matchAll(/<([^>]+)>/g)].map((match) => match[1] ?? '');
      expect(announced.length).toBeGreaterThan(0);
      // Once, and exactly as announced: a request the app made otherwise (another query, another
      // encoding) would not have been handed the preloaded answer.
      const pathOf = (address: string) => address.split('?')[0];
      for (const address of announced)
        expect(
          result.asked.filter((sent) => pathOf(sent) === pathOf(address)),
          address,
        ).toEqual([address]);
    };

    // The pages drawn with their data announce nothing and ask for none of it (the next test).
    for (const path of ['/productos/cell-phone', '/verificar/NO-EXISTE-123']) {
      const drawn = await opened(path, () => expect(page.locator('main h1')).toBeVisible());
      expect(drawn.link, path).toBe('');
    }
    onceEach(
      await opened('/login', () =>
        expect(page.getByRole('link', { name: /Celular\s*desde \$/ })).toBeVisible(),
      ),
    );
  });

  test('a page drawn with its data is hydrated as it is, with that data and no second request for it', async ({
    page,
  }, info) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/v4/')) asked.push(`${url.pathname}${url.search}`);
    });
    const dataRequests = () =>
      asked.filter((address) => /public-policies|insured-service|\/common\/verify\//.test(address));

    // The plan's card the server drew stays the same element once React owns it: hydrated, not drawn again.
    const cardKept = await openHeld(page, '/productos/cell-phone', 'article');
    await reactOwns(page, 'article');
    expect(await cardKept()).toBe(true);
    await page.waitForLoadState('networkidle');
    expect(dataRequests()).toEqual([]);
    // And it works: the plan's details open.
    await page.getByRole('button', { name: 'Ver detalle de Robo (Celular Protegido)' }).click();
    await expect(page.getByRole('dialog', { name: 'Detalle de la contratación' })).toBeVisible();
    await shot(page, info, 'product-drawn-hydrated');

    const verdictKept = await openHeld(page, '/verificar/NO-EXISTE-123', '[role="status"]');
    await reactOwns(page, '[role="status"]');
    expect(await verdictKept()).toBe(true);
    await page.waitForLoadState('networkidle');
    await expect(
      page.getByRole('heading', { name: 'No encontramos una constancia con ese código.' }),
    ).toBeVisible();
    expect(dataRequests()).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('the public pages break none of their Content-Security-Policy while they load and draw their data @phone-only', async ({
    page,
  }) => {
    // What the browser reports as a violation (zod's eval probe was one, on every page with a schema).
    await page.addInitScript(() => {
      const violations: string[] = [];
      (window as unknown as { __violations: string[] }).__violations = violations;
      document.addEventListener('securitypolicyviolation', (event) =>
        violations.push(`${event.violatedDirective} ${event.blockedURI}`),
      );
    });
    const violations = () =>
      page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);
    await page.goto('/terminos');
    await expect(page.getByRole('heading', { name: 'Términos y condiciones', level: 1 })).toBeVisible();
    await reactOwns(page, 'h1');
    expect(await violations()).toEqual([]);
    await page.goto('/productos/cell-phone');
    await expect(page.getByRole('region', { name: 'Celular Protegido' })).toBeVisible();
    expect(await violations()).toEqual([]);
  });

  test('what a visitor types and submits before the app has taken the page over is signed in with, never sent in the address @phone-only', async ({
    page,
  }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/assets/i18n/es.json', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/login', { waitUntil: 'domcontentloaded' });
    // The page is the server's HTML: the form is there, the app is not running it yet.
    await page.getByLabel('Email').fill(DEMO.email);
    await page.getByLabel('Contraseña', { exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
    expect(page.url()).not.toContain('password');
    release();
    await expect(page).toHaveURL(/\/tabs/);
    expect(page.url()).not.toContain('password');
  });

  test('a visitor who scrolled to the form before the app took the page over is left there, and is brought back there @phone-only', async ({
    page,
  }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/assets/i18n/es.json', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/login', { waitUntil: 'domcontentloaded' });
    // On a phone the form comes after the catalogue: the visitor scrolls down to it on the server's HTML.
    const submit = page.getByRole('button', { name: 'Ingresar', exact: true });
    await submit.scrollIntoViewIfNeeded();
    const before = await submit.evaluate((button) => ({
      top: button.getBoundingClientRect().top,
      y: window.scrollY,
    }));
    expect(before.y).toBeGreaterThan(200);
    // The app starts and draws what the HTML could not (the social sign-in, the catalogue's cards).
    release();
    await untilHydrated(page);
    await expect(page.getByRole('button', { name: 'Continuar con Google' })).toBeVisible();
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 200))),
    );
    // The button stays under the finger (React Router used to scroll the page to the top as the app started).
    const after = await submit.evaluate((button) => button.getBoundingClientRect().top);
    expect(Math.abs(after - before.top)).toBeLessThan(4);

    // Another page opens at its top, and going back returns to the form.
    const left = await page.evaluate(() => window.scrollY);
    await page.getByRole('link', { name: 'Registrate' }).click();
    await expect(page).toHaveURL(/\/register/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await expect(page).toHaveURL(/\/login/);
    await expect(submit).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(left / 2);
  });

  test('a tap on a button before the app took the page over does what the button does, once @phone-only', async ({
    page,
  }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The app waits for its translations before it takes the page over: the server's HTML meanwhile.
    await page.route('**/assets/i18n/es.json', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/productos/cell-phone', { waitUntil: 'domcontentloaded' });
    await page
      .getByRole('button', { name: /^Ver detalle de / })
      .first()
      .click();
    release();
    // The tap was remembered and made again on the app's button: the plan's detail opens, once.
    const dialog = page.getByRole('dialog', { name: 'Detalle de la contratación' });
    await expect(dialog).toBeVisible();
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 500)));
    await expect(page.getByRole('dialog')).toHaveCount(1);
  });

  test('a signed-in customer opening the prerendered login is taken home @phone-only', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(DEMO.email);
    await page.getByLabel('Contraseña', { exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page).toHaveURL(/\/tabs/);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/tabs/);
    // The public frame offers the way home rather than 'Ingresar' to a customer already signed in.
    await page.goto('/terminos');
    await expect(page.getByRole('link', { name: 'Ir al inicio' })).toBeVisible();
  });
});
