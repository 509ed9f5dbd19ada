/**
 * The public pages the web build prerendered to HTML (apps/web/build-prerender.ts): the build lists them
 * in `prerendered.json`, address pattern → file, and the server answers those addresses with their own
 * HTML (painted before the JavaScript arrives) instead of the empty index.html every other client-side
 * route gets. A `*` in a pattern is one path segment (`/verificar/*`: the certificate check's shell).
 *
 * Each page also lists the API requests it makes first (apps/web/src/prerender/pages.ts, `preloads`);
 * the server announces them with the HTML in a `Link: rel=preload` header, so the browser asks for them
 * beside the page's code instead of after it (the catalogue, a check's verdict), and the page is handed
 * the answers when it asks. `{application_id}` is this server's application, `{segment}` the address's
 * last segment, sent only when it is a plain code (letters, digits, `-`, `_`): anything else would be no
 * page's request, and never reaches the header.
 *
 * A page the build lists with a template (pages.ts, `withData`) is drawn with its data on each request
 * instead (lib/rendered-pages.ts): the server makes those requests itself, and the page needs no preload
 * for them. A page the build lists with the requests it is drawn with (`reads`: the login, drawn with the
 * app's version) is drawn with those, and its other preloads are still announced: it makes them itself.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { type Answer, type DrawnPage, type PageRead, pageDrawer } from './rendered-pages.ts';

const ManifestSchema = z.object({
  pages: z.array(
    z.object({
      path: z.string().regex(/^(\/([\w-]+|\*))+$/),
      file: z.string().regex(/^([\w-]+\/)+index\.html$/),
      // An API address with its query: the placeholders are filled in per request.
      preloads: z
        .array(z.string().regex(/^\/api\/[\w\-/{}.%]+(\?[\w\-{}.%&=]+)?$/))
        .optional()
        .default([]),
      /** The page is drawn per request from this template (lib/rendered-pages.ts). */
      template: z
        .string()
        .regex(/^([\w-]+\/)+index\.html$/)
        .optional(),
      /** What the server reads to draw it, when that is not its preloads (which it then announces). */
      reads: z.array(z.string().regex(/^\/api\/[\w\-/{}.%]+(\?[\w\-{}.%&=]+)?$/)).optional(),
    }),
  ),
});

/**
 * A prerendered page that answers an address: its file (relative to the build) and its Link header, and
 * for a page drawn per request the drawing of it (undefined when it is not drawn now, past the budget of
 * fresh draws; it throws when it cannot be: the file answers either way) and the Link header of the drawn
 * page (the preloads it was not drawn with, if any).
 */
export type PrerenderedPage = {
  file: string;
  link: string | undefined;
  draw?: () => Promise<DrawnPage | undefined>;
  drawnLink?: string | undefined;
};
export type PrerenderedPageLookup = (pathname: string) => PrerenderedPage | undefined;

/** What a preload's `{segment}` may be: a risk type's or a certificate's code. */
const PLAIN_SEGMENT = /^[\w-]{1,64}$/;

/** The Link header announcing `preloads` for `pathname`, or undefined when there is nothing to announce. */
export function preloadLink(
  preloads: readonly string[],
  pathname: string,
  applicationId: number,
): string | undefined {
  const segment = pathname.split('/').filter(Boolean).at(-1) ?? '';
  const addresses = preloads
    .filter((address) => !address.includes('{segment}') || PLAIN_SEGMENT.test(segment))
    .map((address) =>
      address.replaceAll('{application_id}', String(applicationId)).replaceAll('{segment}', segment),
    );
  if (addresses.length === 0) return undefined;
  // `crossorigin`: fetched without credentials, as the page asks for public data (its client's
  // `same-origin` mode), the only way the browser hands the page the preloaded answer.
  return addresses.map((address) => `<${address}>; rel=preload; as=fetch; crossorigin`).join(', ');
}

/**
 * The requests a page drawn per request reads for `pathname`: its preloads with this server's application
 * and the address's last segment as the page's own request writes it (decoded by the router, encoded
 * again by the request), or undefined when the segment does not decode.
 */
export function pageReads(
  preloads: readonly string[],
  pathname: string,
  applicationId: number,
): PageRead[] | undefined {
  let segment: string;
  try {
    segment = encodeURIComponent(decodeURIComponent(pathname.split('/').filter(Boolean).at(-1) ?? ''));
  } catch {
    return undefined;
  }
  return preloads.map((pattern) => ({
    pattern,
    address: pattern.replaceAll('{application_id}', String(applicationId)).replaceAll('{segment}', segment),
  }));
}

/** The listed pages of a build, or none when it prerendered none. */
function listedPages(webDistDir: string | undefined) {
  const manifest = webDistDir ? path.join(webDistDir, 'prerendered.json') : undefined;
  if (!manifest || !existsSync(manifest)) return [];
  return ManifestSchema.parse(JSON.parse(readFileSync(manifest, 'utf8'))).pages;
}

/**
 * The built files of the pages drawn per request: the static files leave them to the not-found handler,
 * which draws the page or answers the file (lib/errors.ts).
 */
export function drawnPageFiles(webDistDir: string | undefined): string[] {
  return listedPages(webDistDir)
    .filter((page) => page.template)
    .map((page) => page.file);
}

/**
 * The pages of `webDistDir`'s build. `read` answers one of this server's own API addresses: with it, the
 * pages the build lists with a template are drawn per request.
 */
export function prerenderedPages(
  webDistDir: string | undefined,
  applicationId: number,
  read?: (address: string) => Promise<Answer>,
): PrerenderedPageLookup {
  const pages = listedPages(webDistDir);
  if (!webDistDir || pages.length === 0) return () => undefined;
  const drawer = read ? pageDrawer(webDistDir, read) : undefined;
  type Listed = { file: string; preloads: string[]; template: string | undefined; reads: string[] };
  const exact = new Map<string, Listed>();
  const patterns: Array<{ test: RegExp; page: Listed }> = [];
  for (const { path: address, file, preloads, template, reads } of pages) {
    // A file the build listed but did not write is not served: the address falls back to index.html.
    if (!existsSync(path.join(webDistDir, file))) continue;
    const listed = {
      file,
      preloads,
      template: template && existsSync(path.join(webDistDir, template)) ? template : undefined,
      reads: reads ?? preloads,
    };
    if (address.includes('*'))
      patterns.push({ test: new RegExp(`^${address.replaceAll('*', '[^/]+')}/?$`), page: listed });
    else exact.set(address, listed);
  }
  return (pathname) => {
    const trimmed = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
    const page = exact.get(trimmed) ?? patterns.find((pattern) => pattern.test.test(pathname))?.page;
    if (!page) return undefined;
    const found: PrerenderedPage = {
      file: page.file,
      link: preloadLink(page.preloads, trimmed, applicationId),
    };
    const reads = page.template && pageReads(page.reads, trimmed, applicationId);
    const { template } = page;
    if (drawer && template && reads) {
      found.draw = () => drawer(trimmed, template, reads);
      const announced = page.preloads.filter((address) => !page.reads.includes(address));
      found.drawnLink = preloadLink(announced, trimmed, applicationId);
    }
    return found;
  };
}
