/** Shared steps of the browser tests: what a person does, found by the labels a person reads. */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';
import { E2E_DATA_DIR, E2E_PORT } from '../playwright.config.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
export const DEMO = { email: 'demo@cubierto.com.ar', password: 'Cubierto2025!' };
export const PASSWORD = 'Tornado-Azul-2025';

let counter = 0;
export function newEmail(prefix = 'e2e'): string {
  counter += 1;
  return `${prefix}.${Date.now()}.${counter}@example.com`;
}

/** Saves a screenshot of the step under artifacts/screenshots/<project>/<test>/NN-step.png. */
export async function shot(page: Page, info: TestInfo, step: string): Promise<void> {
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
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL(/\/tabs/);
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
