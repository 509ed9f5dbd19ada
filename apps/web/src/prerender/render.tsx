/**
 * Server rendering of one public page at build time (build-prerender.ts bundles this file for Node): the
 * app's own routes, providers and translations, rendered with React Router's static handler into HTML the
 * client hydrates (main.tsx). Nothing here reaches the browser.
 *
 * The page is rendered as an anonymous visitor's first paint: the session is 'anonymous' (the client
 * hydrates only when it is), the root loader that starts the session in a browser is left out, and data
 * from the API (the catalogue, a certificate check) is left pending, so its skeleton is drawn and the
 * live call of the hydrated page fills it in.
 */
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import {
  createStaticHandler,
  createStaticRouter,
  type RouteObject,
  StaticRouterProvider,
} from 'react-router';
import { AppProviders } from '../app/providers.tsx';
import { routes } from '../app/router.tsx';
import { initI18n } from '../shared/i18n/i18n.ts';
import { setSessionState } from '../shared/session/session-store.ts';

export { PRERENDER_MANIFEST, PRERENDERED_PAGES } from './pages.ts';

/** The app's routes with the browser-only root loader (stored session, version check) left out. */
function serverRoutes(list: RouteObject[]): RouteObject[] {
  return list.map(
    (route): RouteObject => (route.id === 'root' && !route.index ? { ...route, loader: () => null } : route),
  );
}

let ready: Promise<void> | undefined;

/** Translations as the build ships them (public/assets/i18n/es.json), read once. */
export function setUp(translations: Record<string, unknown>): Promise<void> {
  ready ??= initI18n(translations).then(() => setSessionState({ status: 'anonymous' }));
  return ready;
}

export type RenderedPage = {
  /** The markup inside #root. */
  html: string;
  /** The matched route's pattern ('login', 'verificar/:code'): the client hydrates only the same route. */
  route: string;
};

export async function renderPage(url: string): Promise<RenderedPage> {
  if (!ready) throw new Error('setUp() first');
  await ready;
  const handler = createStaticHandler(serverRoutes(routes));
  const context = await handler.query(new Request(new URL(url, 'http://localhost')));
  if (context instanceof Response) throw new Error(`${url} answered a redirect (${context.status})`);
  if (context.errors) throw new Error(`${url} failed to render: ${JSON.stringify(context.errors)}`);
  const route = context.matches.at(-1)?.route.path ?? '';
  if (!route || route === '*') throw new Error(`${url} matched no page`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerender(
    <StrictMode>
      <AppProviders>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
  const html = await new Response(prelude).text();
  return { html, route };
}
