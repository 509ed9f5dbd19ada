/**
 * The build stamp (spec §1: "2.1.11, production, master, 2025-10-23"): version, environment, branch,
 * commit and build date, baked into the bundle and written beside it as `build-stamp.json`, which the
 * API serves in /common/app-config. The branch and commit come from this repository's git when it is
 * there; a CI or image build without it passes BUILD_BRANCH, BUILD_COMMIT (and BUILD_DATE, BUILD_ENVIRONMENT)
 * instead. git runs in the build's folder (the web package's, under npm); nothing outside the repository
 * is read.
 */
import { execFileSync } from 'node:child_process';
import type { Plugin } from 'vite';

export type BuildStamp = {
  version: string;
  /** null in the bundle: the page then uses Vite's mode ('production' for `vite build`). */
  environment: string | null;
  branch: string | null;
  commit: string | null;
  /** YYYY-MM-DD, UTC. */
  built_at: string;
};

function git(args: string[]): string | null {
  try {
    const out = execFileSync('git', args, {
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 5000,
    });
    const text = out.toString().trim();
    return text === '' ? null : text;
  } catch {
    return null;
  }
}

export function createBuildStamp(
  version: string,
  env: Record<string, string | undefined> = process.env,
  now: Date = new Date(),
): BuildStamp {
  const branch = env.BUILD_BRANCH || git(['rev-parse', '--abbrev-ref', 'HEAD']);
  const builtAt = env.BUILD_DATE || now.toISOString().slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(builtAt))
    throw new Error(`BUILD_DATE must be YYYY-MM-DD, not "${builtAt}"`);
  return {
    version,
    environment: env.BUILD_ENVIRONMENT || null,
    // A detached checkout (a CI job on a tag) has no branch to name.
    branch: branch === 'HEAD' ? null : branch,
    commit: env.BUILD_COMMIT || git(['rev-parse', '--short=12', 'HEAD']),
    built_at: builtAt,
  };
}

/** Writes `build-stamp.json` into the build, the environment filled from the build's mode when not given. */
export function buildStampFile(stamp: BuildStamp): Plugin {
  let mode = 'production';
  return {
    name: 'cubierto-build-stamp',
    apply: 'build',
    configResolved(config) {
      mode = config.mode;
    },
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'build-stamp.json',
        source: `${JSON.stringify({ ...stamp, environment: stamp.environment ?? mode })}\n`,
      });
    },
  };
}
