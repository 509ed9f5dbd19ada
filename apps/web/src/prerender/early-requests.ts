/**
 * The data a prerendered public page draws, asked for as soon as the entry runs: beside the translations
 * and the page's code instead of after them. Otherwise each waited for the one before it (the
 * translations, then the router and the page's code, then the configuration for the application's id,
 * then the catalogue), and the cards, the verdict and the footer's Servicio de Atención al Asegurado came
 * four round trips after the JavaScript. The answers go into the query cache the page reads, under the
 * same keys, so the page finds them there or in flight and never asks twice.
 *
 * Each module is imported here, on demand: none of them weighs on the login page, which asks for nothing.
 */
import type { QueryClient } from '@tanstack/react-query';
import { PAGE_DATA_ID } from './markup.ts';

/** One path segment of the address, as the router would decode it. */
function segment(pathname: string, index: number): string | undefined {
  const part = pathname.split('/').filter(Boolean)[index];
  if (part === undefined) return undefined;
  try {
    return decodeURIComponent(part);
  } catch {
    return undefined;
  }
}

/**
 * `route` is the pattern the page was prerendered for (`productos/:riskType`), `pathname` the address
 * opened. A failure here is silent: the page's own query asks again and says what failed.
 *
 * A page the server drew with its data (a product, a certificate check) holds that data instead: it goes
 * into the query cache, nothing is asked for, and the answer is true once it is there (page-data.ts).
 */
export async function startEarlyRequests(route: string | null, pathname: string): Promise<boolean> {
  if (document.getElementById(PAGE_DATA_ID))
    return import('./page-data.ts').then(({ seedPageData }) => seedPageData(document));
  // Login reads its catalogue its own way (login-catalogue.tsx), and an unknown page asks for nothing.
  if (route === null || route === 'login') return false;
  const client = import('../shared/api/query-client.ts').then(({ queryClient }) => queryClient);
  /** Runs `load`'s prefetch once the client and the query's module are there (both asked for now). */
  const prefetch = (load: Promise<(queryClient: QueryClient) => Promise<void>>) =>
    void Promise.all([client, load])
      .then(([queryClient, run]) => run(queryClient))
      .catch(() => {});

  // Every public frame's foot shows the Servicio de Atención al Asegurado.
  prefetch(
    import('../shared/insured-service/insured-service.ts').then(
      (m) => (queryClient) => queryClient.prefetchQuery(m.insuredServiceQueryOptions),
    ),
  );
  if (route === 'productos' || route === 'productos/:riskType') {
    // The catalogue's address needs the application's id: the configuration is asked for at once, not
    // after the catalogue's module has loaded.
    void import('../shared/config/app-config.ts').then(({ getAppConfig }) => getAppConfig()).catch(() => {});
    const riskType = route === 'productos' ? undefined : segment(pathname, 1);
    prefetch(
      import('../shared/catalog/public-policies.ts').then(
        (m) => (queryClient) => queryClient.prefetchQuery(m.publicPoliciesQueryOptions(riskType)),
      ),
    );
  } else if (route === 'verificar/:code') {
    const code = segment(pathname, 1);
    if (code)
      prefetch(
        import('../features/verify/api/certificate-check.ts').then(
          (m) => (queryClient) => queryClient.prefetchQuery(m.certificateCheckQueryOptions(code)),
        ),
      );
  }
  return false;
}
