/**
 * The public pages drawn per request with their data (src/lib/rendered-pages.ts): the server reads the
 * page's requests through its own routes and hands the live answers to the web's render bundle, keeps the
 * page while the answers stay the same, draws it again when one changes, answers a code nobody has with a
 * 404, and falls back to the page as built when it cannot draw. The bundle here is a stand-in that writes
 * the answers it was given into the page; the web's own render is tested in apps/web (render.test.tsx,
 * markup.test.ts) and in the browser (e2e/tests/prerender.spec.ts).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawBudget, FRESH_DRAWS_PER_SECOND } from '../src/lib/rendered-pages.ts';
import { DEFAULT_INSURED_SERVICE } from '../src/modules/insured-service/service.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { operatorSession } from './operator.ts';

const dist = mkdtempSync(path.join(tmpdir(), 'cubierto-drawn-'));
const CHECK = '/api/v4/common/verify/{segment}';
const SERVICE = '/api/v4/common/insured-service';
const CONFIG = '/api/v4/common/app-config';
const VERSION =
  '/api/v4/common/app-version?filter%5Bplatform%5D%5Blike%5D=web&filter%5Bactive%5D%5Beq%5D=true&sort_by=-id';

/** The stand-in render bundle: the page shows what it was given, and counts its renders. */
const bundle = `
export let renders = 0;
export async function setUp(translations) {
  if (translations.app !== 'Cubierto') throw new Error('no translations');
}
export async function renderPage(url, answers) {
  if (url.includes('explota')) throw new Error('render failed');
  renders += 1;
  const check = answers[${JSON.stringify(CHECK)}];
  const service = answers[${JSON.stringify(SERVICE)}];
  const version = answers[${JSON.stringify(VERSION)}];
  const social = version ? ' · social ' + JSON.stringify(version.body.data.map((record) => record.social)) : '';
  return {
    html: '<main data-url="' + url + '">' + (service ? service.body.data.responsible : 'pendiente') + ' · ' + (check ? check.status : 'sin verificar') + social + '</main>',
    queries: [{ key: ['insured-service'], data: service && service.body.data }],
    notFound: check !== undefined && check.status === 404,
  };
}
export function fillTemplate(template, html, data) {
  return template.replace('<!--page-->', html + '<script type="application/json" id="page-data">' + JSON.stringify(data) + '</script>');
}
`;

const built = (body: string) =>
  `<!doctype html><html><head></head><body><div id="root" data-prerendered="verificar/:code">${body}</div></body></html>`;

let t: TestApp;
let operator: Record<string, string>;

beforeAll(async () => {
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
    writeFileSync(path.join(dist, file), text);
  };
  write('index.html', '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
  write('assets/i18n/es.json', JSON.stringify({ app: 'Cubierto' }));
  write('verificar/_/index.html', built('<header>Ingresar</header>'));
  write('server/render.mjs', bundle);
  write('server/templates/verificar/_/index.html', built('<!--page-->'));
  write('login/index.html', built('<form>Ingresá</form>'));
  write('server/templates/login/index.html', built('<!--page-->'));
  write(
    'prerendered.json',
    JSON.stringify({
      pages: [
        {
          path: '/verificar/*',
          file: 'verificar/_/index.html',
          preloads: [CHECK, SERVICE],
          template: 'server/templates/verificar/_/index.html',
        },
        {
          path: '/login',
          file: 'login/index.html',
          preloads: [CONFIG, SERVICE],
          template: 'server/templates/login/index.html',
          reads: [VERSION],
        },
      ],
    }),
  );
  t = await createTestApp({ env: { WEB_DIST_DIR: dist } });
  operator = (await operatorSession(t.app, t.database)).auth;
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

/** How many pages the stand-in bundle drew: the server imports this very module. */
async function renders(): Promise<number> {
  const module = (await import(pathToFileURL(path.join(dist, 'server/render.mjs')).href)) as {
    renders: number;
  };
  return module.renders;
}

const open = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('a page drawn with its data', () => {
  it('is drawn with the live answers of its requests, revalidated, with its data and no preloads', async () => {
    const res = await open('/verificar/NO-EXISTE-123');
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.link).toBeUndefined();
    expect(res.body).toContain(
      `<main data-url="/verificar/NO-EXISTE-123">${DEFAULT_INSURED_SERVICE.responsible} · 404</main>`,
    );
    expect(res.body).toContain('<script type="application/json" id="page-data">');
    // The server's own Content-Security-Policy still goes with it.
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('answers a code nobody has with a 404, and one no certificate can have as the API does', async () => {
    expect((await open('/verificar/NO-EXISTE-123')).statusCode).toBe(404);
    const malformed = await open('/verificar/abc');
    // The stand-in says "not found" only for a 404; the web's render does for the API's 422 too.
    expect(malformed.body).toContain('· 422</main>');
  });

  it('is kept while its answers stay the same, and drawn again as soon as one changes', async () => {
    await open('/verificar/NO-EXISTE-456');
    const before = await renders();
    const again = await open('/verificar/NO-EXISTE-456');
    expect(await renders()).toBe(before);
    expect(again.body).toContain(DEFAULT_INSURED_SERVICE.responsible);

    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/v4/admin/insured-service',
      headers: operator,
      payload: { ...DEFAULT_INSURED_SERVICE, responsible: 'Ana Gómez' },
    });
    expect(saved.statusCode).toBe(200);
    const changed = await open('/verificar/NO-EXISTE-456');
    expect(await renders()).toBe(before + 1);
    expect(changed.body).toContain('Ana Gómez · 404');
    expect(changed.body).not.toContain(DEFAULT_INSURED_SERVICE.responsible);
  });

  it('goes compressed to a browser that accepts it, and answers a 304 while it is the same', async () => {
    const plain = await open('/verificar/NO-EXISTE-789');
    const compressed = await open('/verificar/NO-EXISTE-789', { 'accept-encoding': 'gzip, deflate, br' });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(plain.body);
    const etag = String(plain.headers.etag);
    const unchanged = await open('/verificar/NO-EXISTE-789', { 'if-none-match': etag });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
  });

  it('drawn with requests that are not its preloads, is drawn with those and still announces its preloads', async () => {
    // A second for the budget of fresh draws to fill up again after the tests above.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const version = await t.app.inject({ method: 'GET', url: VERSION });
    const records = (version.json() as { data: Array<{ social: unknown }> }).data;
    const res = await open('/login');
    expect(res.statusCode).toBe(200);
    // Drawn with the version's answer only: the insured service, a preload, is the page's to ask for.
    expect(res.body).toContain(
      `<main data-url="/login">pendiente · sin verificar · social ${JSON.stringify(records.map((record) => record.social))}</main>`,
    );
    expect(res.headers.link).toBe(
      `<${CONFIG}>; rel=preload; as=fetch; crossorigin, <${SERVICE}>; rel=preload; as=fetch; crossorigin`,
    );
    expect(res.headers.link).not.toContain('app-version');
    // Still the same page and preloads on a revalidation.
    const unchanged = await open('/login', { 'if-none-match': String(res.headers.etag) });
    expect(unchanged.statusCode).toBe(304);
  });

  it('is answered as built, its requests announced, when it cannot be drawn', async () => {
    const res = await open('/verificar/explota-0000');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<header>Ingresar</header>');
    expect(res.headers.link).toContain('</api/v4/common/verify/explota-0000>; rel=preload');
  });

  it('draws at most its budget of new pages a second: past it, a stream of made-up codes gets the page as built', async () => {
    // A second for the budget to fill up again after the tests above.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const before = await renders();
    const answers = await Promise.all(
      Array.from({ length: 4 * FRESH_DRAWS_PER_SECOND }, (_, n) => open(`/verificar/INVENTADO-${n}`)),
    );
    const drawn = (await renders()) - before;
    expect(drawn).toBeGreaterThanOrEqual(FRESH_DRAWS_PER_SECOND);
    // The time the requests took refills the budget a little, never by the dozen.
    expect(drawn).toBeLessThan(2 * FRESH_DRAWS_PER_SECOND);
    const asBuilt = answers.filter((res) => res.body.includes('<header>Ingresar</header>'));
    expect(asBuilt.length).toBe(answers.length - drawn);
    for (const res of asBuilt) {
      expect(res.statusCode).toBe(200);
      expect(res.headers.link).toContain('/api/v4/common/verify/INVENTADO-');
    }
    // A page already drawn is answered drawn whatever the budget.
    const kept = await open('/verificar/NO-EXISTE-789');
    expect(kept.body).toContain('<main data-url="/verificar/NO-EXISTE-789">');
  });

  it('never serves the render bundle or the templates', async () => {
    for (const url of ['/server/render.mjs', '/server/templates/verificar/_/index.html']) {
      const res = await open(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('renderPage');
      expect(res.body, url).not.toContain('<!--page-->');
    }
  });
});

describe('the budget of fresh draws', () => {
  it('gives its whole budget at once, then one more per fraction of a second that passes', () => {
    let now = 0;
    const budget = drawBudget(5, () => now);
    expect(Array.from({ length: 7 }, () => budget.take())).toEqual([
      true,
      true,
      true,
      true,
      true,
      false,
      false,
    ]);
    now += 199;
    expect(budget.take()).toBe(false);
    now += 2;
    expect(budget.take()).toBe(true);
    expect(budget.take()).toBe(false);
    // Never more than the budget, however long it was left unused.
    now += 60_000;
    expect(Array.from({ length: 6 }, () => budget.take()).filter(Boolean)).toHaveLength(5);
  });
});
