/**
 * The data of a page the server drew with it (pages.ts, `withData`: a product's plans, a certificate's
 * verdict): the queries the server's render had in its cache, handed to the client in a
 * `<script type="application/json">` beside #root (markup.ts). The client puts them into its query cache
 * under the same keys before it hydrates (the login's app version goes into its own memo instead:
 * shared/config/app-version.ts), so the first render draws what the HTML shows (no mismatch) and
 * the page does not ask the API again for data it already has.
 */
import type { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../shared/api/api-error.ts';
import { queryClient } from '../shared/api/query-client.ts';
import { type PageQuery, readPageData } from './markup.ts';

export type { PageQuery };

/** Puts the page's queries into `client`: data as fetched now, a refusal as the failed query it was. */
export async function seedQueries(client: QueryClient, queries: readonly PageQuery[]): Promise<void> {
  for (const query of queries) {
    if ('data' in query) client.setQueryData(query.key, query.data);
    else {
      const { status, body } = query.refused;
      await client.prefetchQuery({
        queryKey: query.key,
        queryFn: () => Promise.reject(new ApiError(status, body)),
        retry: false,
      });
    }
  }
}

/**
 * Seeds the app's query client with the page's data (main.tsx, before it hydrates). False when the page
 * has none: it was served as built, and asks for its data itself.
 */
export async function seedPageData(document: Document): Promise<boolean> {
  const queries = readPageData(document);
  if (!queries) return false;
  await seedQueries(queryClient, queries);
  return true;
}
