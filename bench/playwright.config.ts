/**
 * The journey benchmark (bench/journey.bench.ts) on the browser tests' setup: real server, embedded
 * database, Chromium, at the phone's and the desktop's sizes, one journey at a time.
 */
import { defineConfig } from '@playwright/test';
import e2e from '../e2e/playwright.config.ts';

/** One run's id: the runner's, inherited by its workers, so their rows land in the same results file. */
process.env.JOURNEY_RUN ??= new Date().toISOString();
export const JOURNEY_RUN = process.env.JOURNEY_RUN;

export default defineConfig({
  ...e2e,
  testDir: '.',
  testMatch: /journey\.bench\.ts$/,
  outputDir: './results/journey',
  reporter: [['list']],
  retries: 0,
  // One journey at a time: the browser time of one is not the other's.
  workers: 1,
  projects: [
    { name: '390x844', use: { viewport: { width: 390, height: 844 }, hasTouch: true } },
    { name: '1280x800', use: { viewport: { width: 1280, height: 800 } } },
  ],
});
