/**
 * JavaScript size of the login page, gzip-compressed, against a budget of 170 KiB.
 *
 *   npm run build -w apps/web && npm run bench:size      (or: npx tsx bench/size.ts)
 *
 * Two measures of the same build (apps/web/dist):
 *   static   the entry script and the modulepreload links of dist/index.html, read from disk
 *   browser  every JavaScript response headless Chromium receives while it loads /login from the real
 *            server (buildApp serving apps/web/dist, on in-memory PGlite) until the network is idle:
 *            what a visitor downloads, lazy chunks included. This one decides pass or fail.
 * Sizes are gzip at zlib's default level (what Vite's build report and most servers use).
 *
 * Environment: CHROMIUM_PATH (default /usr/bin/chromium), BENCH_SIZE_STATIC_ONLY=1 (skip the browser).
 * Exits 1 when over budget.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { seedDemoData, seedReferenceData } from '../apps/api/src/db/seed.ts';
import { productionEnv } from '../apps/api/test/production-env.ts';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const repoDir = path.resolve(benchDir, '..');
const apiDir = path.join(repoDir, 'apps/api');
/** BENCH_WEB_DIST_DIR measures another build (one built apart with `vite build --outDir`). */
const distDir = process.env.BENCH_WEB_DIST_DIR || path.join(repoDir, 'apps/web/dist');
const resultsDir = path.join(benchDir, 'results');
const BUDGET_BYTES = 170 * 1024;
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

type FileSize = { file: string; bytes: number; gzipBytes: number };
type Measure = { files: FileSize[]; bytes: number; gzipBytes: number };

function sizeOf(file: string, body: Buffer): FileSize {
  return { file, bytes: body.length, gzipBytes: gzipSync(body).length };
}

function total(files: FileSize[]): Measure {
  const sorted = [...files].sort((a, b) => b.gzipBytes - a.gzipBytes);
  return {
    files: sorted,
    bytes: files.reduce((n, f) => n + f.bytes, 0),
    gzipBytes: files.reduce((n, f) => n + f.gzipBytes, 0),
  };
}

function kib(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KiB`;
}

/** The entry module and its modulepreload links, as dist/index.html names them. */
function staticMeasure(): Measure {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const urls = new Set<string>();
  for (const tag of html.match(/<script\b[^>]*>/g) ?? []) {
    const src = /\bsrc="([^"]+)"/.exec(tag)?.[1];
    if (src && /\btype="module"/.test(tag)) urls.add(src);
  }
  for (const tag of html.match(/<link\b[^>]*>/g) ?? []) {
    const href = /\bhref="([^"]+)"/.exec(tag)?.[1];
    if (href && /\brel="modulepreload"/.test(tag)) urls.add(href);
  }
  return total(
    [...urls].map((url) => {
      const file = path.join(distDir, url.replace(/^\//, '').split('?')[0]!);
      return sizeOf(url, readFileSync(file));
    }),
  );
}

/** Loads /login in headless Chromium from the real server and sizes every JavaScript response. */
async function browserMeasure(): Promise<Measure & { css: Measure; requests: number }> {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'cubierto-size-'));
  const config = loadConfig(
    {
      ...productionEnv(),
      LOG_LEVEL: 'silent',
      HOST: '127.0.0.1',
      PORT: '0',
      WEB_DIST_DIR: distDir,
      DATA_DIR: tmp,
      UPLOADS_DIR: path.join(tmp, 'uploads'),
    },
    apiDir,
  );
  const database = await openDatabase({}); // in memory: nothing is written to disk
  await database.migrate();
  await seedReferenceData(database.db);
  await seedDemoData(database.db);
  const app = await buildApp({ config, database });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no TCP address');
  const origin = `http://127.0.0.1:${address.port}`;

  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
  try {
    const page = await browser.newPage();
    const pending: Promise<{ kind: 'js' | 'css'; size: FileSize } | null>[] = [];
    let requests = 0;
    page.on('response', (response) => {
      requests += 1;
      const url = new URL(response.url());
      if (url.origin !== origin) return;
      const type = response.headers()['content-type'] ?? '';
      const kind = /javascript/.test(type) ? 'js' : /text\/css/.test(type) ? 'css' : null;
      if (!kind || response.status() !== 200) return;
      pending.push(
        response.body().then(
          (body) => ({ kind, size: sizeOf(url.pathname, body) }),
          () => null,
        ),
      );
    });
    const res = await page.goto(`${origin}/login`, { waitUntil: 'networkidle', timeout: 60_000 });
    if (res?.status() !== 200) throw new Error(`/login answered ${res?.status()}`);
    // The login form must be on screen: otherwise the measure would be of a broken page.
    await page.waitForSelector('input[type="password"]', { timeout: 15_000 });
    await page.waitForLoadState('networkidle');
    const settled = (await Promise.all(pending)).filter((x) => x !== null);
    const unique = (kind: 'js' | 'css') => [
      ...new Map(settled.filter((x) => x.kind === kind).map((x) => [x.size.file, x.size])).values(),
    ];
    return { ...total(unique('js')), css: total(unique('css')), requests };
  } finally {
    await browser.close();
    await app.close();
    await database.close();
    rmSync(tmp, { recursive: true, force: true });
  }
}

function table(measure: Measure): string {
  const lines = ['| file | raw | gzip |', '| --- | ---: | ---: |'];
  for (const f of measure.files) lines.push(`| ${f.file} | ${kib(f.bytes)} | ${kib(f.gzipBytes)} |`);
  lines.push(`| **total** | **${kib(measure.bytes)}** | **${kib(measure.gzipBytes)}** |`);
  return lines.join('\n');
}

async function main() {
  if (!existsSync(path.join(distDir, 'index.html'))) {
    console.error('apps/web/dist/index.html is missing: run `npm run build -w apps/web` first.');
    process.exit(2);
  }
  const fromHtml = staticMeasure();
  console.log('\nStatic: entry script and modulepreload links of apps/web/dist/index.html\n');
  console.log(table(fromHtml));

  let browser: Awaited<ReturnType<typeof browserMeasure>> | undefined;
  if (process.env.BENCH_SIZE_STATIC_ONLY !== '1') {
    if (!existsSync(CHROMIUM)) {
      console.error(
        `\n${CHROMIUM} not found (apt-get install -y chromium), or set BENCH_SIZE_STATIC_ONLY=1.`,
      );
      process.exit(2);
    }
    browser = await browserMeasure();
    console.log(
      '\nBrowser: JavaScript responses while headless Chromium loads /login from the real server\n',
    );
    console.log(table(browser));
    console.log(
      `\nCSS on the same load: ${kib(browser.css.gzipBytes)} gzip (${browser.css.files.length} files)`,
    );
  }

  const decisive = browser ?? fromHtml;
  const pass = decisive.gzipBytes <= BUDGET_BYTES;
  const report = {
    date: new Date().toISOString(),
    budgetBytes: BUDGET_BYTES,
    measuredBy: browser ? 'browser' : 'static',
    pass,
    static: fromHtml,
    browser: browser ?? null,
  };
  mkdirSync(resultsDir, { recursive: true });
  const stamp = report.date.replace(/[:.]/g, '-');
  const file = path.join(resultsDir, `size-${stamp}.json`);
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(path.join(resultsDir, 'size-latest.json'), `${JSON.stringify(report, null, 2)}\n`);

  const verdict = pass ? 'PASS' : 'FAIL';
  console.log(
    `\n${verdict}: login page JavaScript ${kib(decisive.gzipBytes)} gzip (${report.measuredBy}), budget ${kib(BUDGET_BYTES)}`,
  );
  console.log(`Results: ${path.relative(process.cwd(), file)}`);
  if (!pass) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
