/**
 * Server rendering of one public page (build-prerender.ts bundles this file for Node): the app's own
 * routes, providers and translations, rendered with React Router's static handler into HTML the client
 * hydrates (main.tsx). Nothing here reaches the browser.
 *
 * The page is rendered as an anonymous visitor's first paint: the session is 'anonymous' (the client
 * hydrates only when it is) and the root loader that starts the session in a browser is left out. At
 * build time data from the API (the catalogue, a certificate check) is left pending, so its skeleton is
 * drawn and the live call of the hydrated page fills it in. The pages drawn per request (pages.ts,
 * `withData`) are rendered again by the API's server with the answers it read for them
 * (apps/api/src/lib/rendered-pages.ts keeps this bundle and calls `renderPage` with them): their queries
 * hold that data, and the page comes drawn with it and with the queries for the client (page-data.ts);
 * the login's social sign-in buttons are drawn with the app's version the same way (app-version.ts).
 */
import {
  CertificateCheckSchema,
  dataOf,
  InsuredServiceSchema,
  PolicySchema,
  pageOf,
} from '@cubierto/contracts';
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
import { certificateCheckQueryOptions } from '../features/verify/api/certificate-check.ts';
import type { ApiErrorBody } from '../shared/api/api-error.ts';
import { queryClient } from '../shared/api/query-client.ts';
import { publicPoliciesQueryOptions } from '../shared/catalog/public-policies.ts';
import {
  LATEST_APP_VERSION_KEY,
  readLatestAppVersion,
  resetLatestAppVersion,
  seedLatestAppVersion,
} from '../shared/config/app-version.ts';
import { initI18n } from '../shared/i18n/i18n.ts';
import { insuredServiceQueryOptions } from '../shared/insured-service/insured-service.ts';
import { setSessionState } from '../shared/session/session-store.ts';
import { fillTemplate } from './markup.ts';
import { type PageQuery, seedQueries } from './page-data.ts';
import { APP_VERSION, CERTIFICATE_CHECK, INSURED_SERVICE, RISK_TYPE_CATALOGUE } from './pages.ts';

export { PRERENDER_MANIFEST, PRERENDERED_PAGES } from './pages.ts';
export { specimensOf } from './specimens.ts';
export { fillTemplate };

/** An API answer the server read for a page: its status and JSON body, as the app would get them. */
export type ApiAnswer = { status: number; body: unknown };
/** A page's answers by the address pattern pages.ts lists it under (`CERTIFICATE_CHECK`…). */
export type ApiAnswers = Readonly<Record<string, ApiAnswer>>;

type Params = Readonly<Record<string, string | undefined>>;

/**
 * How an answer becomes the query the page reads: its key (the app's own query options) and its data,
 * parsed with the schema the app's call parses it with. `refusals`: the statuses that are the page's
 * answer rather than a failure (the check's "not found" for a code nobody has or no code can be).
 */
const READERS: Readonly<
  Record<
    string,
    { key(params: Params): readonly unknown[]; parse(body: unknown): unknown; refusals?: readonly number[] }
  >
> = {
  [RISK_TYPE_CATALOGUE]: {
    key: (params) => publicPoliciesQueryOptions(params.riskType).queryKey,
    parse: (body) => pageOf(PolicySchema).parse(body).data,
  },
  [CERTIFICATE_CHECK]: {
    key: (params) => certificateCheckQueryOptions(params.code ?? '').queryKey,
    parse: (body) => dataOf(CertificateCheckSchema).parse(body).data,
    refusals: [404, 422],
  },
  [INSURED_SERVICE]: {
    key: () => insuredServiceQueryOptions.queryKey,
    parse: (body) => dataOf(InsuredServiceSchema).parse(body).data,
  },
  // Not a query: the social buttons' memo reads it (app-version.ts, seeded below and by the entry).
  [APP_VERSION]: {
    key: () => LATEST_APP_VERSION_KEY,
    parse: readLatestAppVersion,
  },
};

/**
 * The queries `answers` give the page. An answer the page cannot use (a failure, a body its schema
 * refuses) gives none: that part is drawn pending, as at build time, and the app asks for it.
 */
export function pageQueries(answers: ApiAnswers, params: Params): PageQuery[] {
  const queries: PageQuery[] = [];
  for (const [address, answer] of Object.entries(answers)) {
    const reader = READERS[address];
    if (!reader) continue;
    const key = reader.key(params);
    if (answer.status >= 200 && answer.status < 300) {
      try {
        queries.push({ key, data: reader.parse(answer.body) });
      } catch {
        // Left to the app's own call, which says what is wrong.
      }
    } else if (reader.refusals?.includes(answer.status)) {
      const body = typeof answer.body === 'object' ? (answer.body as ApiErrorBody | null) : null;
      queries.push({ key, refused: { status: answer.status, body } });
    }
  }
  return queries;
}

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
  /** The queries the page was drawn with (none at build time), for the client (page-data.ts). */
  queries: PageQuery[];
  /** The page says that what its address names does not exist (a certificate nobody has). */
  notFound: boolean;
};

/** One render at a time: the pages share the app's one query client, which holds one page's data. */
let previous: Promise<unknown> = Promise.resolve();

/** `url` as an anonymous visitor's first paint, drawn with `answers` (none: its data left pending). */
export function renderPage(url: string, answers: ApiAnswers = {}): Promise<RenderedPage> {
  const rendered = previous.then(
    () => render(url, answers),
    () => render(url, answers),
  );
  previous = rendered.catch(() => {});
  return rendered;
}

async function render(url: string, answers: ApiAnswers): Promise<RenderedPage> {
  if (!ready) throw new Error('setUp() first');
  await ready;
  const handler = createStaticHandler(serverRoutes(routes));
  const context = await handler.query(new Request(new URL(url, 'http://localhost')));
  if (context instanceof Response) throw new Error(`${url} answered a redirect (${context.status})`);
  if (context.errors) throw new Error(`${url} failed to render: ${JSON.stringify(context.errors)}`);
  const match = context.matches.at(-1);
  const route = match?.route.path ?? '';
  if (!route || route === '*') throw new Error(`${url} matched no page`);
  const queries = pageQueries(answers, match?.params ?? {});
  queryClient.clear();
  resetLatestAppVersion();
  try {
    await seedQueries(queryClient, queries);
    seedLatestAppVersion(queries);
    const router = createStaticRouter(handler.dataRoutes, context);
    const { prelude } = await prerender(
      <StrictMode>
        <AppProviders>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </StrictMode>,
    );
    const html = await new Response(prelude).text();
    return { html, route, queries, notFound: queries.some((query) => 'refused' in query) };
  } finally {
    queryClient.clear();
    resetLatestAppVersion();
  }
}
