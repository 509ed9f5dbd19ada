/**
 * What the tests that start the real server (or a command) as a child process share within one run:
 *  - Node's compile cache (NODE_COMPILE_CACHE) in one folder of the run: each child after the first
 *    loads the API's modules already compiled, as a second `npm start` does;
 *  - a PGlite data folder migrated once per run, copied into a test's DATA_DIR when migrating is not what
 *    the test is about (production.test.ts keeps a server that migrates a new database from scratch).
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { openDatabase } from '../src/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's shared folder (absolute path), made by test/global-setup.ts. */
    runDir: string;
  }
}

let ownRunDir: string | undefined;

/** The run's shared folder (test/global-setup.ts), or one of this process's own outside such a run. */
function runDir(): string {
  const provided = inject('runDir');
  if (provided) return provided;
  ownRunDir ??= mkdtempSync(path.join(tmpdir(), 'cubierto-test-run-'));
  return ownRunDir;
}

/** The environment variables a spawned Node process of a test gets on top of its own. */
export function childNodeEnv(): { NODE_COMPILE_CACHE: string } {
  return { NODE_COMPILE_CACHE: path.join(runDir(), 'compile-cache') };
}

let template: Promise<string> | undefined;

/**
 * The run's migrated PGlite data folder, made by the first worker that asks: built beside it and renamed
 * into place, so a worker that loses the race keeps the other's and drops its own.
 */
function migratedTemplate(): Promise<string> {
  template ??= (async () => {
    const done = path.join(runDir(), 'pglite-migrated');
    if (existsSync(done)) return done;
    const building = mkdtempSync(path.join(runDir(), 'pglite-building-'));
    const database = await openDatabase({ dataDir: building });
    await database.migrate();
    await database.close();
    try {
      renameSync(building, done);
    } catch (error) {
      if (!existsSync(done)) throw error;
      rmSync(building, { recursive: true, force: true });
    }
    return done;
  })();
  return template;
}

/** Fills `dataDir` (new or empty) with a PGlite database on which every migration has already run. */
export async function migratedDataDir(dataDir: string): Promise<void> {
  const from = await migratedTemplate();
  mkdirSync(path.dirname(dataDir), { recursive: true });
  cpSync(from, dataDir, { recursive: true });
}
