/**
 * The app shell the service worker stores at install (public/sw.js, docs/decisions/015): the build
 * writes the list into the built sw.js, so a new build with any changed shell file is a new worker.
 *
 * The shell is index.html, the manifest and its icons, the translations, the images of the app, and
 * every JavaScript and CSS file a customer's page can load: the chunks reachable from the entry, except
 * the back office's (its pages and the chart library only they use), which an operator at a desk does not
 * need offline and a customer should not download. Hashed files need no revision: their name changes with
 * their content.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** Chunks whose entry module is one of these are not followed: the back office. */
const NOT_OFFLINE = /[\\/]features[\\/]admin[\\/]/;
/** Files copied from public/ that belong to the shell (the contract's instruction pictures do not). */
const PUBLIC_SHELL = /^(index\.html|favicon\.svg|manifest\.webmanifest|assets\/(i18n|icons|images)\/[^/]+)$/;
const PRECACHE_MARKER = /\/\*__CUBIERTO_PRECACHE__\*\/ \[\]/;
const VERSION_MARKER = /\/\*__CUBIERTO_PRECACHE_VERSION__\*\/ 'dev'/;

type OutputChunkLike = {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  dynamicImports: string[];
  viteMetadata?: { importedCss: Set<string>; importedAssets: Set<string> };
};
type BundleLike = Record<string, OutputChunkLike | { type: 'asset'; fileName: string }>;

/** The JavaScript and CSS a customer's pages can load: the entry and what it imports, now or later. */
export function customerChunks(bundle: BundleLike): string[] {
  const chunks = new Map<string, OutputChunkLike>();
  for (const item of Object.values(bundle)) if (item.type === 'chunk') chunks.set(item.fileName, item);
  const files = new Set<string>();
  const queue = [...chunks.values()].filter((chunk) => chunk.isEntry);
  while (queue.length > 0) {
    const chunk = queue.shift() as OutputChunkLike;
    if (files.has(chunk.fileName)) continue;
    if (!chunk.isEntry && chunk.facadeModuleId && NOT_OFFLINE.test(chunk.facadeModuleId)) continue;
    files.add(chunk.fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
    for (const asset of chunk.viteMetadata?.importedAssets ?? []) files.add(asset);
    for (const next of [...chunk.imports, ...chunk.dynamicImports]) {
      const found = chunks.get(next);
      if (found) queue.push(found);
    }
  }
  return [...files].sort();
}

function* filesUnder(dir: string, base = dir): Generator<string> {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) yield* filesUnder(file, base);
    else yield path.relative(base, file).split(path.sep).join('/');
  }
}

const digest = (body: Buffer | string) => createHash('sha256').update(body).digest('hex').slice(0, 16);

export function precacheShell(): Plugin {
  let outDir = 'dist';
  return {
    name: 'cubierto-precache-shell',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After the files are written (public/ is copied before), before the compressed copies are made.
    writeBundle: {
      sequential: true,
      handler(_options, bundle) {
        const hashed = customerChunks(bundle as unknown as BundleLike).map((file) => [`/${file}`, null]);
        const unhashed = [...filesUnder(outDir)]
          .filter((file) => PUBLIC_SHELL.test(file))
          .sort()
          .map((file) => [`/${file}`, digest(readFileSync(path.join(outDir, file)))]);
        const list = [...unhashed, ...hashed];
        const swFile = path.join(outDir, 'sw.js');
        const source = readFileSync(swFile, 'utf8');
        if (!PRECACHE_MARKER.test(source) || !VERSION_MARKER.test(source))
          throw new Error('public/sw.js lost its precache markers');
        writeFileSync(
          swFile,
          source
            .replace(PRECACHE_MARKER, JSON.stringify(list))
            .replace(VERSION_MARKER, JSON.stringify(digest(JSON.stringify(list)))),
        );
      },
    },
  };
}
