/**
 * Records the API requests a real browser sends, for bench:api to replay (issue 22).
 *
 *   npm run build -w apps/web && npm run bench:record      (or: npx tsx bench/record-requests.ts)
 *
 * The real server (apps/api/src/server.ts: embedded database, demo data, the sandbox checkout) serves the
 * production build; Debian's Chromium at phone size (390×844, touch) walks the customer's journeys as a
 * person does: the login page, signing in, the home, the catalogue, a cell-phone contract (start, each
 * step, the photos, the quote, confirm), paying it with the test checkout, the insurance page and its
 * certificate, a new claim with a photo, the claims list, the notifications, the invoices, and the home
 * again. Every request to /api/v4 (and the sandbox checkout's approval, which the bench needs to replay
 * the journey, marked setup_only) is written to bench/fixtures/browser-requests.json, in the order sent,
 * with its method, its path and real query string, its body (JSON, or the multipart bytes), the headers
 * that matter and the status answered.
 *
 * Ids are normalised into parameters: a number in a path, a query value or a JSON body's `id`/`*_id`
 * that an earlier answer gave becomes `{insuranceId}`, `{coverageId}`…, each parameter saying which
 * earlier request's answer holds it (`from`, a JSON pointer), so bench:api, replaying the journey on its own
 * database, reads the values of its own data. The fixture also stores the hash of the web's request code
 * (bench/web-request-code.ts): a test fails when that code changes and the fixture was not regenerated.
 *
 * Environment: BENCH_WEB_DIST_DIR (the build to serve; default apps/web/dist), BENCH_RECORD_PORT (default
 * 3470), CHROMIUM_PATH (default /usr/bin/chromium), BENCH_RECORD_HEADED=1 (watch it).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { type BrowserContext, chromium, type Locator, type Page, type Request } from 'playwright-core';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { pngImage } from '../apps/api/test/fixtures.ts';
import {
  FIXTURE_PATH,
  type RecordedBody,
  type RecordedParam,
  type RecordedRequest,
  type RequestFixture,
  today,
} from './request-fixture.ts';
import { webRequestCode } from './web-request-code.ts';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const repoDir = path.resolve(benchDir, '..');
const PORT = Number(process.env.BENCH_RECORD_PORT || 3470);
const ORIGIN = `http://localhost:${PORT}`;
const DEMO = { email: 'demo@cubierto.com.ar', password: 'Cubierto2025!' };
/** Headers the bench must send as the browser did (the rest are the browser's own). */
const KEPT_HEADERS = ['content-type', 'context-id', 'idempotency-key', 'accept'];

// ---------------------------------------------------------------------------------------------------
// Recording

type Raw = {
  seq: number;
  journey: string;
  method: string;
  url: URL;
  headers: Record<string, string>;
  body: Buffer | null;
  status: number;
  responseType: string;
  json: unknown;
  auth: boolean;
  setupOnly: boolean;
};

async function recorder(context: BrowserContext) {
  const raws: Raw[] = [];
  /**
   * The answers to writes, read as they pass: a write the page navigates away from at once (the payment,
   * then the checkout) would otherwise lose its body, and the ids in it.
   */
  const writeAnswers = new Map<Request, Buffer>();
  await context.route(
    (url) => url.pathname.startsWith('/api/v4/'),
    async (route) => {
      const request = route.request();
      if (request.method() === 'GET') return route.continue();
      const response = await route.fetch({ maxRedirects: 0 });
      const body = await response.body();
      writeAnswers.set(request, body);
      await route.fulfill({ response, body });
    },
  );
  const pending = new Set<Promise<void>>();
  let journey = 'start';
  let seq = 0;
  const order = new Map<Request, number>();
  context.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin !== new URL(ORIGIN).origin && url.host !== `127.0.0.1:${PORT}`) return;
    const isApi = url.pathname.startsWith('/api/v4/');
    const isSandboxWrite = url.pathname.startsWith('/sandbox/') && request.method() !== 'GET';
    if (!isApi && !isSandboxWrite) return;
    seq += 1;
    order.set(request, seq);
    const at = journey;
    const task = (async () => {
      const response = await request.response();
      if (!response) return;
      const responseType = (await response.headerValue('content-type')) ?? '';
      // Read first: a navigation right after the answer (the checkout's redirect) discards its body.
      const kept = writeAnswers.get(request);
      const bodyRead = !responseType.includes('json')
        ? null
        : kept
          ? Promise.resolve(kept)
          : response.body().catch((error: unknown) => error);
      const headers = await request.allHeaders();
      let json: unknown = null;
      if (responseType.includes('json')) {
        try {
          const read = await bodyRead;
          if (!(read instanceof Buffer)) throw read;
          json = JSON.parse(read.toString('utf8'));
        } catch (error) {
          log(`${request.method()} ${url.pathname}: answer not read (${String(error).split('\n')[0]})`);
        }
      }
      raws.push({
        seq: order.get(request)!,
        journey: at,
        method: request.method(),
        url,
        headers: Object.fromEntries(
          Object.entries(headers).filter(([name]) => KEPT_HEADERS.includes(name.toLowerCase())),
        ),
        body: request.postDataBuffer(),
        status: response.status(),
        responseType: responseType.split(';')[0]!.trim(),
        json,
        auth: /^Bearer /.test(headers.authorization ?? ''),
        setupOnly: !isApi,
      });
    })().catch((error: unknown) => {
      console.error(`[bench:record] ${request.method()} ${url.pathname}: ${String(error)}`);
    });
    pending.add(task);
    void task.finally(() => pending.delete(task));
  });
  return {
    step(name: string) {
      journey = name;
      log(`journey: ${name}`);
    },
    async settle(): Promise<Raw[]> {
      while (pending.size) await Promise.all([...pending]);
      return raws.sort((a, b) => a.seq - b.seq);
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// Normalising ids into parameters

type Source = {
  seq: number;
  pointer: string;
  key: string;
  parentKey: string;
  requestPath: string;
  /** A token inside an address (a checkout URL): the path segment before it, with its slash. */
  after?: string;
};

function escapePointer(part: string): string {
  return part.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Every integer under a key `id` or `*_id` in a JSON answer, with where it is. */
function idsIn(
  value: unknown,
  pointer: string,
  key: string,
  parentKey: string,
  out: Map<string, Source[]>,
  base: Omit<Source, 'pointer' | 'key' | 'parentKey'>,
) {
  if (Array.isArray(value)) {
    value.forEach((v, i) => {
      idsIn(v, `${pointer}/${i}`, key, key, out, base);
    });
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) idsIn(v, `${pointer}/${escapePointer(k)}`, k, key, out, base);
  } else if ((typeof value === 'number' && Number.isInteger(value)) || typeof value === 'string') {
    const add = (found: string, after?: string) => {
      const list = out.get(found) ?? [];
      list.push({ ...base, pointer, key, parentKey, ...(after ? { after } : {}) });
      out.set(found, list);
    };
    // Numbers under `id` or `*_id`; tokens (a checkout's reference) under any key, or inside an address.
    if (typeof value === 'number') {
      if (key === 'id' || key.endsWith('_id')) add(String(value));
    } else if (/^[\w-]{12,}$/.test(value)) add(value);
    else if (/^(https?:\/\/[^/]+)?\//.test(value)) {
      const parts = value.split(/[?#]/)[0]!.split('/');
      parts.forEach((part, i) => {
        if (i > 0 && /^[\w-]{12,}$/.test(part)) add(part, `${parts[i - 1]}/`);
      });
    }
  }
}

function singular(segment: string): string {
  const words = segment.split(/[-_]/).filter(Boolean);
  const last = words.pop() ?? 'item';
  const one = last.endsWith('ies')
    ? `${last.slice(0, -3)}y`
    : /(ss|x|ch|sh)es$/.test(last)
      ? last.slice(0, -2)
      : last.endsWith('s')
        ? last.slice(0, -1)
        : last;
  return [...words, one].map((w, i) => (i === 0 ? w : `${w[0]!.toUpperCase()}${w.slice(1)}`)).join('');
}

function camel(key: string): string {
  return key.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
}

/**
 * Finds where an id the browser sent came from: the earlier answer that holds it under the most telling
 * key (`<hint>_id`, or `id` in an object or answer named after the hint), the first such.
 */
function provenance(value: string, hint: string, seen: Map<string, Source[]>): Source | undefined {
  const candidates = seen.get(value) ?? [];
  let best: Source | undefined;
  let bestScore = 0;
  for (const c of candidates) {
    const h = hint.toLowerCase();
    let score = 1;
    if (camel(c.key).toLowerCase() === `${h}id`) score = 4;
    else if (c.key === 'id' && camel(c.parentKey).toLowerCase().startsWith(h)) score = 4;
    else if (c.key === 'id' && c.requestPath.replace(/[-_]/g, '').toLowerCase().includes(h)) score = 3;
    else if (c.key === 'id') score = 2;
    if (score > bestScore) {
      best = c;
      bestScore = score;
    }
  }
  return best;
}

function normalise(raws: Raw[]): Pick<RequestFixture, 'params' | 'requests'> {
  const seen = new Map<string, Source[]>();
  const params: Record<string, RecordedParam> = {};
  const nameOf = new Map<string, string>();
  /** The parameter for a value sent where `hint` names it, or undefined if no earlier answer gave it. */
  const param = (value: string, hint: string): string | undefined => {
    const source = provenance(value, hint, seen);
    if (!source) return undefined;
    const key = `${source.seq} ${source.pointer}`;
    let name = nameOf.get(key);
    if (!name) {
      name = `${hint}Id`;
      for (let n = 2; params[name]; n += 1) name = `${hint}Id${n}`;
      nameOf.set(key, name);
      params[name] = {
        from: source.seq,
        pointer: source.pointer,
        ...(source.after ? { after: source.after } : {}),
        recorded: /^\d+$/.test(value) ? Number(value) : value,
      };
    }
    return `{${name}}`;
  };
  const requests: RecordedRequest[] = [];
  for (const raw of raws) {
    const segments = raw.url.pathname.split('/');
    const path = segments
      .map((segment, i) => {
        if (i < 3) return segment;
        const previous = singular(segments[i - 1] ?? 'item');
        // A number, or a token an earlier answer gave (a checkout's reference).
        if (/^\d+$/.test(segment)) return param(segment, previous) ?? segment;
        return segment.length >= 12 && /^[\w-]+$/.test(segment)
          ? (param(segment, previous) ?? segment)
          : segment;
      })
      .join('/');
    const search: string[] = [];
    for (const [name, value] of raw.url.searchParams) {
      const idKey =
        /(^|_)id$/.test(name) && /^\d+$/.test(value)
          ? param(value, camel(name.replace(/_?id$/, '')) || 'item')
          : undefined;
      search.push(`${encodeURIComponent(name)}=${idKey ?? encodeURIComponent(value)}`);
    }
    // The query string as the browser wrote it, unless an id in it became a parameter.
    const query = search.some((s) => s.includes('={')) ? `?${search.join('&')}` : raw.url.search;
    let body: RecordedBody | null = null;
    if (raw.body?.length) {
      const type = raw.headers['content-type'] ?? '';
      if (type.includes('json')) {
        const replace = (v: unknown, key: string): unknown => {
          // A list of numbers an earlier answer gave as ids (the photos' uploads).
          if (Array.isArray(v))
            return v.map((x) =>
              typeof x === 'number' && Number.isInteger(x)
                ? (param(String(x), singular(key.replace(/_ids$/, 's')) || 'item') ?? x)
                : replace(x, key),
            );
          if (v && typeof v === 'object')
            return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, replace(x, k)]));
          // A date is kept as days from the day of the recording: replayed on another day, it means the same.
          if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)) {
            const days = Math.round((Date.parse(v) - Date.parse(today())) / 86_400_000);
            return `{date${days < 0 ? '-' : '+'}${Math.abs(days)}}`;
          }
          if ((key === 'id' || key.endsWith('_id')) && (typeof v === 'number' || typeof v === 'string')) {
            return param(String(v), camel(key.replace(/_?id$/, '')) || 'item') ?? v;
          }
          return v;
        };
        body = { json: replace(JSON.parse(raw.body.toString('utf8')), '') };
      } else {
        body = { base64: raw.body.toString('base64') };
      }
    }
    const headers = { ...raw.headers };
    if (headers['idempotency-key']) headers['idempotency-key'] = '{uuid}';
    if (headers['context-id'])
      headers['context-id'] = param(headers['context-id'], 'context') ?? headers['context-id'];
    // A multipart boundary is the browser's own; the bench sends the recorded bytes with it.
    requests.push({
      seq: raw.seq,
      journey: raw.journey,
      method: raw.method,
      url: `${path}${query}`,
      kind: raw.method === 'GET' || raw.method === 'HEAD' ? 'read' : 'write',
      auth: raw.auth,
      headers,
      body,
      status: raw.status,
      ...(raw.setupOnly ? { setup_only: true } : {}),
      response_type: raw.responseType,
    });
    if (raw.json !== null) {
      idsIn(raw.json, '', '', '', seen, { seq: raw.seq, requestPath: raw.url.pathname });
    }
  }
  return { params, requests };
}

// ---------------------------------------------------------------------------------------------------
// The journeys

async function next(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Continuar', exact: true }).click();
}

/** Both photos chosen at once in the picker of 'Subir las dos fotos', on the phone's own screen. */
async function uploadPhotos(page: Page): Promise<void> {
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('button', { name: 'Subir las dos fotos' }).click(),
  ]);
  await chooser.setFiles([
    { name: 'foto-1.png', mimeType: 'image/png', buffer: pngImage(48, 36, [0, 120, 140]) },
    { name: 'foto-2.png', mimeType: 'image/png', buffer: pngImage(48, 36, [240, 110, 60]) },
  ]);
  await page.getByRole('img', { name: 'Foto 1 cargada' }).waitFor();
  await page.getByRole('img', { name: 'Foto 2 cargada' }).waitFor();
}

async function menu(page: Page, item: string): Promise<void> {
  const burger = page.getByRole('button', { name: 'Abrir el menú' });
  if (await burger.isVisible()) await burger.click();
  await page.getByRole('navigation', { name: 'Menú principal' }).getByText(item, { exact: true }).click();
}

/** Lets the page finish what it asked for (queries, the bell) before the next step. */
async function idle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
}

async function visible(target: Locator): Promise<void> {
  await target.first().waitFor({ state: 'visible' });
}

async function walk(page: Page, step: (name: string) => void): Promise<void> {
  // Dialogs that may show up at any moment: the home tour and the notifications prompt.
  await page.addLocatorHandler(page.locator('.driver-popover'), async (popover) => {
    await popover.getByRole('button', { name: 'Cerrar el recorrido' }).click();
  });
  const prompt = page.getByRole('dialog', { name: 'Tenés notificaciones nuevas' });
  await page.addLocatorHandler(prompt, async () => {
    await prompt.getByRole('button', { name: 'Más tarde' }).click();
  });

  step('login page');
  await page.goto('/login');
  await visible(page.getByLabel('Email'));
  await idle(page);

  step('sign in and home');
  await page.getByLabel('Email').fill(DEMO.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(DEMO.password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await page.waitForURL(/\/tabs/);
  await visible(page.getByRole('region', { name: 'Productos' }));
  await idle(page);

  step('catalogue');
  await page
    .getByRole('region', { name: 'Productos' })
    .getByRole('link', { name: /Celular/ })
    .click();
  await visible(page.getByRole('button', { name: /^Contratar/ }));
  await idle(page);

  step('contract: start');
  await page
    .getByRole('button', { name: /^Contratar/ })
    .first()
    .click();
  await page.waitForURL(/\/contract-insurance\/\d+$/);
  await visible(page.getByLabel('Marca'));
  await idle(page);

  step('contract: steps');
  await page.getByLabel('Marca').fill('Motorola');
  await page.getByLabel('Modelo').fill('Moto G54');
  await page.getByLabel('Número IMEI').fill('356938035643809');
  await page.getByLabel('Valor del equipo').fill('450000');
  await uploadPhotos(page);
  await idle(page);

  // The phone's answers and its photos saved by one 'Continuar'; the cover dates and the taker are
  // proposed and saved on the way: on to the summary and its quote.
  step('contract: summary and quote');
  await next(page);
  await visible(page.getByRole('heading', { level: 2, name: 'Resumen' }));
  await idle(page);

  // Confirms and pays in one tap with the test checkout (the demo customer's Mi dinero is empty).
  step('payment');
  await page.getByRole('radio', { name: /Pago de prueba/ }).check();
  // The web says the redirect under the button ('Estás por salir de la app…'): no dialog.
  await page.getByRole('button', { name: /^Confirmar y pagar \$/ }).click();
  await page.waitForURL(/\/sandbox\/checkout\//);
  await page.getByRole('button', { name: 'Aprobar el pago' }).click();
  await page.waitForURL(/\/customers\/insurances\/\d+\/cubierto$/);
  await visible(page.getByRole('heading', { level: 1, name: 'Estás cubierto' }));
  const poll = page.getByRole('region', { name: 'Contanos tu experiencia' });
  await visible(poll);
  const highest = poll.getByRole('radio', { name: '5, Más probable' });
  for (let i = 0; i < (await highest.count()); i += 1) await highest.nth(i).check();
  await poll.getByRole('button', { name: 'Enviar encuesta' }).click();
  await visible(page.getByText('¡Gracias por contarnos!'));
  await idle(page);

  step('certificate and insurance page');
  await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Descargar constancia' }).click(),
  ]);
  await page.getByRole('link', { name: 'Ver mi seguro' }).click();
  await page.waitForURL(/\/customers\/insurances\/\d+$/);
  await visible(page.getByText('Vigente', { exact: true }));
  await idle(page);

  step('new claim');
  await page.getByRole('link', { name: 'Hacer un reclamo' }).click();
  await visible(page.getByRole('heading', { name: 'Nuevo reclamo', level: 1 }));
  await idle(page);
  await page.getByLabel('Fecha del siniestro').fill(today());
  await page.getByLabel('Lugar').fill('Av. Santa Fe y Callao, CABA');
  await page.getByLabel('¿Qué pasó?').fill('Me arrebataron el celular en la vereda al salir del banco.');
  await page.getByLabel('Elegir fotos o documentos').setInputFiles({
    name: 'denuncia.png',
    mimeType: 'image/png',
    buffer: pngImage(40, 40, [120, 120, 120]),
  });
  await visible(page.getByRole('img', { name: 'Foto denuncia.png' }));
  await page.getByLabel(/Subiendo/).waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Enviar reclamo' }).click();
  await visible(page.getByRole('heading', { name: /^Reclamo R-\d{6}$/, level: 1 }));
  await idle(page);

  step('claims list');
  await menu(page, 'Reclamos');
  await visible(page.getByRole('heading', { name: 'Reclamos', level: 1 }));
  await idle(page);

  step('notifications');
  await menu(page, 'Notificaciones');
  await visible(page.getByRole('heading', { name: 'Notificaciones', level: 1 }));
  await idle(page);

  step('invoices');
  await menu(page, 'Facturación');
  await visible(page.getByRole('heading', { level: 1 }));
  await idle(page);

  step('insurances list');
  await menu(page, 'Mis contrataciones');
  await visible(page.getByRole('heading', { level: 1 }));
  await idle(page);

  step('home with an insurance');
  await menu(page, 'Inicio');
  await visible(page.getByRole('region', { name: 'Productos' }));
  await idle(page);
}

// ---------------------------------------------------------------------------------------------------

function log(message: string) {
  process.stderr.write(`[bench:record] ${message}\n`);
}

/**
 * Migrates the server's database first and starts each table's ids at its own thousand (the contexts at
 * 7001, the insurances at 21001…): in a fresh database every first row is id 1, and an id the browser sends
 * could not be told apart from another table's.
 */
async function distinctIds(dataDir: string): Promise<void> {
  const database = await openDatabase({ dataDir });
  try {
    await database.migrate();
    const result = await database.db.execute<{ name: string }>(
      sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where c.relkind = 'S' and n.nspname = 'public' order by c.relname`,
    );
    const rows = (Array.isArray(result) ? result : (result as { rows: { name: string }[] }).rows) as {
      name: string;
    }[];
    for (const [i, { name }] of rows.entries()) {
      await database.db.execute(
        sql`select setval(${name}::regclass, greatest(${(i + 1) * 1000}, (select last_value from ${sql.identifier(name)})))`,
      );
    }
  } finally {
    await database.close();
  }
}

async function startServer(tmp: string): Promise<ChildProcess> {
  // Another server on the port would answer instead of ours, with other code and other data.
  const busy = await fetch(`${ORIGIN}/api/v4/common/contexts`).then(
    () => true,
    () => false,
  );
  if (busy) throw new Error(`port ${PORT} is taken: stop what listens there or set BENCH_RECORD_PORT`);
  const dataDir = path.join(tmp, 'db');
  await distinctIds(dataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: path.join(repoDir, 'apps/api'),
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      UPLOADS_DIR: path.join(tmp, 'uploads'),
      WEB_DIST_DIR: process.env.BENCH_WEB_DIST_DIR || path.join(repoDir, 'apps/web/dist'),
      PUBLIC_URL: ORIGIN,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${ORIGIN}/api/v4/common/contexts`);
      if (res.ok) return child;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the server did not answer in 120 s');
    await new Promise((r) => setTimeout(r, 500));
  }
}

async function main() {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'cubierto-record-'));
  const server = await startServer(tmp);
  // However this process ends (an unhandled rejection included), the server does not outlive it.
  process.once('exit', () => server.kill('SIGKILL'));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: process.env.BENCH_RECORD_HEADED !== '1',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
  try {
    const context = await browser.newContext({
      baseURL: ORIGIN,
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      locale: 'es-AR',
      timezoneId: 'America/Argentina/Buenos_Aires',
      reducedMotion: 'reduce',
      acceptDownloads: true,
      // The service worker would answer some requests itself and hide them from the recording.
      serviceWorkers: 'block',
    });
    context.setDefaultTimeout(30_000);
    const rec = await recorder(context);
    const page = await context.newPage();
    try {
      await walk(page, rec.step);
    } catch (error) {
      const shot = path.join(benchDir, 'results', 'record-failure.png');
      mkdirSync(path.dirname(shot), { recursive: true });
      await page.screenshot({ path: shot, fullPage: true }).catch(() => undefined);
      log(`failed at ${page.url()} (screenshot: ${path.relative(process.cwd(), shot)})`);
      throw error;
    }
    const raws = await rec.settle();
    if (process.env.BENCH_RECORD_DEBUG === '1') {
      const dump = path.join(benchDir, 'results', 'record-raw.json');
      mkdirSync(path.dirname(dump), { recursive: true });
      writeFileSync(
        dump,
        JSON.stringify(
          raws.map((r) => ({ ...r, url: r.url.href, body: r.body?.toString('utf8').slice(0, 500) })),
          null,
          1,
        ),
      );
    }
    const { params, requests } = normalise(raws);
    const code = webRequestCode(repoDir);
    const fixture: RequestFixture = {
      recorded_at: new Date().toISOString(),
      viewport: '390x844',
      regenerate: 'npm run build -w apps/web && npm run bench:record',
      web_request_code: { sha256: code.sha256, files: code.files.length },
      params,
      requests,
    };
    mkdirSync(path.dirname(FIXTURE_PATH), { recursive: true });
    writeFileSync(FIXTURE_PATH, `${JSON.stringify(fixture, null, 2)}\n`);
    // In the repository's own format (biome), so `npm run lint` passes on a freshly recorded fixture.
    execFileSync(path.join(repoDir, 'node_modules/.bin/biome'), ['format', '--write', FIXTURE_PATH], {
      cwd: repoDir,
      stdio: 'ignore',
    });
    const reads = requests.filter((r) => r.kind === 'read').length;
    log(
      `${requests.length} requests (${reads} reads, ${requests.length - reads} writes), ${Object.keys(params).length} parameters: ${path.relative(process.cwd(), FIXTURE_PATH)}`,
    );
    const unexpected = requests.filter((r) => r.status >= 500);
    if (unexpected.length)
      throw new Error(`answered 5xx: ${unexpected.map((r) => `${r.method} ${r.url}`).join(', ')}`);
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
