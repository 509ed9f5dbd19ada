/** The journey benchmark runs on the browser tests' setup (real server, embedded database, Chromium). */
import { defineConfig } from '@playwright/test';
import e2e from '../e2e/playwright.config.ts';

export default defineConfig({
  ...e2e,
  testDir: '.',
  testMatch: /journey\.bench\.ts$/,
  outputDir: './results/journey',
  reporter: [['list']],
  retries: 0,
  projects: [{ name: 'mobile', use: { viewport: { width: 390, height: 844 }, hasTouch: true } }],
});
