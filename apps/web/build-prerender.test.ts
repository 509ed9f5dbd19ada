/**
 * A prerendered page as the build writes it (build-prerender.ts): the markup inside #root exactly as
 * rendered, the hold of early input inline in the head (allowed by its hash), and nothing holding the
 * first paint: the rules the markup uses inlined, the stylesheets linked at the end of the body with
 * Mantine's tags stated again after them.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { inlineCriticalCss, pageHtml, scriptHash } from './build-prerender.ts';

const TEMPLATE = `<!doctype html>
<html lang="es-AR">
  <head>
    <title>Cubierto</title>
    <script type="module" crossorigin src="/assets/index-a1.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-b2.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;
const HOLD = 'window.__earlyHold={};';
const MARKUP =
  '<link rel="preload" as="image" href="/logo.svg"/><style data-mantine-styles="true">:root, :host{--mantine-radius-default: 10px;}</style>' +
  '<main class="page"><form><input class="field" value=""/><button class="m_77c9d27d">Ingresar</button></form><div class>ok</div></main>';

const dist = mkdtempSync(path.join(tmpdir(), 'cubierto-prerender-'));
mkdirSync(path.join(dist, 'assets'));
writeFileSync(
  path.join(dist, 'assets/index-b2.css'),
  ':root{--mantine-radius-default:4px}.page{display:grid}.field{padding:4px}.unused-by-page{color:red}.m_77c9d27d:hover{opacity:.9}',
);
writeFileSync(path.join(dist, 'assets/login-c3.css'), '.page{gap:8px}.other{margin:0}');
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const page = () =>
  pageHtml(
    TEMPLATE,
    { html: MARKUP, route: 'login' },
    { js: ['assets/index-a1.js', 'assets/login-d4.js'], css: ['assets/login-c3.css'] },
    HOLD,
  );
const rootOf = (html: string) =>
  html.slice(html.indexOf('<div id="root"'), html.indexOf('</main></div>') + 13);

describe('a prerendered page', () => {
  it("holds the markup in #root with its route, the hints and the route's files in the head, forms that send nothing by themselves", () => {
    const html = page();
    expect(rootOf(html)).toBe(
      `<div id="root" data-prerendered="login">${MARKUP.replace('<link rel="preload" as="image" href="/logo.svg"/>', '').replace('<form>', '<form method="dialog">')}</div>`,
    );
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<link rel="preload" as="image" href="/logo.svg"/>');
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/login-c3.css">');
  });

  it('lists its JavaScript for the inline script, which asks for it once the page is painted: no module is linked in the head', () => {
    const template = TEMPLATE.replace(
      '</title>',
      '</title><link rel="modulepreload" crossorigin href="/assets/framework-e5.js">',
    );
    const html = pageHtml(
      template,
      { html: MARKUP, route: 'login' },
      { js: ['assets/index-a1.js', 'assets/framework-e5.js', 'assets/login-d4.js'], css: [] },
      HOLD,
    );
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).not.toMatch(/<script type="module"|rel="modulepreload"/);
    const list = head.match(/<script type="application\/json" id="deferred-modules">(.*?)<\/script>/);
    // The entry once, its preloads in order, each once (index.html's first, then the route's).
    expect(JSON.parse(list![1]!)).toEqual({
      entry: '/assets/index-a1.js',
      preload: ['/assets/framework-e5.js', '/assets/login-d4.js'],
    });
    // Read by the inline script, so before it.
    expect(head.indexOf('id="deferred-modules"')).toBeLessThan(head.indexOf(`<script>${HOLD}`));
    expect(() =>
      pageHtml(
        TEMPLATE.replace(/<script type="module"[^<]*<\/script>/, ''),
        { html: MARKUP, route: 'login' },
        { js: [], css: [] },
        HOLD,
      ),
    ).toThrow(/exactly one module entry/);
  });

  it('runs the hold inline at the end of the head, with no request to wait for, allowed by its sha256', () => {
    const html = page();
    expect(html).toContain(`<script>${HOLD}</script></head>`);
    expect(html).not.toContain('early-hold.js');
    const digest = createHash('sha256').update(HOLD).digest('base64');
    expect(scriptHash(HOLD)).toBe(`'sha256-${digest}'`);
    expect(() =>
      pageHtml(TEMPLATE, { html: MARKUP, route: 'login' }, { js: [], css: [] }, 'a("</script>")'),
    ).toThrow(/cannot be inlined/);
  });

  it('allows the hold in the policy a build for the apps carries in its <meta> tag (no server sends the hash there)', () => {
    // As Vite writes build-csp.ts's tag: the quotes as entities.
    const csp = (sources: string) =>
      `<meta http-equiv="Content-Security-Policy" content="default-src &#39;self&#39;; script-src ${sources}; style-src &#39;self&#39;">`;
    const template = TEMPLATE.replace('<title>', `${csp('&#39;self&#39; https://www.clarity.ms')}<title>`);
    const html = pageHtml(template, { html: MARKUP, route: 'login' }, { js: [], css: [] }, HOLD);
    const digest = createHash('sha256').update(HOLD).digest('base64');
    expect(html).toContain(csp(`&#39;self&#39; &#39;sha256-${digest}&#39; https://www.clarity.ms`));
    // A build served by the API has no tag: the server's header carries the hash.
    expect(page()).not.toContain('Content-Security-Policy');
  });

  it("paints with the rules its markup uses inlined; the stylesheets, whole, load for print at the end of the body (for the entry to apply), Mantine's tags after them", async () => {
    const before = page();
    const html = await inlineCriticalCss(before, dist);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).not.toContain('rel="stylesheet"');
    const critical = /<style>([\s\S]*?)<\/style>/.exec(head)?.[1] ?? '';
    expect(critical).toContain('.page{display:grid}');
    expect(critical).toContain('.field{padding:4px}');
    expect(critical).toContain('.page{gap:8px}');
    expect(critical).not.toContain('unused-by-page');
    expect(critical).not.toContain('.other');
    // Where the first stylesheet was: before the entry script runs and before the hold.
    expect(head.indexOf('<style>')).toBeLessThan(head.indexOf(`<script>${HOLD}`));
    // The markup is untouched, byte for byte (hydration).
    expect(rootOf(html)).toBe(rootOf(before));
    const afterRoot = html.slice(html.indexOf('</main></div>') + 13);
    expect(afterRoot).toMatch(
      /^\s*<link rel="stylesheet" crossorigin href="\/assets\/index-b2\.css" media="print" data-full-css><link rel="stylesheet" crossorigin href="\/assets\/login-c3\.css" media="print" data-full-css><noscript><link rel="stylesheet" crossorigin href="\/assets\/index-b2\.css"><link rel="stylesheet" crossorigin href="\/assets\/login-c3\.css"><\/noscript><style>:root, :host\{--mantine-radius-default: 10px;\}<\/style><\/body>/,
    );
  });

  it("keeps Mantine's colour-scheme variables the page uses, which beasties leaves out (they are on <html> itself)", async () => {
    // As Mantine's stylesheet states them: the scheme's variables on the root element only.
    writeFileSync(
      path.join(dist, 'assets/scheme-e5.css'),
      ':root,:host{color-scheme:var(--mantine-color-scheme)}body{background-color:var(--mantine-color-body)}' +
        ':root,:host{--mantine-color-white:#fff;--mantine-color-gray-4:#ced4da}' +
        ':root[data-mantine-color-scheme=dark],:host([data-mantine-color-scheme=dark]){--mantine-color-scheme:dark;--mantine-color-body:#242424;--mantine-color-default:#2e2e2e}' +
        ':root[data-mantine-color-scheme=light],:host([data-mantine-color-scheme=light]){--mantine-color-scheme:light;--mantine-color-body:#fff;--mantine-color-default:var(--mantine-color-white);--mantine-color-default-border:var(--mantine-color-gray-4);--mantine-color-unused:red}' +
        '.m_77c9d27d{border:1px solid var(--button-bd)}.m_77c9d27d{--button-bd:var(--mantine-color-default-border)}',
    );
    const scheme = (attribute: string) =>
      pageHtml(
        TEMPLATE.replace('<html lang="es-AR">', `<html lang="es-AR"${attribute}>`).replace(
          'index-b2.css',
          'scheme-e5.css',
        ),
        {
          // Mantine's buttons state their colours in their style attribute.
          html: MARKUP.replace(
            '<button class="m_77c9d27d">',
            '<button class="m_77c9d27d" style="--button-bg:var(--mantine-color-default)">',
          ),
          route: 'login',
        },
        { js: [], css: [] },
        HOLD,
      );
    const criticalOf = async (html: string) => {
      const inlined = await inlineCriticalCss(html, dist);
      return /<style>([\s\S]*?)<\/style>/.exec(inlined.slice(0, inlined.indexOf('</head>')))?.[1] ?? '';
    };
    // The page's scheme only (the app forces light), with the variables its rules and markup use, and
    // those their values use: the body's, the button's from its style attribute, the border's through
    // the button's own variable. Last, after the `:root` rules.
    const light = await criticalOf(scheme(' data-mantine-color-scheme="light"'));
    expect(light).toContain(':root{color-scheme:var(--mantine-color-scheme)}');
    expect(light).toMatch(
      /:root\[data-mantine-color-scheme=light\]\{--mantine-color-scheme:light;--mantine-color-body:#fff;--mantine-color-default:var\(--mantine-color-white\);--mantine-color-default-border:var\(--mantine-color-gray-4\)\}$/,
    );
    expect(light).not.toContain('--mantine-color-unused');
    expect(light).not.toContain('data-mantine-color-scheme=dark');
    // No scheme on <html> (Mantine's script would set one): every scheme's.
    const either = await criticalOf(scheme(''));
    expect(either).toContain(
      ':root[data-mantine-color-scheme=dark]{--mantine-color-scheme:dark;--mantine-color-body:#242424;--mantine-color-default:#2e2e2e}',
    );
    expect(either).toContain(':root[data-mantine-color-scheme=light]{--mantine-color-scheme:light;');
  });

  it('is left as it is when it links no stylesheet', async () => {
    const html = pageHtml(
      TEMPLATE.replace(/<link rel="stylesheet"[^>]*>/, ''),
      { html: MARKUP, route: 'login' },
      { js: [], css: [] },
      HOLD,
    );
    expect(await inlineCriticalCss(html, dist)).toBe(html);
  });
});
