/**
 * The public pages as HTML at build time (src/prerender/pages.ts lists them): after the client build is
 * written, the app is built once more for Node (src/prerender/render.tsx, into a temporary folder), each
 * page is rendered with the real routes, components, translations and Mantine's styles, and written into
 * the build as `<page>/index.html`: the built index.html with the page's markup inside #root, marked with
 * its route (`data-prerendered`) so the client hydrates it (main.tsx), plus the stylesheets and module
 * preloads of the route's own chunks, so the page is painted as it will look and hydrated without a
 * waterfall. `prerendered.json` tells the server which addresses answer which file. Runs before the
 * compressed copies are made (build-compress.ts) and after the service worker's shell list (the shell
 * stays index.html, the single-page app every address falls back to offline).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { type AliasOptions, build, minifySync, type Plugin } from 'vite';
import type { PrerenderedPage } from './src/prerender/pages.ts';

type ChunkLike = {
  type: 'chunk';
  fileName: string;
  moduleIds: string[];
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
};
type BundleLike = Record<string, ChunkLike | { type: 'asset'; fileName: string }>;

/** What the Node bundle of src/prerender/render.tsx exports. */
type RenderModule = {
  PRERENDERED_PAGES: readonly PrerenderedPage[];
  PRERENDER_MANIFEST: string;
  setUp(translations: Record<string, unknown>): Promise<void>;
  renderPage(url: string): Promise<{ html: string; route: string }>;
};

/** The JavaScript and CSS a page needs beyond index.html's: the chunks holding its route modules. */
export function routeFiles(bundle: BundleLike, modules: readonly string[]): { js: string[]; css: string[] } {
  const chunks = Object.values(bundle).filter((item): item is ChunkLike => item.type === 'chunk');
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (chunk: ChunkLike) => {
    if (js.has(chunk.fileName)) return;
    js.add(chunk.fileName);
    for (const file of chunk.viteMetadata?.importedCss ?? []) css.add(file);
    for (const next of chunk.imports) {
      const found = byName.get(next);
      if (found) visit(found);
    }
  };
  for (const module of modules) {
    const holder = chunks.find((chunk) => chunk.moduleIds.includes(module));
    if (!holder) throw new Error(`prerender: no chunk holds ${module}`);
    visit(holder);
  }
  return { js: [...js], css: [...css] };
}

/** index.html with the page inside #root and the route's own files linked in the head. */
export function pageHtml(
  template: string,
  page: { html: string; route: string },
  files: { js: string[]; css: string[] },
): string {
  const linked = (file: string) => template.includes(`"/${file}"`);
  const links = [
    ...files.css
      .filter((file) => !linked(file))
      .map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ...files.js
      .filter((file) => !linked(file))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ];
  const root = '<div id="root"></div>';
  if (!template.includes(root) || !template.includes('</head>'))
    throw new Error('prerender: index.html lost its <div id="root"></div> or </head>');
  // React writes its resource hints (the logo's preload) ahead of the markup: they belong in the head,
  // where hydration does not meet them.
  const hints = /^(?:<link [^>]*\/>)+/.exec(page.html)?.[0] ?? '';
  const marker = page.route.replace(/"/g, '&quot;');
  // A form submitted before the app owns the page is held by public/early-hold.js (a blocking script in
  // the head, fetched alongside the stylesheet the first paint waits for anyway) until src/app/early-input.ts
  // ends the hold and makes the submit once. Should that script not run, `method="dialog"` outside a
  // dialog makes the browser send nothing: no POST, no fields (a password) in the address.
  const body = page.html.slice(hints.length).replace(/<form(?![^>]*\smethod=)/g, '<form method="dialog"');
  return template
    .replace('</head>', () => `${hints}${links.join('')}<script src="/early-hold.js"></script></head>`)
    .replace(root, () => `<div id="root" data-prerendered="${marker}">${body}</div>`);
}

export function prerenderPages(options: { define: Record<string, string>; alias: AliasOptions }): Plugin {
  let root = '';
  let outDir = 'dist';
  let mode = 'production';
  let bundle: BundleLike = {};
  return {
    name: 'cubierto-prerender',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
      mode = config.mode;
    },
    writeBundle: {
      sequential: true,
      handler(_options, written) {
        bundle = written as unknown as BundleLike;
      },
    },
    closeBundle: {
      // Before the compressed copies (the next plugin) are made.
      sequential: true,
      async handler() {
        // The hold every prerendered page runs in its head, before the content: minified (public files
        // are copied as they are), it is about half a kilobyte on the login page's budget.
        const hold = path.join(outDir, 'early-hold.js');
        if (existsSync(hold)) writeFileSync(hold, minifySync(hold, readFileSync(hold, 'utf8')).code);
        const serverDir = mkdtempSync(path.join(tmpdir(), 'cubierto-prerender-'));
        try {
          await build({
            configFile: false,
            root,
            mode,
            logLevel: 'warn',
            plugins: [react()],
            define: options.define,
            resolve: { alias: options.alias },
            // Everything in one Node bundle: the contracts are TypeScript, and the app's modules expect
            // the same resolution as in the browser build.
            ssr: { noExternal: true },
            build: {
              ssr: path.join(root, 'src/prerender/render.tsx'),
              outDir: serverDir,
              emptyOutDir: true,
              copyPublicDir: false,
              minify: false,
              target: 'node24',
              rolldownOptions: { output: { entryFileNames: 'render.mjs' } },
            },
          });
          const render = (await import(
            pathToFileURL(path.join(serverDir, 'render.mjs')).href
          )) as RenderModule;
          const translations = JSON.parse(readFileSync(path.join(outDir, 'assets/i18n/es.json'), 'utf8'));
          await render.setUp(translations);
          const template = readFileSync(path.join(outDir, 'index.html'), 'utf8');
          const manifest: Array<{ path: string; file: string; route: string }> = [];
          for (const page of render.PRERENDERED_PAGES) {
            const rendered = await render.renderPage(page.url);
            const modules = page.modules.map((module) => path.join(root, module));
            const html = pageHtml(template, rendered, routeFiles(bundle, modules));
            const file = path.join(outDir, page.file);
            mkdirSync(path.dirname(file), { recursive: true });
            writeFileSync(file, html);
            manifest.push({ path: page.path, file: page.file, route: rendered.route });
          }
          writeFileSync(
            path.join(outDir, render.PRERENDER_MANIFEST),
            `${JSON.stringify({ pages: manifest }, null, 2)}\n`,
          );
        } finally {
          rmSync(serverDir, { recursive: true, force: true });
        }
      },
    },
  };
}
