/**
 * Import figures (issue 6): a 10,000-row cell-phone CSV uploaded and confirmed against the real API in a
 * child process on the embedded database (PGlite): the validation time (upload → report), the issue time
 * (confirm → 10,000 insurances paid from Mi crédito) and the API process's peak resident memory (VmHWM).
 * Goal: under 10 s in all and under 300 MB. With BENCH_DB=postgres the same run goes against a fresh
 * PostgreSQL database (BENCH_PG_URL names the server; the database is dropped at the end), where the
 * API process holds only the app, not the database.
 *   npm run bench:imports            (BENCH_ROWS=10000, BENCH_DB=pglite|postgres)
 */
import { type ChildProcess, fork } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { seedDemoCatalog, seedReferenceData } from '../apps/api/src/db/seed.ts';
import { registerCustomer } from '../apps/api/test/harness.ts';
import {
  createBusiness,
  imei,
  phoneCoverage,
  phoneCsv,
  phoneRow,
  topUpCredit,
} from '../apps/api/test/imports.ts';
import { startSmtpPeer } from '../apps/api/test/peers/smtp-peer.ts';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const apiDir = path.resolve(benchDir, '../apps/api');
const resultsDir = path.join(benchDir, 'results');
const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
const ON_POSTGRES = process.env.BENCH_DB === 'postgres';
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A fresh PostgreSQL database for the run, and how to drop it. */
async function freshPostgres(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `cubierto_bench_imports_${process.pid}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** Resident memory of a process, current and peak (Linux /proc), in MB. */
function memoryOf(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
  return { rssMb: Math.round(kb('VmRSS') / 1024), peakMb: Math.round(kb('VmHWM') / 1024) };
}

async function main() {
  const tmp = mkdtempSync(path.join(tmpdir(), 'cubierto-bench-imports-'));
  let child: ChildProcess | undefined;
  const postgres = ON_POSTGRES ? await freshPostgres() : undefined;
  // Registration mails its confirmation code: the bench reads it from a local SMTP server.
  const smtp = await startSmtpPeer();
  try {
    // The scene, in this process: the catalogue, a business with Mi crédito topped up through the sandbox
    // checkout, which production refuses; the measured server below runs in production configuration.
    const config = loadConfig(
      {
        NODE_ENV: 'test',
        SMTP_URL: smtp.url,
        LOG_LEVEL: 'silent',
        WEB_DIST_DIR: '',
        DATA_DIR: tmp,
        UPLOADS_DIR: path.join(tmp, 'uploads'),
        ...(postgres ? { DATABASE_URL: postgres.url } : {}),
      },
      apiDir,
    );
    const database = await openDatabase(
      postgres ? { databaseUrl: postgres.url } : { dataDir: path.join(tmp, 'db') },
    );
    await database.migrate();
    await seedReferenceData(database.db);
    const app = await buildApp({ config, database });
    await seedDemoCatalog(database.db, app.deps.storage);
    const { auth } = await registerCustomer(
      app,
      { name: 'Bench Empresa', email: 'bench@example.com', dni: '28123456' },
      { codeFor: (email) => smtp.registrationCode(email) },
    );
    const { coverageId } = await phoneCoverage(app);
    const entity = await createBusiness(app, auth);
    for (let i = 0; i < 40; i++) await topUpCredit(app, auth, 5_000_000_00);
    await app.close();
    await database.close();

    const file = phoneCsv(Array.from({ length: ROWS }, (_, i) => phoneRow(i + 1, { imei: imei(i + 1) })));

    // The API alone in a child process, as in production.
    child = fork(path.join(benchDir, 'server.ts'), [], {
      execArgv: [
        // The young generation `npm start` gives the API (see apps/api/package.json).
        '--max-semi-space-size=16',
        '--import',
        'tsx',
        ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
      ],
      cwd: path.resolve(benchDir, '..'),
      env: {
        ...process.env,
        BENCH_TARGET: 'app',
        ...(postgres ? { BENCH_DATABASE_URL: postgres.url } : { BENCH_DATA_DIR: path.join(tmp, 'db') }),
        BENCH_TMP_DIR: tmp,
        LOG_LEVEL: 'silent',
        NODE_ENV: 'production',
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const server = child;
    const port = await new Promise<number>((resolve, reject) => {
      server.once('message', (m: { port?: number }) =>
        m.port ? resolve(m.port) : reject(new Error('no port')),
      );
      server.once('exit', (code) => reject(new Error(`server exited ${code}`)));
    });
    const base = `http://127.0.0.1:${port}/api/v4/customers/imports`;
    const before = memoryOf(server.pid!);

    let start = performance.now();
    const upload = await fetch(
      `${base}?coverage_id=${coverageId}&entity_id=${entity.id}&file_name=bench.csv`,
      {
        method: 'POST',
        headers: { ...auth, 'content-type': 'text/csv' },
        body: new Uint8Array(file),
      },
    );
    const validationMs = performance.now() - start;
    const report = (await upload.json()) as {
      data: { id: number; valid_count: number; total_cents: number };
    };
    if (upload.status !== 201 || report.data.valid_count !== ROWS)
      throw new Error(`upload answered ${upload.status}: ${JSON.stringify(report).slice(0, 300)}`);

    start = performance.now();
    const confirm = await fetch(`${base}/${report.data.id}/confirm`, { method: 'POST', headers: auth });
    const issueMs = performance.now() - start;
    const issued = (await confirm.json()) as { data: { status: string } };
    if (confirm.status !== 200 || issued.data.status !== 'issued')
      throw new Error(`confirm answered ${confirm.status}: ${JSON.stringify(issued).slice(0, 300)}`);
    const after = memoryOf(server.pid!);

    const figures = {
      date: new Date().toISOString(),
      database: postgres ? 'postgresql' : 'pglite',
      rows: ROWS,
      file_mb: Number((file.length / 1024 / 1024).toFixed(2)),
      validation_s: Number((validationMs / 1000).toFixed(2)),
      issue_s: Number((issueMs / 1000).toFixed(2)),
      total_s: Number(((validationMs + issueMs) / 1000).toFixed(2)),
      rss_before_mb: before.rssMb,
      peak_rss_mb: after.peakMb,
      total_premiums: report.data.total_cents,
    };
    const pass = figures.total_s < 10 && figures.peak_rss_mb < 300;
    console.log(JSON.stringify(figures, null, 2));
    console.log(
      `${pass ? 'PASS' : 'FAIL'}: ${figures.total_s} s in all (goal < 10 s), peak RSS ${figures.peak_rss_mb} MB (goal < 300 MB)`,
    );
    mkdirSync(resultsDir, { recursive: true });
    writeFileSync(
      path.join(resultsDir, `imports-${figures.database}.json`),
      `${JSON.stringify(figures, null, 2)}\n`,
    );
    if (!pass) process.exitCode = 1;
  } finally {
    if (child) {
      const exited = new Promise((resolve) => child?.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await postgres?.drop();
    await smtp.close();
    rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
