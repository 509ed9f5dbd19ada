/**
 * Values the build bakes into the bundle, shared by Vite and Vitest.
 * The installed version is this package's version (spec §2: the side menu footer shows it; the start-up
 * version check compares it with the server's). VITE_APP_VERSION overrides it, e.g. to test the update alert.
 */
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

export const buildDefines = {
  __APP_VERSION__: JSON.stringify(pkg.version),
};
