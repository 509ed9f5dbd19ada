/** Shared steps of the browser tests: what a person does, found by the labels a person reads. */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import {
  type ConsoleMessage,
  expect,
  type Frame,
  type Page,
  type Request,
  type Response,
  type TestInfo,
} from '@playwright/test';
import { E2E_DATA_DIR, E2E_PORT } from '../playwright.config.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
export const DEMO = { email: 'demo@cubierto.com.ar', password: 'Cubierto2025!' };
export const PASSWORD = 'Tornado-Azul-2025';

let counter = 0;
export function newEmail(prefix = 'e2e'): string {
  counter += 1;
  return `${prefix}.${Date.now()}.${counter}@example.com`;
}

/** A DNI for a new account: a DNI belongs to one account, and both projects register on one server. */
export function newDni(): string {
  return String(20_000_000 + Math.floor(Math.random() * 9_000_000));
}

/**
 * The mails the e2e server sent to `email`, oldest first, as raw .eml text. Without SMTP_URL the server
 * writes each mail as an .eml file into its development mailbox, DATA_DIR/mail, named after the recipient.
 */
export function mailsTo(email: string, dataDir = E2E_DATA_DIR): string[] {
  const dir = path.join(dataDir, 'mail');
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const suffix = `-${email.toLowerCase().replace(/[^a-z0-9@._-]/g, '_')}.eml`;
  return names
    .filter((name) => name.endsWith(suffix))
    .sort()
    .map((name) => readFileSync(path.join(dir, name), 'utf8'));
}

/** The 6-digit registration codes mailed to `email`, oldest first: each stands alone on its line. */
export function mailedCodes(email: string, dataDir = E2E_DATA_DIR): string[] {
  return mailsTo(email, dataDir).flatMap((mail) => /^(\d{6})\r?$/m.exec(mail)?.[1] ?? []);
}

/** The latest registration code mailed to `email`, once it has arrived. */
export async function mailedCode(email: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(() => {
      code = mailedCodes(email).at(-1);
      return code;
    })
    .toBeDefined();
  return code!;
}

/**
 * The register page's second step: types the code mailed to `email` into the field, which has the focus
 * when the step shows; its sixth digit sends it (issue 19), and the account is in once the page leaves
 * the registration.
 */
export async function confirmRegistration(page: Page, email: string): Promise<void> {
  const field = page.getByLabel('Código de 6 números');
  await expect(field).toBeFocused();
  await page.keyboard.type(await mailedCode(email));
  await expect(page).not.toHaveURL(/\/register/);
}

/**
 * Waits until the app owns every button of a prerendered page (hydrated: React keeps its props on the node).
 * Before that a tap on a button does nothing: the hold keeps typing and submits (public/early-hold.js), not
 * a button's click. Tests that open such a page and press a button at once wait for this first.
 */
export async function untilHydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const buttons = [...document.querySelectorAll('#root button')];
    return (
      buttons.length > 0 &&
      buttons.every((button) => Object.keys(button).some((key) => key.startsWith('__reactProps')))
    );
  });
}

/**
 * Saves a screenshot of the step under artifacts/screenshots/<project>/<test>/NN-step.png, for a person to
 * look at the screens. E2E_SCREENSHOTS=off skips them (CI, where nobody looks: a failure still gets its
 * own screenshot and trace from the config).
 */
export async function shot(page: Page, info: TestInfo, step: string): Promise<void> {
  if (process.env.E2E_SCREENSHOTS === 'off') return;
  const dir = path.join(
    here,
    '../artifacts/screenshots',
    info.project.name,
    info.title.replace(/[^\w-]+/g, '-').slice(0, 60),
  );
  mkdirSync(dir, { recursive: true });
  const n = String((info as TestInfo & { _shots?: number })._shots ?? 0).padStart(2, '0');
  (info as TestInfo & { _shots?: number })._shots = Number(n) + 1;
  await page.screenshot({ path: path.join(dir, `${n}-${step}.png`), fullPage: true });
}

/** No serious or critical WCAG 2.1 A/AA violation on the page as it is now. */
export async function expectAccessible(page: Page): Promise<void> {
  // A toast still fading in has its colours blended with the page: axe would measure that contrast.
  // Wait (2 s at most) for the finite animations and transitions running now; loaders spin forever.
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY);
    await Promise.race([
      Promise.all(finite.map((a) => a.finished.catch(() => undefined))),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]);
  });
  // Legacy mode runs axe in the page itself: the app has no cross-origin frames, and the default mode
  // opened a blank page per check to merge frame results (about half of each check's time).
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** The home tour's window (driver.js). */
export function tourPopover(page: Page) {
  return page.locator('.driver-popover');
}

/**
 * The home tour is offered, not opened by itself (issue 19); should it show up in a test about something
 * else, it is closed as a person would ('Cerrar el recorrido').
 */
const closingTour = new WeakSet<Page>();
export async function closeTourWhenShown(page: Page): Promise<void> {
  if (closingTour.has(page)) return;
  closingTour.add(page);
  await page.addLocatorHandler(tourPopover(page), async (popover) => {
    await popover.getByRole('button', { name: 'Cerrar el recorrido' }).click();
  });
}

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await closeTourWhenShown(page);
  const seen = watchPage(page);
  try {
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Contraseña', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page).toHaveURL(/\/tabs/);
  } catch (error) {
    // A sign-in that went nowhere has failed a few times in whole-suite runs on a loaded machine, and
    // never alone: what the page asked and said is kept with the failure, to tell where it stopped.
    throw new Error(`${String(error)}\n\nWhat the page did meanwhile:\n${seen.log.join('\n')}`);
  } finally {
    seen.stop();
  }
}

/** The page's navigations, API requests and answers, console messages and errors, while it is watched. */
function watchPage(page: Page): { log: string[]; stop: () => void } {
  const log: string[] = [];
  const started = Date.now();
  const note = (line: string) => log.push(`${String(Date.now() - started).padStart(6)} ms ${line}`);
  const pathOf = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');
  const onRequest = (request: Request) => {
    if (request.url().includes('/api/')) note(`> ${request.method()} ${pathOf(request.url())}`);
  };
  const onResponse = (response: Response) => {
    if (response.url().includes('/api/')) note(`< ${response.status()} ${pathOf(response.url())}`);
  };
  const onFailed = (request: Request) => note(`x ${request.method()} ${pathOf(request.url())}`);
  const onNavigated = (frame: Frame) => {
    if (frame === page.mainFrame()) note(`navigated to ${pathOf(frame.url())}`);
  };
  const onConsole = (message: ConsoleMessage) => note(`console.${message.type()}: ${message.text()}`);
  const onError = (error: Error) => note(`page error: ${error.message}`);
  page.on('request', onRequest);
  page.on('response', onResponse);
  page.on('requestfailed', onFailed);
  page.on('framenavigated', onNavigated);
  page.on('console', onConsole);
  page.on('pageerror', onError);
  return {
    log,
    stop() {
      page.off('request', onRequest);
      page.off('response', onResponse);
      page.off('requestfailed', onFailed);
      page.off('framenavigated', onNavigated);
      page.off('console', onConsole);
      page.off('pageerror', onError);
    },
  };
}

/** Opens the side menu when it is collapsed (phone width) and clicks an item. */
export async function menu(page: Page, item: string): Promise<void> {
  const burger = page.getByRole('button', { name: 'Abrir el menú' });
  if (await burger.isVisible()) await burger.click();
  await page.getByRole('navigation', { name: 'Menú principal' }).getByText(item, { exact: true }).click();
}

export async function signOut(page: Page): Promise<void> {
  await menu(page, 'Salir');
  await expect(page.getByText('Cerrando sesión...')).toBeVisible();
  await expect(page).toHaveURL(/\/login/, { timeout: 15_000 });
}

/** The operations command a newcomer runs: `npm run maintenance -- on|off`, against this test server. */
export function maintenance(state: 'on' | 'off'): void {
  execFileSync('npx', ['tsx', 'src/cli/maintenance.ts', state], {
    cwd: path.join(here, '../../apps/api'),
    env: { ...process.env, PORT: String(E2E_PORT), DATA_DIR: E2E_DATA_DIR, LOG_LEVEL: 'silent' },
    stdio: 'pipe',
  });
}
