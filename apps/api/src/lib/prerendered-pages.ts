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
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

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
    }),
  ),
});

/** A prerendered page that answers an address: its file (relative to the build) and its Link header. */
export type PrerenderedPage = { file: string; link: string | undefined };
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

export function prerenderedPages(
  webDistDir: string | undefined,
  applicationId: number,
): PrerenderedPageLookup {
  const manifest = webDistDir ? path.join(webDistDir, 'prerendered.json') : undefined;
  if (!webDistDir || !manifest || !existsSync(manifest)) return () => undefined;
  const { pages } = ManifestSchema.parse(JSON.parse(readFileSync(manifest, 'utf8')));
  type Listed = { file: string; preloads: string[] };
  const exact = new Map<string, Listed>();
  const patterns: Array<{ test: RegExp; page: Listed }> = [];
  for (const { path: address, file, preloads } of pages) {
    // A file the build listed but did not write is not served: the address falls back to index.html.
    if (!existsSync(path.join(webDistDir, file))) continue;
    if (address.includes('*'))
      patterns.push({
        test: new RegExp(`^${address.replaceAll('*', '[^/]+')}/?$`),
        page: { file, preloads },
      });
    else exact.set(address, { file, preloads });
  }
  return (pathname) => {
    const trimmed = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
    const page = exact.get(trimmed) ?? patterns.find((pattern) => pattern.test.test(pathname))?.page;
    if (!page) return undefined;
    return { file: page.file, link: preloadLink(page.preloads, trimmed, applicationId) };
  };
}
