/**
 * Issue 19's three journeys, from the site's root (`/`), at a phone's size (390×844) and a desktop's
 * (1280×800): how many actions a person takes (each click or tap, each field filled, each box ticked, each
 * file chosen) and how long the browser takes (the wall-clock time of the walk, the waits for a person
 * reading the home left out). The journeys themselves are in e2e/tests/journeys.ts, shared with the
 * accessibility spec (e2e/tests/journey-a11y.spec.ts):
 *   1. a new visitor, sign-up included, to the downloaded certificate of a cell-phone insurance (≤ 18);
 *   2. a returning customer, sign-in included, to the downloaded certificate of a travel assistance (≤ 11);
 *   3. a signed-in customer's claim with one attachment on an insurance in force (≤ 8).
 * Measured, not asserted: a count over its target is printed OVER TARGET with its actions, the bench does
 * not fail. Every row goes to bench/results/journey-latest.json; the figures to bench/README.md.
 *   cd apps/web && npx vite build --outDir /tmp/web-journey --emptyOutDir && cd ../.. &&
 *   E2E_WEB_DIST_DIR=/tmp/web-journey E2E_CROSS_ORIGIN_DIST_DIR=/tmp/web-journey npm run bench:journey
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from '@playwright/test';
import { E2E_PORT } from '../e2e/playwright.config.ts';
import {
  claimWithAttachment,
  type JourneyName,
  type JourneyResult,
  newVisitorCellPhone,
  prepareInsuredCustomer,
  prepareReturningTraveller,
  returningCustomerTravel,
  TARGETS,
} from '../e2e/tests/journeys.ts';
import { JOURNEY_RUN } from './playwright.config.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const LATEST = path.join(here, 'results', 'journey-latest.json');

// The test checkout sends the customer back to the server's public address (localhost by default).
test.use({ baseURL: `http://localhost:${E2E_PORT}` });
test.describe.configure({ timeout: 120_000 });

type Row = {
  journey: JourneyName;
  size: string;
  actions: number;
  target: number;
  over_target: boolean;
  browser_seconds: number;
  list: string[];
};
type Figures = { run: string; date: string; load_average: number[]; rows: Row[] };

/** Adds the row to this run's file (a new run starts it again) and prints the table so far. */
function record(size: string, journey: JourneyName, result: JourneyResult): void {
  let figures: Figures = { run: JOURNEY_RUN, date: new Date().toISOString(), load_average: [], rows: [] };
  if (existsSync(LATEST)) {
    const kept = JSON.parse(readFileSync(LATEST, 'utf8')) as Figures;
    if (kept.run === JOURNEY_RUN) figures = kept;
  }
  const row: Row = {
    journey,
    size,
    actions: result.actions.length,
    target: TARGETS[journey],
    over_target: result.actions.length > TARGETS[journey],
    browser_seconds: Math.round(result.ms / 100) / 10,
    list: result.actions,
  };
  figures.rows = [...figures.rows.filter((r) => r.journey !== journey || r.size !== size), row];
  figures.load_average = loadavg().map((n) => Math.round(n * 100) / 100);
  mkdirSync(path.dirname(LATEST), { recursive: true });
  writeFileSync(LATEST, `${JSON.stringify(figures, null, 2)}\n`);

  const verdict = row.over_target ? `OVER TARGET (${row.actions} > ${row.target})` : 'within target';
  console.log(
    `\n${journey} at ${size}: ${row.actions} actions (target ≤ ${row.target}: ${verdict}), ` +
      `${row.browser_seconds.toFixed(1)} s of browser time`,
  );
  if (row.over_target) console.log(result.actions.map((a, n) => `  ${n + 1}. ${a}`).join('\n'));
  console.log('\n| journey | size | actions | target | browser s |\n| --- | --- | ---: | ---: | ---: |');
  for (const r of figures.rows)
    console.log(
      `| ${r.journey} | ${r.size} | ${r.actions}${r.over_target ? ' OVER TARGET' : ''} | ≤ ${r.target} | ${r.browser_seconds.toFixed(1)} |`,
    );
}

const nothing = async () => {};

test('new visitor → cell-phone certificate', async ({ page }, info) => {
  const result = await newVisitorCellPhone(page, { onScreen: nothing });
  record(info.project.name, 'new-visitor-cell-phone', result);
});

test('returning customer → travel certificate', async ({ page }, info) => {
  const customer = await prepareReturningTraveller(page);
  const result = await returningCustomerTravel(page, customer, { onScreen: nothing });
  record(info.project.name, 'returning-customer-travel', result);
});

test('claim with one attachment', async ({ page }, info) => {
  const customer = await prepareInsuredCustomer(page);
  const result = await claimWithAttachment(page, customer, { onScreen: nothing });
  record(info.project.name, 'claim-with-attachment', result);
});
