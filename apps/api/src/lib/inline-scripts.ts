/**
 * The inline scripts of the web build the Content-Security-Policy allows, by hash: the prerendered public
 * pages (apps/web/build-prerender.ts) run the hold of early input inline in their head, so the first paint
 * does not wait for a request (docs/decisions/025). The build lists the hashes in `prerendered.json`
 * (`script_hashes`, each `'sha256-…'`); no build, no list, or no hashes: none is allowed, and the page
 * falls back to what decision 025 describes when the hold does not run (its forms send nothing).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const HashesSchema = z.object({
  script_hashes: z.array(z.string().regex(/^'sha256-[A-Za-z0-9+/]+={0,2}'$/)).default([]),
});

/** The `'sha256-…'` sources of the build's inline scripts, for the CSP's script-src. */
export function inlineScriptHashes(webDistDir: string | undefined): string[] {
  const manifest = webDistDir ? path.join(webDistDir, 'prerendered.json') : undefined;
  if (!manifest || !existsSync(manifest)) return [];
  return HashesSchema.parse(JSON.parse(readFileSync(manifest, 'utf8'))).script_hashes;
}
