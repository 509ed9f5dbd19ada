/**
 * The public pages drawn on each request with their data (apps/web/src/prerender/pages.ts, `withData`: a
 * product's plans and prices, a certificate's verdict), so their largest content paints with the HTML
 * instead of after the JavaScript and the API (docs/decisions/025). The web build keeps the Node bundle of
 * its prerender (`server/render.mjs`, never served) and each page's template (`server/templates/…`: the
 * built page with #root emptied); this server reads the page's API requests itself — the very requests
 * the page would make, through its own routes, read caches included — and has the bundle draw the page
 * with the answers: the app's own components, and its data handed to the client beside #root for the
 * hydration (apps/web/src/prerender/page-data.ts).
 *
 * A drawn page is kept per address and answers: the same answers (the catalogue unchanged) give the same
 * page, and a changed answer (a new price) another one. Whatever goes wrong (no bundle, an answer the
 * server could not give, a render that throws), the address is answered with the page as built, whose
 * app asks for its data itself.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { RecentlyUsed } from './recently-used.ts';

/** An API answer as the page would get it. */
export type Answer = { status: number; body: unknown };

/** What the web's render bundle exports for the server (apps/web/src/prerender/render.tsx). */
type RenderModule = {
  setUp(translations: Record<string, unknown>): Promise<void>;
  renderPage(
    url: string,
    answers: Record<string, Answer>,
  ): Promise<{ html: string; queries: unknown[]; notFound: boolean }>;
  fillTemplate(template: string, html: string, data: unknown): string;
};

/** A page drawn with its data: its status, its HTML as it is and compressed, and its validator. */
export type DrawnPage = { status: number; etag: string; html: Buffer; br: Buffer; gzip: Buffer };

/** One API request of the page: the address pattern pages.ts lists it under, and the address itself. */
export type PageRead = { pattern: string; address: string };

/** The page drawn with its data, or undefined when it is not drawn now (the built page answers). */
export type PageDrawer = (
  pathname: string,
  template: string,
  reads: readonly PageRead[],
) => Promise<DrawnPage | undefined>;

/** Drawn pages kept: the product pages and the certificates checked lately. */
const KEPT = 200;

/**
 * Pages drawn anew per second, at most (a kept page costs nothing): a draw is a render of the app, tens of
 * milliseconds of CPU, and every certificate code is a page of its own, so made-up codes sent in a stream
 * would otherwise each take one. Past it, the page as built answers (its app asks for the data itself):
 * the same content, drawn a moment later. A burst of up to this many is drawn at once.
 */
export const FRESH_DRAWS_PER_SECOND = 5;

/** A budget of `perSecond` events, refilled continuously, of which up to `perSecond` can be taken at once. */
export function drawBudget(perSecond: number, now: () => number = Date.now) {
  let tokens = perSecond;
  let last = now();
  return {
    take(): boolean {
      const at = now();
      tokens = Math.min(perSecond, tokens + ((at - last) / 1000) * perSecond);
      last = at;
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
  };
}

/** Where the build keeps the render bundle and the templates (apps/web/build-prerender.ts, SERVER_DIR). */
export const SERVER_DIR = 'server';

/**
 * The drawer of `webDistDir`'s pages, or undefined when the build has no render bundle (a build for the
 * apps). `read` answers one of the API's own addresses.
 */
export function pageDrawer(
  webDistDir: string,
  read: (address: string) => Promise<Answer>,
  budget = drawBudget(FRESH_DRAWS_PER_SECOND),
): PageDrawer | undefined {
  const bundle = path.join(webDistDir, SERVER_DIR, 'render.mjs');
  if (!existsSync(bundle)) return undefined;
  let loaded: Promise<RenderModule> | undefined;
  const renderer = () => {
    loaded ??= import(pathToFileURL(bundle).href).then(async (module: RenderModule) => {
      const translations = path.join(webDistDir, 'assets/i18n/es.json');
      await module.setUp(JSON.parse(readFileSync(translations, 'utf8')));
      return module;
    });
    return loaded;
  };
  // Loaded as the server starts, not on the first visitor's request: importing the bundle and reading
  // the translations takes seconds on a busy machine. A bundle that fails to load fails each draw (the
  // page is then served as built, and the error logged).
  renderer().catch(() => {});
  const templates = new Map<string, string>();
  const kept = new RecentlyUsed<string, DrawnPage>(KEPT);

  return async (pathname, template, reads) => {
    const answers: Record<string, Answer> = {};
    for (const [index, answer] of (await Promise.all(reads.map((one) => read(one.address)))).entries()) {
      // A failure is no answer: that part of the page is left to the app, which asks again.
      const pattern = reads[index]?.pattern;
      if (pattern && answer.status < 500) answers[pattern] = answer;
    }
    const key = `${pathname}\n${createHash('sha256').update(JSON.stringify(answers)).digest('base64url')}`;
    const found = kept.get(key);
    if (found) return found;
    if (!budget.take()) return undefined;
    const render = await renderer();
    let text = templates.get(template);
    if (text === undefined) {
      text = readFileSync(path.join(webDistDir, template), 'utf8');
      templates.set(template, text);
    }
    const page = await render.renderPage(pathname, answers);
    const html = Buffer.from(render.fillTemplate(text, page.html, page.queries));
    const drawn: DrawnPage = {
      status: page.notFound ? 404 : 200,
      etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`,
      html,
      // Once per page drawn, not per request: a mid brotli level costs a few milliseconds here.
      br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
      gzip: gzipSync(html, { level: 9 }),
    };
    kept.set(key, drawn);
    return drawn;
  };
}
