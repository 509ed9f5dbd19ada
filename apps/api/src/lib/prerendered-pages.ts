/**
 * The public pages the web build prerendered to HTML (apps/web/build-prerender.ts): the build lists them
 * in `prerendered.json`, address pattern → file, and the server answers those addresses with their own
 * HTML (painted before the JavaScript arrives) instead of the empty index.html every other client-side
 * route gets. A `*` in a pattern is one path segment (`/verificar/*`: the certificate check's shell).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const ManifestSchema = z.object({
  pages: z.array(
    z.object({
      path: z.string().regex(/^(\/([\w-]+|\*))+$/),
      file: z.string().regex(/^([\w-]+\/)+index\.html$/),
    }),
  ),
});

/** The file (relative to the build) that answers a path, if a page was prerendered for it. */
export type PrerenderedPageLookup = (pathname: string) => string | undefined;

export function prerenderedPages(webDistDir: string | undefined): PrerenderedPageLookup {
  const manifest = webDistDir ? path.join(webDistDir, 'prerendered.json') : undefined;
  if (!webDistDir || !manifest || !existsSync(manifest)) return () => undefined;
  const { pages } = ManifestSchema.parse(JSON.parse(readFileSync(manifest, 'utf8')));
  const exact = new Map<string, string>();
  const patterns: Array<{ test: RegExp; file: string }> = [];
  for (const page of pages) {
    // A file the build listed but did not write is not served: the address falls back to index.html.
    if (!existsSync(path.join(webDistDir, page.file))) continue;
    if (page.path.includes('*'))
      patterns.push({ test: new RegExp(`^${page.path.replaceAll('*', '[^/]+')}/?$`), file: page.file });
    else exact.set(page.path, page.file);
  }
  return (pathname) => {
    const trimmed = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
    return exact.get(trimmed) ?? patterns.find((pattern) => pattern.test.test(pathname))?.file;
  };
}
