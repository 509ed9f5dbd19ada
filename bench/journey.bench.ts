/**
 * How long, and how many actions (clicks, taps, fields typed), a customer needs from the home screen to
 * a cell-phone insurance 'Pendiente de pago'. Measured, not asserted: the figures go to
 * bench/results/journey-latest.json and bench/README.md.
 *   npm run build -w apps/web && npm run bench:journey
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Locator, test } from '@playwright/test';
import { pngImage } from '../apps/api/test/fixtures.ts';
import { DEMO, signIn } from '../e2e/tests/support.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

test('home → cell-phone insurance pendiente', async ({ page }) => {
  await signIn(page, DEMO.email, DEMO.password);
  let actions = 0;
  const click = async (target: Locator) => {
    actions += 1;
    await target.click();
  };
  const fill = async (target: Locator, value: string) => {
    actions += 1;
    await target.fill(value);
  };

  const started = Date.now();
  await click(page.getByRole('region', { name: 'Productos' }).getByRole('link', { name: /Celular/ }));
  await click(page.getByRole('button', { name: /^Contratar/ }).first());
  await expect(page).toHaveURL(/\/contract-insurance\/\d+$/);
  await fill(page.getByLabel('Marca'), 'Samsung');
  await fill(page.getByLabel('Modelo'), 'Galaxy A54');
  await fill(page.getByLabel('Número IMEI'), '490154203237518');
  await fill(page.getByLabel('Número de serie (SN)'), 'R58T12345XY');
  await fill(page.getByLabel('Valor del equipo'), '450000');
  await click(page.getByRole('button', { name: 'Continuar', exact: true }));
  for (const [n, rgb] of [
    [1, [0, 120, 140]],
    [2, [240, 110, 60]],
  ] as const) {
    await click(page.getByRole('button', { name: `Subir foto ${n}` }));
    const chooser = page.waitForEvent('filechooser');
    await click(page.getByRole('button', { name: 'Entendido' }));
    actions += 1; // choosing the file
    await (await chooser).setFiles({
      name: `foto-${n}.png`,
      mimeType: 'image/png',
      buffer: pngImage(48, 36, [...rgb]),
    });
    await expect(page.getByRole('img', { name: `Foto ${n} cargada` })).toBeVisible();
  }
  await click(page.getByRole('button', { name: 'Continuar', exact: true }));
  await expect(page.getByRole('heading', { level: 2, name: 'Vigencia' })).toBeVisible();
  await click(page.getByRole('button', { name: 'Continuar', exact: true }));
  await expect(page.getByRole('heading', { level: 2, name: 'Tomador' })).toBeVisible();
  await click(page.getByRole('button', { name: 'Continuar', exact: true }));
  await click(page.getByRole('button', { name: 'Confirmar' }));
  await expect(page.getByRole('dialog', { name: 'Tu contratación aún no está pagada' })).toBeVisible();
  const seconds = (Date.now() - started) / 1000;

  const figures = { date: new Date().toISOString(), viewport: '390x844', actions, seconds };
  mkdirSync(path.join(here, 'results'), { recursive: true });
  writeFileSync(path.join(here, 'results', 'journey-latest.json'), `${JSON.stringify(figures, null, 2)}\n`);
  console.log(`home → cell-phone insurance pendiente: ${actions} actions, ${seconds.toFixed(1)} s`);
});
