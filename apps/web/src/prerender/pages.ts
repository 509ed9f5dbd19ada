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
};

function page(path: string, modules: readonly string[], preloads: readonly string[]): PrerenderedPage {
  return { url: path, path, file: `${path.slice(1)}/index.html`, modules, preloads };
}

const CONFIG = '/api/v4/common/app-config';
const CATALOGUE = '/api/v4/applications/{application_id}/public-policies?per_page=100';
/** Every public page's foot but the login's shows the Servicio de Atención al Asegurado. */
const INSURED_SERVICE = '/api/v4/common/insured-service';

/** What the entry loads to ask for a page's data at once (main.tsx): preloaded with the page's code. */
const EARLY = 'src/prerender/early-requests.ts';
const CATALOG = ['src/features/catalog/pages/index.ts', EARLY];
const RIGHTS = ['src/features/rights/pages/index.ts', EARLY];

export const PRERENDERED_PAGES: readonly PrerenderedPage[] = [
  page('/login', ['src/app/guards.tsx', 'src/features/auth/pages/login-page.tsx'], [CONFIG, CATALOGUE]),
  page('/productos', CATALOG, [CONFIG, CATALOGUE, INSURED_SERVICE]),
  ...RISK_TYPE_CODES.map((code) =>
    page(`/productos/${code}`, CATALOG, [
      CONFIG,
      `${CATALOGUE}&filter%5Brisk_type%5D%5Beq%5D={segment}`,
      INSURED_SERVICE,
    ]),
  ),
  // The shell of every certificate check: the code is read by the app, which fills the result in.
  {
    url: '/verificar/_',
    path: '/verificar/*',
    file: 'verificar/_/index.html',
    modules: ['src/features/verify/pages/verify-page.tsx', EARLY],
    preloads: ['/api/v4/common/verify/{segment}', INSURED_SERVICE],
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
