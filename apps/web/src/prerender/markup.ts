/**
 * The page's markup as it goes into the HTML, the same at build time (build-prerender.ts) and when the
 * server draws a page with its data (render.tsx, `fillTemplate`): React's resource hints go to the head,
 * the rest inside #root byte for byte as rendered (hydration), and a page drawn with data carries that
 * data beside #root for the client (page-data.ts). No dependency: the build's Node code imports it too,
 * and the entry reads a page's data with it without loading the query cache (the login's app version).
 */
import type { ApiErrorBody } from '../shared/api/api-error.ts';

/** Where a page drawn with its data goes in its template (the built page with #root emptied). */
export const PAGE_PLACEHOLDER = '<!--cubierto:page-->';

/** Where the page's own style tags are stated again, after the stylesheets (`restatedStyles`). */
export const RESTATED_PLACEHOLDER = '<!--cubierto:restated-->';

/** The id of the `<script type="application/json">` that holds a page's data (page-data.ts). */
export const PAGE_DATA_ID = 'page-data';

/**
 * React writes its resource hints (the logo's preload) ahead of the markup: they belong in the head, where
 * hydration does not meet them. A form submitted before the app owns the page is held by the hold
 * (public/early-hold.js) until the app makes the submit; should that script not run, `method="dialog"`
 * outside a dialog makes the browser send nothing: no POST, no fields (a password) in the address.
 */
export function splitMarkup(html: string): { hints: string; body: string } {
  const hints = /^(?:<link [^>]*\/>)+/.exec(html)?.[0] ?? '';
  const body = html.slice(hints.length).replace(/<form(?![^>]*\smethod=)/g, '<form method="dialog"');
  return { hints, body };
}

/**
 * Mantine's style tags inside #root (the theme's variables, on `:root` like the defaults of its stylesheet,
 * and the responsive props of its elements) come before the stylesheets the build moves to the end of the
 * body (build-prerender.ts, `inlineCriticalCss`), and won over them: they are stated once more after those,
 * so the cascade once everything has arrived is the one of the page as rendered.
 */
export function restatedStyles(rootHtml: string): string {
  const styles = rootHtml.match(/<style[^>]*>[\s\S]*?<\/style>/g) ?? [];
  return styles.map((style) => style.replace(/^<style[^>]*>/, '<style>')).join('');
}

/**
 * JSON for a `<script type="application/json">`: the browser never runs it (no Content-Security-Policy
 * source needed), and with every `<` written `\u003c` no text in the data (a `</script>`, a `<!--`) can end
 * the element or open anything else. JSON.parse reads it back unchanged.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/**
 * The template of a page drawn per request: the built page (`page`, whose #root holds `body`) with
 * `PAGE_PLACEHOLDER` in #root and `RESTATED_PLACEHOLDER` where its style tags are stated again.
 */
export function templateOf(page: string, body: string): string {
  const root = `>${body}</div>`;
  const start = page.indexOf('<div id="root"');
  const at = page.indexOf(root, start);
  const restated = `${restatedStyles(body)}</body>`;
  const end = page.lastIndexOf(restated);
  if (start < 0 || at < 0 || end < at) throw new Error('templateOf: the page does not hold its markup');
  return `${page.slice(0, at)}>${PAGE_PLACEHOLDER}</div>${page.slice(at + root.length, end)}${RESTATED_PLACEHOLDER}${page.slice(end + restated.length - '</body>'.length)}`;
}

/**
 * The page's HTML: `template` (`templateOf`) with `html` (React's output) in #root, its hints in the head
 * unless already there, its style tags stated again, and `data` in a JSON script right after #root.
 */
export function fillTemplate(template: string, html: string, data: unknown): string {
  const { hints, body } = splitMarkup(html);
  const newHints = (hints.match(/<link [^>]*\/>/g) ?? []).filter((hint) => !template.includes(hint)).join('');
  const slot = `${PAGE_PLACEHOLDER}</div>`;
  if (!template.includes(slot) || !template.includes(RESTATED_PLACEHOLDER))
    throw new Error('fillTemplate: the template has no page placeholder');
  const island = `<script type="application/json" id="${PAGE_DATA_ID}">${jsonForScript(data)}</script>`;
  return template
    .replace('</head>', () => `${newHints}</head>`)
    .replace(slot, () => `${body}</div>${island}`)
    .replace(RESTATED_PLACEHOLDER, () => restatedStyles(body));
}

/**
 * One query as the page was drawn with it: its data (as the app's own call parses it), or the API's
 * refusal (a certificate nobody has: the verdict is "not found").
 */
export type PageQuery =
  | { key: readonly unknown[]; data: unknown }
  | { key: readonly unknown[]; refused: { status: number; body: ApiErrorBody | null } };

function isPageQuery(value: unknown): value is PageQuery {
  if (typeof value !== 'object' || value === null) return false;
  const query = value as Record<string, unknown>;
  if (!Array.isArray(query.key)) return false;
  if ('data' in query) return true;
  const refused = query.refused as Record<string, unknown> | undefined;
  return typeof refused === 'object' && refused !== null && typeof refused.status === 'number';
}

/** What reading a page's data needs of the document (the build's Node code has no DOM types). */
type PageDocument = { getElementById(id: string): { textContent: string | null } | null };

/** The page's data, when the server drew it with some; anything unreadable counts as none. */
export function readPageData(document: PageDocument): PageQuery[] | null {
  const text = document.getElementById(PAGE_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    const queries: unknown = JSON.parse(text);
    return Array.isArray(queries) && queries.every(isPageQuery) ? queries : null;
  } catch {
    return null;
  }
}
