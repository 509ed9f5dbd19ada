/**
 * Values the build bakes into the bundle, shared by Vite and Vitest.
 * The installed version is this package's version (spec §2: the side menu footer shows it; the start-up
 * version check compares it with the server's). VITE_APP_VERSION overrides it, e.g. to test the update alert.
 * The build stamp (spec §1, `build-stamp.ts`) goes with it.
 */
import { readFileSync } from 'node:fs';
import { createBuildStamp } from './build-stamp.ts';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

export const buildStamp = createBuildStamp(pkg.version);

export const buildDefines = {
  __APP_VERSION__: JSON.stringify(pkg.version),
  __BUILD_STAMP__: JSON.stringify(buildStamp),
};
