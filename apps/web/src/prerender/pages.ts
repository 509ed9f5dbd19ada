/**
 * The public pages prerendered to HTML at build time (build-prerender.ts), so they paint before the
 * JavaScript arrives; every other address stays a single-page app served from index.html.
 *
 * Each page is rendered at `url` and written to `file` under the build; the server answers `path` (a
 * pattern: `*` is one path segment) with that file. A page whose content depends on the address (the
 * certificate check) is prerendered once as a shell: its static frame, the result filled in by the app.
 */
import { RISK_TYPE_CODES } from '@cubierto/contracts';

export type PrerenderedPage = {
  /** The address the page is rendered at. */
  url: string;
  /** The addresses the file answers: `/verificar/*` is any one segment after /verificar/. */
  path: string;
  /** Where the HTML goes, relative to the build folder. */
  file: string;
  /**
   * The route's lazily loaded modules (relative to apps/web): the page links their chunks' stylesheets
   * and preloads their JavaScript. The build fails when no chunk holds one of them.
   */
  modules: readonly string[];
};

function page(path: string, modules: readonly string[]): PrerenderedPage {
  return { url: path, path, file: `${path.slice(1)}/index.html`, modules };
}

/** What the entry loads to ask for a page's data at once (main.tsx): preloaded with the page's code. */
const EARLY = 'src/prerender/early-requests.ts';
const CATALOG = ['src/features/catalog/pages/index.ts', EARLY];
const RIGHTS = ['src/features/rights/pages/index.ts', EARLY];

export const PRERENDERED_PAGES: readonly PrerenderedPage[] = [
  page('/login', ['src/app/guards.tsx', 'src/features/auth/pages/login-page.tsx']),
  page('/productos', CATALOG),
  ...RISK_TYPE_CODES.map((code) => page(`/productos/${code}`, CATALOG)),
  // The shell of every certificate check: the code is read by the app, which fills the result in.
  {
    url: '/verificar/_',
    path: '/verificar/*',
    file: 'verificar/_/index.html',
    modules: ['src/features/verify/pages/verify-page.tsx', EARLY],
  },
  page('/terminos', ['src/features/legal/pages/legal-pages.tsx', EARLY]),
  page('/privacidad', ['src/features/legal/pages/legal-pages.tsx', EARLY]),
  page('/arrepentimiento', RIGHTS),
  page('/baja', RIGHTS),
  page('/atencion-al-asegurado', ['src/features/rights/pages/insured-service-page.tsx', EARLY]),
  page('/eliminar-cuenta', ['src/features/privacy/pages/account-deletion-page.tsx', EARLY]),
];

/** The list the server reads (`prerendered.json` in the build): address pattern → file. */
export const PRERENDER_MANIFEST = 'prerendered.json';
