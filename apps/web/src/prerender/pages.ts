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
  /**
   * The API requests the page makes first, which the server announces with the HTML (a `Link: rel=preload`
   * header, apps/api/src/lib/prerendered-pages.ts), so they travel beside the page's code instead of after
   * it. `{application_id}` is the server's application, `{segment}` the address's last segment (a risk
   * type, a certificate's code). Each is exactly the request the page makes without a session (same
   * address, query in the same order and encoding): the browser hands the page the preloaded answer only
   * then, and e2e/tests/prerender.spec.ts counts one request each.
   */
  preloads: readonly string[];
  /**
   * Drawn by the server on each request with its data (apps/api/src/lib/rendered-pages.ts): the page's
   * largest content is its live data (a product's plans, a check's verdict), so it comes with the HTML
   * instead of after the JavaScript and the API. The server reads the `preloads` itself and hands their
   * answers to the render (render.tsx, `renderPage`); the file stays the answer whenever it cannot.
   */
  withData?: boolean;
  /**
   * The requests the server reads to draw a `withData` page, when they are not its `preloads` (by default
   * it reads those, and announces none). The preloads not among them are still announced with the drawn
   * page, which makes them itself: the login is drawn with the app's version (its social sign-in
   * buttons), and asks for its catalogue as the built page does.
   */
  reads?: readonly string[];
};

function page(path: string, modules: readonly string[], preloads: readonly string[]): PrerenderedPage {
  return { url: path, path, file: `${path.slice(1)}/index.html`, modules, preloads };
}

export const CONFIG = '/api/v4/common/app-config';
export const CATALOGUE = '/api/v4/applications/{application_id}/public-policies?per_page=100';
/** One risk type's part of the catalogue: the request a product page makes. */
export const RISK_TYPE_CATALOGUE = `${CATALOGUE}&filter%5Brisk_type%5D%5Beq%5D={segment}`;
/** Every public page's foot but the login's shows the Servicio de Atención al Asegurado. */
export const INSURED_SERVICE = '/api/v4/common/insured-service';
export const CERTIFICATE_CHECK = '/api/v4/common/verify/{segment}';
/**
 * The web's active version record (shared/config/app-version.ts), as the app asks for it: its `social`
 * flags are the login's social sign-in buttons.
 */
export const APP_VERSION =
  '/api/v4/common/app-version?filter%5Bplatform%5D%5Blike%5D=web&filter%5Bactive%5D%5Beq%5D=true&sort_by=-id';

/** What the entry loads to ask for a page's data at once (main.tsx): preloaded with the page's code. */
const EARLY = 'src/prerender/early-requests.ts';
/** What the entry loads to put the data of a page drawn with it into the query cache (main.tsx). */
const PAGE_DATA = 'src/prerender/page-data.ts';
const CATALOG = ['src/features/catalog/pages/index.ts', EARLY];
const RIGHTS = ['src/features/rights/pages/index.ts', EARLY];

export const PRERENDERED_PAGES: readonly PrerenderedPage[] = [
  // Drawn by the server with the app's version: the social sign-in buttons are in its first paint, and
  // the card does not grow under the visitor's finger as the app starts. Its catalogue is the app's.
  {
    ...page('/login', ['src/app/guards.tsx', 'src/features/auth/pages/login-page.tsx'], [CONFIG, CATALOGUE]),
    withData: true,
    reads: [APP_VERSION],
  },
  page('/productos', CATALOG, [CONFIG, CATALOGUE, INSURED_SERVICE]),
  ...RISK_TYPE_CODES.map((code) => ({
    ...page(`/productos/${code}`, [...CATALOG, PAGE_DATA], [CONFIG, RISK_TYPE_CATALOGUE, INSURED_SERVICE]),
    withData: true,
  })),
  // Every certificate check: drawn by the server with the code's verdict; the file, a shell whose result
  // the app fills in, when the server cannot.
  {
    url: '/verificar/_',
    path: '/verificar/*',
    file: 'verificar/_/index.html',
    modules: ['src/features/verify/pages/verify-page.tsx', EARLY, PAGE_DATA],
    preloads: [CERTIFICATE_CHECK, INSURED_SERVICE],
    withData: true,
  },
  page('/terminos', ['src/features/legal/pages/legal-pages.tsx', EARLY], [INSURED_SERVICE]),
  page('/privacidad', ['src/features/legal/pages/legal-pages.tsx', EARLY], [INSURED_SERVICE]),
  page('/arrepentimiento', RIGHTS, [INSURED_SERVICE]),
  page('/baja', RIGHTS, [INSURED_SERVICE]),
  page(
    '/atencion-al-asegurado',
    ['src/features/rights/pages/insured-service-page.tsx', EARLY],
    [INSURED_SERVICE],
  ),
  page(
    '/eliminar-cuenta',
    ['src/features/privacy/pages/account-deletion-page.tsx', EARLY],
    [INSURED_SERVICE],
  ),
];

/** The list the server reads (`prerendered.json` in the build): address pattern → file. */
export const PRERENDER_MANIFEST = 'prerendered.json';
