/**
 * The web's request-building code: every file under a folder named `api` in apps/web/src (the features'
 * `api/` folders and `shared/api/`), tests left out. bench/fixtures/browser-requests.json stores the hash
 * of these files as they were when it was recorded (npm run bench:record); apps/web's
 * request-fixture.test.ts fails when the code has changed since, so the bench never replays requests the
 * web no longer sends.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const TEST_FILE = /\.test\.tsx?$/;

function walk(dir: string, inApi: boolean, out: string[]): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, inApi || entry.name === 'api', out);
    else if (inApi && entry.isFile() && !TEST_FILE.test(entry.name)) out.push(full);
  }
}

/** The files (relative to the repository, `/`-separated, sorted) and the SHA-256 of their paths and text. */
export function webRequestCode(repoDir: string): { sha256: string; files: string[] } {
  const found: string[] = [];
  walk(path.join(repoDir, 'apps/web/src'), false, found);
  const files = found.map((f) => path.relative(repoDir, f).split(path.sep).join('/')).sort();
  const hash = createHash('sha256');
  for (const file of files) {
    // Line endings normalised: a checkout on Windows hashes the same.
    const text = readFileSync(path.join(repoDir, file), 'utf8').replace(/\r\n/g, '\n');
    hash.update(`${file}\0${text}\0`);
  }
  return { sha256: hash.digest('hex'), files };
}
