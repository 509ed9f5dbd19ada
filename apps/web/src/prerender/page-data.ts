/**
 * The data of a page the server drew with it (pages.ts, `withData`: a product's plans, a certificate's
 * verdict): the queries the server's render had in its cache, handed to the client in a
 * `<script type="application/json">` beside #root (markup.ts). The client puts them into its query cache
 * under the same keys before it hydrates, so the first render draws what the HTML shows (no mismatch) and
 * the page does not ask the API again for data it already has.
 */
import type { QueryClient } from '@tanstack/react-query';
import { ApiError, type ApiErrorBody } from '../shared/api/api-error.ts';
import { queryClient } from '../shared/api/query-client.ts';
import { PAGE_DATA_ID } from './markup.ts';

/**
 * One query as the page was drawn with it: its data (as the app's own call parses it), or the API's
 * refusal (a certificate nobody has: the verdict is "not found").
 */
export type PageQuery =
  | { key: readonly unknown[]; data: unknown }
  | { key: readonly unknown[]; refused: { status: number; body: ApiErrorBody | null } };

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

function isPageQuery(value: unknown): value is PageQuery {
  if (typeof value !== 'object' || value === null) return false;
  const query = value as Record<string, unknown>;
  if (!Array.isArray(query.key)) return false;
  if ('data' in query) return true;
  const refused = query.refused as Record<string, unknown> | undefined;
  return typeof refused === 'object' && refused !== null && typeof refused.status === 'number';
}

/** The page's data, when the server drew it with some; anything unreadable counts as none. */
export function readPageData(document: Document): PageQuery[] | null {
  const text = document.getElementById(PAGE_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    const queries: unknown = JSON.parse(text);
    return Array.isArray(queries) && queries.every(isPageQuery) ? queries : null;
  } catch {
    return null;
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
