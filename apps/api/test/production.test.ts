/**
 * Production refuses development defaults (issue "Safe in production"). The real server process is
 * started with NODE_ENV=production: with nothing else set it must refuse to start (exit code 78) naming
 * every unsafe variable; with a complete configuration it starts without the sandbox checkout and
 * without the API reference.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './free-port.ts';
import { apiDir, createPostgresDatabase, usePostgres } from './harness.ts';
import { productionEnv } from './production-env.ts';
import { childNodeEnv } from './server-process.ts';

const work = mkdtempSync(path.join(tmpdir(), 'cubierto-production-'));
const cleanups: Array<() => Promise<void> | void> = [() => rmSync(work, { recursive: true, force: true })];

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/**
 * `src/server.ts` with only these variables (and PATH), as a fresh machine would start it: Node itself, as
 * `npm start` runs it. Node's compile cache is the run's (NODE_COMPILE_CACHE), as a second start would
 * have it; the database is a new one, migrated from scratch by the server.
 */
function startServer(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, ['src/server.ts'], {
    cwd: apiDir,
    env: { PATH: process.env.PATH ?? '', ...childNodeEnv(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  return { child, output: () => output };
}

function exitOf(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

describe('NODE_ENV=production', () => {
  it('refuses to start with the defaults, naming every unsafe variable (exit code 78)', async () => {
    const { child, output } = startServer({ NODE_ENV: 'production', DATA_DIR: path.join(work, 'refused') });
    expect(await exitOf(child)).toBe(78);
    for (const variable of [
      'PAYMENTS_SANDBOX',
      'SEED_DEMO',
      'PUBLIC_URL',
      'SMTP_URL',
      'OPS_TOKEN',
      'VAPID',
      'ARCA_ENV',
      'ARCA_CUIT',
      'ARCA_CERT',
      'ARCA_KEY',
    ]) {
      expect(output()).toContain(variable);
    }
  }, 60_000);

  it('refuses the local ARCA peer and a missing ARCA certificate, key or CUIT, and never prints the key', async () => {
    const complete = productionEnv({ DATA_DIR: path.join(work, 'arca-refused') });
    const { ARCA_CERT: _cert, ARCA_KEY: key, ARCA_CUIT: _cuit, ...withoutArca } = complete;
    const missing = startServer({ ...withoutArca, ARCA_ENV: 'produccion' });
    expect(await exitOf(missing.child)).toBe(78);
    for (const variable of ['ARCA_CUIT', 'ARCA_CERT, ARCA_CERT_FILE', 'ARCA_KEY, ARCA_KEY_FILE'])
      expect(missing.output()).toContain(variable);

    const local = startServer({ ...complete, ARCA_ENV: 'local' });
    expect(await exitOf(local.child)).toBe(78);
    expect(local.output()).toMatch(/ARCA_ENV: must be homologacion or produccion in production/);

    const badKey = startServer({ ...complete, ARCA_KEY: 'not a key' });
    expect(await exitOf(badKey.child)).toBe(78);
    expect(badKey.output()).toContain('ARCA_KEY: is not a PEM private key');
    for (const run of [missing, local, badKey]) {
      expect(run.output()).not.toContain('PRIVATE KEY');
      expect(run.output()).not.toContain(key!.split('\n')[1]!);
    }
  }, 90_000);

  it('starts with a complete configuration, without the sandbox checkout and the API reference', async () => {
    const port = await freePort();
    const web = path.join(work, 'web');
    mkdirSync(web, { recursive: true });
    writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Cubierto</title>');
    let databaseUrl: string | undefined;
    if (usePostgres) {
      const created = await createPostgresDatabase();
      cleanups.push(() => created.drop());
      databaseUrl = created.url;
    }
    const { child, output } = startServer(
      productionEnv({
        HOST: '127.0.0.1',
        PORT: String(port),
        LOG_LEVEL: 'silent',
        DATA_DIR: path.join(work, 'data'),
        UPLOADS_DIR: path.join(work, 'uploads'),
        WEB_DIST_DIR: web,
        OUTBOX_WORKER: 'false',
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      }),
    );
    const base = `http://127.0.0.1:${port}`;
    const status = (url: string) =>
      fetch(`${base}${url}`).then(
        (res) => res.status,
        () => 0,
      );
    const deadline = Date.now() + 90_000;
    while ((await status('/api/v4/common/contexts')) !== 200) {
      if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}: ${output()}`);
      if (Date.now() > deadline) throw new Error(`server did not start: ${output()}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }

    expect(await status('/sandbox/checkout/x')).toBe(404);
    expect(await status('/sandbox/checkout/x/approve')).toBe(404);
    expect(await status('/docs')).toBe(404);
    expect(await status('/docs/json')).toBe(404);
    expect(await status('/api/v4/openapi.json')).toBe(404);
    // The web app is served: /docs is refused, not left to its index page.
    expect(await status('/login')).toBe(200);
    expect(output()).not.toContain('/docs');
  }, 120_000);
});
