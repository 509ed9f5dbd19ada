/**
 * A PagedList that keeps its own page, for a list whose page lives nowhere else (not in the address):
 * it is given the list's query options by page and asks for the first page.
 *
 *   <PagedQueryList pages={invoicesQueryOptions} loadError={…} empty={…}>
 *     {(invoices) => <ul>{invoices.map(…)}</ul>}
 *   </PagedQueryList>
 */
import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type Paged, PagedList, type PagedListProps } from './paged-list.tsx';

type PagedQueryListProps<T, TKey extends QueryKey> = Omit<
  PagedListProps<T>,
  'query' | 'page' | 'onPageChange'
> & {
  /** The query options of one page of the list. */
  pages: (page: number) => UseQueryOptions<Paged<T>, Error, Paged<T>, TKey>;
};

export function PagedQueryList<T, TKey extends QueryKey>({ pages, ...list }: PagedQueryListProps<T, TKey>) {
  const [page, setPage] = useState(1);
  const query = useQuery(pages(page));
  return <PagedList query={query} page={page} onPageChange={setPage} {...list} />;
}
