/**
 * The build stamp the API reports in /common/app-config (spec §1: version, environment, branch, build
 * date): the one the web build wrote beside itself (`build-stamp.json` in WEB_DIST_DIR, apps/web/build-stamp.ts),
 * read once at start. Without a web build (tests, an API run alone) it says what the server knows: the
 * app's version (apps/web/package.json) and its own environment, with no branch, commit or date.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type BuildStamp, BuildStampSchema } from '@cubierto/contracts';
import type { Config } from '../../config.ts';

const webPackage = new URL('../../../../web/package.json', import.meta.url);

export function readBuildStamp(config: Pick<Config, 'env' | 'webDistDir'>): BuildStamp {
  const file = config.webDistDir ? path.join(config.webDistDir, 'build-stamp.json') : undefined;
  if (file && existsSync(file)) {
    const parsed = BuildStampSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (!parsed.success) throw new Error(`${file} is not a build stamp: ${parsed.error.message}`);
    return parsed.data;
  }
  const { version } = JSON.parse(readFileSync(webPackage, 'utf8')) as { version: string };
  return { version, environment: config.env, branch: null, commit: null, built_at: null };
}
