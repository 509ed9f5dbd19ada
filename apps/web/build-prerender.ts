/**
 * The public pages as HTML at build time (src/prerender/pages.ts lists them): after the client build is
 * written, the app is built once more for Node (src/prerender/render.tsx, into a temporary folder), each
 * page is rendered with the real routes, components, translations and Mantine's styles, and written into
 * the build as `<page>/index.html`: the built index.html with the page's markup inside #root, marked with
 * its route (`data-prerendered`) so the client hydrates it (main.tsx), plus the stylesheets and the
 * module list of the route's own chunks, so the page is painted as it will look and hydrated without a
 * waterfall. Nothing holds the first paint: the CSS the markup uses is inlined and the stylesheets are
 * loaded apart, at the end of the body (`inlineCriticalCss`), the hold of early input runs inline and the
 * page's JavaScript is asked for once the page is painted (`pageHtml`). `prerendered.json` tells the server which addresses answer which file, the API requests
 * to announce with each (src/prerender/pages.ts, `preloads`), and the hashes of the inline scripts its
 * Content-Security-Policy allows. Runs before the
 * compressed copies are made (build-compress.ts) and after the service worker's shell list (the shell
 * stays index.html, the single-page app every address falls back to offline).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import Beasties from 'beasties';
import postcss, { type Rule } from 'postcss';
import { type AliasOptions, build, minifySync, type Plugin } from 'vite';
import { restatedStyles, splitMarkup, templateOf } from './src/prerender/markup.ts';
import type { PrerenderedPage } from './src/prerender/pages.ts';

type ChunkLike = {
  type: 'chunk';
  fileName: string;
  moduleIds: string[];
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
};
type BundleLike = Record<string, ChunkLike | { type: 'asset'; fileName: string }>;

type Answers = Readonly<Record<string, { status: number; body: unknown }>>;

/** What the Node bundle of src/prerender/render.tsx exports (what the build uses of it). */
type RenderModule = {
  PRERENDERED_PAGES: readonly PrerenderedPage[];
  PRERENDER_MANIFEST: string;
  setUp(translations: Record<string, unknown>): Promise<void>;
  renderPage(url: string, answers?: Answers): Promise<{ html: string; route: string }>;
  specimensOf(path: string): Answers[];
};

/**
 * Where the build keeps the Node bundle of src/prerender/render.tsx, for the API's server to draw the
 * pages listed `withData` per request (apps/api/src/lib/rendered-pages.ts), and those pages' templates
 * (`templates/<file>`). Never served: the server leaves the folder out of its static files.
 */
export const SERVER_DIR = 'server';

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

const ENTRY = /<script type="module" crossorigin src="([^"]+)"><\/script>/g;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * index.html with the page inside #root, the route's own files in the head and the inline script (`inline`:
 * the hold of early input, public/early-hold.js, then src/prerender/deferred-modules.js, both minified) run
 * at the end of the head.
 *
 * The page's JavaScript (the entry and every module it preloads, index.html's and the route's) is not
 * linked in the head: it is listed in `#deferred-modules` (JSON), and the inline script asks for it once
 * the page has been parsed and painted. Linked in the head, 40-odd modules were fetched at a high priority
 * and compiled on the main thread while the page was still to be painted: the paint of a page that needs
 * no JavaScript to be read waited for them (its first paint came after its scripts had arrived, so
 * Lighthouse's slow-4G simulation counted every one of them into FCP and LCP).
 */
export function pageHtml(
  template: string,
  page: { html: string; route: string },
  files: { js: string[]; css: string[] },
  inline: string,
): string {
  const root = '<div id="root"></div>';
  if (!template.includes(root) || !template.includes('</head>'))
    throw new Error('prerender: index.html lost its <div id="root"></div> or </head>');
  if (/<\/script/i.test(inline))
    throw new Error('prerender: the inline script cannot be inlined, it holds </script');
  const entries = [...template.matchAll(ENTRY)].map((match) => match[1]!);
  if (entries.length !== 1) throw new Error('prerender: index.html should have exactly one module entry');
  const entry = entries[0]!;
  const preload = [
    ...[...template.matchAll(MODULE_PRELOAD)].map((match) => match[1]!),
    ...files.js.map((file) => `/${file}`),
  ].filter((href, n, all) => href !== entry && all.indexOf(href) === n);
  const withoutScripts = template.replace(ENTRY, '').replace(MODULE_PRELOAD, '');
  const links = files.css
    .filter((file) => !template.includes(`"/${file}"`))
    .map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`);
  // `<` written as \u003c: nothing in the list can end the script element.
  const deferred = `<script type="application/json" id="deferred-modules">${JSON.stringify({ entry, preload }).replace(/</g, '\\u003c')}</script>`;
  // React's resource hints go to the head; a form submitted before the app owns the page is held by the
  // hold (inline at the end of the head, so it runs before any content can be used, without a request
  // the first paint would wait for; the server's Content-Security-Policy allows it by its hash,
  // `scriptHash`) until src/app/early-input.ts ends the hold and makes the submit once (markup.ts).
  const { hints, body } = splitMarkup(page.html);
  const marker = page.route.replace(/"/g, '&quot;');
  // A build for another origin (the apps' shells, build-csp.ts) carries its policy in a <meta> tag, with no
  // server to send the hash: the tag allows the hold by its hash itself.
  return withoutScripts
    .replace(
      /(<meta http-equiv="Content-Security-Policy" content="[^"]*?script-src (&#39;|')self\2)/,
      (csp: string, _start: string, quote: string) => `${csp} ${scriptHash(inline).replaceAll("'", quote)}`,
    )
    .replace('</head>', () => `${hints}${links.join('')}${deferred}<script>${inline}</script></head>`)
    .replace(root, () => `<div id="root" data-prerendered="${marker}">${body}</div>`);
}

/** The Content-Security-Policy source that allows an inline script: `'sha256-…'` of its exact text. */
export function scriptHash(script: string): string {
  return `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
}

const STYLESHEET = /<link rel="stylesheet"[^>]*>/g;

/** The attribute of the stylesheets the entry applies once loaded (src/prerender/full-stylesheets.ts). */
const FULL_CSS = 'data-full-css';

/**
 * The page painted without waiting for its stylesheets: the rules its markup uses (beasties, which reads
 * the linked files from `outDir`) and the variables of Mantine's colour scheme those use
 * (`colorSchemeVariables`) inlined in a <style> where the first stylesheet was linked, and the
 * stylesheets themselves, unchanged (the single-page app needs every rule), linked at the end of the body
 * for print, so neither the first paint nor the scripts wait for them (Chromium held the paint until a
 * stylesheet linked in the body had arrived, even with the rules inlined). The entry applies them to the
 * screen once they have arrived and before it draws anything (src/prerender/full-stylesheets.ts), so
 * what the app draws is never drawn unstyled; a <noscript> links them as they are.
 *
 * Only the head and the end of the body change: the markup inside #root is left byte for byte as React
 * rendered it, for hydration. Mantine's <style> tags inside #root (the theme's variables, on `:root` like
 * the defaults of its stylesheet) came after the stylesheets and won over them; they are stated once more
 * after the moved links, so the cascade once everything has arrived is the one of the page before.
 */
export async function inlineCriticalCss(
  html: string,
  outDir: string,
  /** Markup the page may also hold (a page drawn per request with its data): its rules are inlined too. */
  also: readonly string[] = [],
): Promise<string> {
  const head = html.slice(0, html.indexOf('</head>'));
  const sheets = head.match(STYLESHEET) ?? [];
  if (sheets.length === 0) return html;
  const beasties = new Beasties({
    path: outDir,
    publicPath: '/',
    // Where beasties puts the links is not used: only the critical rules are taken from its output.
    preload: 'body',
    pruneSource: false,
    // Mantine's tags inside #root stay as they are (hydration).
    reduceInlineStyles: false,
    fonts: false,
    logLevel: 'warn',
  });
  const processed = await beasties.process(
    also.length ? html.replace(/<\/body>(?![\s\S]*<\/body>)/, () => `${also.join('')}</body>`) : html,
  );
  const processedHead = processed.slice(0, processed.indexOf('</head>'));
  const critical = [...processedHead.matchAll(/<style>([\s\S]*?)<\/style>/g)]
    .map((match) => match[1])
    .join('');
  if (!critical) throw new Error('prerender: no critical CSS was found for a page that links stylesheets');
  const rootStart = html.indexOf('<div id="root"');
  const restated = restatedStyles(html.slice(rootStart));
  const scheme = colorSchemeVariables({
    scheme: /^<html\b[^>]*\sdata-mantine-color-scheme="([^"]*)"/m.exec(html)?.[1],
    stylesheets: sheets.map((sheet) => readFileSync(path.join(outDir, hrefOf(sheet)), 'utf8')),
    critical,
    markup: [html.slice(rootStart), ...also],
  });
  let first = true;
  const withoutSheets = html.slice(0, rootStart).replace(STYLESHEET, () => {
    if (!first) return '';
    first = false;
    return `<style>${critical}${scheme}</style>`;
  });
  const rest = html.slice(rootStart);
  const end = rest.lastIndexOf('</body>');
  if (end < 0) throw new Error('prerender: the page has no </body>');
  // Linked for print, the browser loads them at a low priority and paints without them; the entry applies
  // them to the screen once loaded, before it draws anything (src/prerender/full-stylesheets.ts). Without
  // JavaScript they apply as they are.
  const deferred = sheets.map((sheet) => sheet.replace(/>$/, ` media="print" ${FULL_CSS}>`)).join('');
  return `${withoutSheets}${rest.slice(0, end)}${deferred}<noscript>${sheets.join('')}</noscript>${restated}${rest.slice(end)}`;
}

/** The file a `<link rel="stylesheet">` of the build names, relative to the build's folder. */
function hrefOf(link: string): string {
  const href = /\shref="\/?([^"]+)"/.exec(link)?.[1];
  if (!href) throw new Error(`prerender: a stylesheet link without its file: ${link}`);
  return href;
}

/** The colour schemes Mantine can put on <html>, and the blocks of variables its stylesheet has for each. */
const SCHEMES = ['light', 'dark'] as const;
const SCHEME_BLOCK =
  /^(?::root\[data-mantine-color-scheme=(light|dark)\]|:host\(\[data-mantine-color-scheme=(light|dark)\]\))$/;
/** A selector of the document's root element only (where Mantine states its variables). */
const ROOT_ONLY = /^(?::root|:host|html)(?:\[[^\]]*\]|\(\[[^\]]*\]\))?$/;
const VARIABLE = /var\(\s*(--[\w-]+)/g;

const referencesOf = (text: string) => [...text.matchAll(VARIABLE)].map((match) => match[1]!);

/**
 * Mantine's colour-scheme variables the page uses, as one rule for the critical CSS.
 *
 * Mantine's stylesheet states the variables that depend on the colour scheme (`--mantine-color-body`,
 * `--mantine-color-default`, `--mantine-color-text`, `--mantine-color-scheme`, …) on the root element
 * only: `:root[data-mantine-color-scheme=light]` (and `=dark`). beasties matches a selector among the
 * elements inside <html>, never <html> itself, so it leaves those blocks out, and the first paint had
 * none of them: the login's card, a product page's plans and the certificate check's card see-through on
 * the page's grey, a plan's "default" buttons in the brand's colour, `color-scheme` unset, until the full
 * stylesheets arrived.
 *
 * Only the declarations the page can use are kept (the whole light block is about 7 KB): the variables
 * the critical rules and the markup (its style attributes and Mantine's tags) refer to, and those their
 * values refer to in turn, read through every definition on the root (the critical `:root` rules,
 * Mantine's tags, the scheme blocks). Only the scheme <html> carries (`data-mantine-color-scheme`, the
 * app forces `light`); without one, every scheme's. The rule comes last in the inlined CSS, as the
 * blocks come after `:root`'s in the stylesheet; Mantine's own tags, later in the page, still win.
 */
export function colorSchemeVariables(page: {
  /** `data-mantine-color-scheme` of the page's <html>, if any. */
  scheme: string | undefined;
  /** The full stylesheets the page links, as they are. */
  stylesheets: readonly string[];
  /** The rules inlined for the page. */
  critical: string;
  /** The page's markup (#root, and what a page drawn with data may also hold). */
  markup: readonly string[];
}): string {
  const schemes = SCHEMES.filter(
    (scheme) => !page.scheme || !SCHEMES.includes(page.scheme as never) || scheme === page.scheme,
  );
  /** Every definition on the root: variable → the values it is given. */
  const definitions = new Map<string, string[]>();
  const define = (name: string, value: string) =>
    definitions.set(name, [...(definitions.get(name) ?? []), value]);
  const used = new Set<string>();
  const use = (text: string) => {
    for (const name of referencesOf(text)) used.add(name);
  };
  const readRules = (css: string, onRoot: (rule: Rule) => void) =>
    postcss.parse(css).walkRules((rule) => {
      if (rule.selectors.every((selector) => ROOT_ONLY.test(selector.trim()))) onRoot(rule);
      else rule.walkDecls((decl) => use(decl.value));
    });
  const onRoot = (rule: Rule) =>
    rule.walkDecls((decl) => {
      if (decl.prop.startsWith('--')) define(decl.prop, decl.value);
      else use(decl.value);
    });
  readRules(page.critical, onRoot);
  for (const markup of page.markup) {
    for (const [, css] of markup.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)) readRules(css!, onRoot);
    for (const [, style] of markup.matchAll(/\sstyle="([^"]*)"/g)) use(style!);
  }
  /** The scheme blocks' declarations, in their order: scheme → variable → value. */
  const blocks = new Map<string, Map<string, string>>(schemes.map((scheme) => [scheme, new Map()]));
  for (const css of page.stylesheets)
    postcss.parse(css).walkRules((rule) => {
      if (rule.parent?.type !== 'root') return;
      const of = rule.selectors.map((selector) => SCHEME_BLOCK.exec(selector.trim()));
      const scheme = of[0]?.[1] ?? of[0]?.[2];
      if (!scheme || of.some((match) => !match || (match[1] ?? match[2]) !== scheme)) return;
      rule.walkDecls((decl) => {
        if (!decl.prop.startsWith('--')) return;
        blocks.get(scheme)?.set(decl.prop, decl.value);
        define(decl.prop, decl.value);
      });
    });
  // What the used variables' values use, until nothing new comes.
  const pending = [...used];
  while (pending.length) {
    for (const value of definitions.get(pending.pop()!) ?? [])
      for (const name of referencesOf(value))
        if (!used.has(name)) {
          used.add(name);
          pending.push(name);
        }
  }
  return [...blocks]
    .map(([scheme, declared]) => {
      const kept = [...declared].filter(([name]) => used.has(name));
      return kept.length
        ? `:root[data-mantine-color-scheme=${scheme}]{${kept.map(([name, value]) => `${name}:${value}`).join(';')}}`
        : '';
    })
    .join('');
}

export function prerenderPages(options: { define: Record<string, string>; alias: AliasOptions }): Plugin {
  let root = '';
  let outDir = 'dist';
  let mode = 'production';
  /** A build for the apps, whose API is on another origin (build-csp.ts): no server of the API serves it. */
  let otherApiOrigin = false;
  let bundle: BundleLike = {};
  return {
    name: 'cubierto-prerender',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
      mode = config.mode;
      otherApiOrigin = Boolean(config.env.VITE_API_ORIGIN);
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
        // The hold every prerendered page runs inline in its head, before the content: minified (public
        // files are copied as they are), it is about half a kilobyte on each page. The file stays in the
        // build for a page loaded before this build, which still links it.
        const holdFile = path.join(outDir, 'early-hold.js');
        const hold = minifySync(holdFile, readFileSync(holdFile, 'utf8')).code.trim();
        writeFileSync(holdFile, hold);
        // Then what starts the page's JavaScript once it is painted (pageHtml): one inline script, one hash.
        const loaderFile = path.join(root, 'src/prerender/deferred-modules.js');
        const inline = `${hold}\n${minifySync(loaderFile, readFileSync(loaderFile, 'utf8')).code.trim()}`;
        // Kept in the build for the API's server, which draws the `withData` pages per request; a build
        // for the apps (whose API is elsewhere, and which no server of ours serves) does not carry it.
        const serverDir = otherApiOrigin
          ? mkdtempSync(path.join(tmpdir(), 'cubierto-prerender-'))
          : path.join(outDir, SERVER_DIR);
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
              // One file: the server imports it as it is, with no chunks a loader could load twice.
              rolldownOptions: { output: { entryFileNames: 'render.mjs', codeSplitting: false } },
            },
          });
          const render = (await import(
            pathToFileURL(path.join(serverDir, 'render.mjs')).href
          )) as RenderModule;
          const translations = JSON.parse(readFileSync(path.join(outDir, 'assets/i18n/es.json'), 'utf8'));
          await render.setUp(translations);
          const template = readFileSync(path.join(outDir, 'index.html'), 'utf8');
          const manifest: Array<{
            path: string;
            file: string;
            route: string;
            preloads: readonly string[];
            template?: string;
            reads?: readonly string[];
          }> = [];
          const write = (file: string, html: string) => {
            mkdirSync(path.dirname(file), { recursive: true });
            writeFileSync(file, html);
          };
          for (const page of render.PRERENDERED_PAGES) {
            const rendered = await render.renderPage(page.url);
            const modules = page.modules.map((module) => path.join(root, module));
            // A page drawn per request also inlines the rules of what its data draws (specimens.ts).
            const withData = page.withData && !otherApiOrigin;
            const specimens = withData
              ? await Promise.all(
                  render.specimensOf(page.path).map(async (answers) => {
                    const drawn = await render.renderPage(page.url, answers);
                    return splitMarkup(drawn.html).body;
                  }),
                )
              : [];
            const html = await inlineCriticalCss(
              pageHtml(template, rendered, routeFiles(bundle, modules), inline),
              outDir,
              specimens,
            );
            write(path.join(outDir, page.file), html);
            const templateFile = withData ? `${SERVER_DIR}/templates/${page.file}` : undefined;
            if (templateFile)
              write(path.join(outDir, templateFile), templateOf(html, splitMarkup(rendered.html).body));
            manifest.push({
              path: page.path,
              file: page.file,
              route: rendered.route,
              // The preloads name the API's addresses on the server's own origin: a build whose API is
              // elsewhere announces none (whatever serves it is not the API).
              preloads: otherApiOrigin ? [] : page.preloads,
              ...(templateFile ? { template: templateFile } : {}),
              // What the server reads to draw it, when that is not its preloads (pages.ts, `reads`).
              ...(templateFile && page.reads ? { reads: page.reads } : {}),
            });
          }
          writeFileSync(
            path.join(outDir, render.PRERENDER_MANIFEST),
            // The server allows the inline script by its hash (apps/api/src/lib/inline-scripts.ts).
            `${JSON.stringify({ pages: manifest, script_hashes: [scriptHash(inline)] }, null, 2)}\n`,
          );
        } finally {
          if (otherApiOrigin) rmSync(serverDir, { recursive: true, force: true });
        }
      },
    },
  };
}
