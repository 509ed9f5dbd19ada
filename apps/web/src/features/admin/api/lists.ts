/**
 * The state of an operator list (search, filters, sort, page) kept in the address bar, so a list can be
 * reloaded, shared and navigated back to; and the query that loads one page of it.
 */
import { type PageMeta, pageOf } from '@cubierto/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useLocation, useNavigation, useSearchParams } from 'react-router';
import type { z } from 'zod';
import type { QueryParams } from '../../../shared/api/client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';
import { adminApi } from './admin-client.ts';

export const PER_PAGE = 10;

export type Page<T> = { data: T[]; meta: PageMeta };

export type ListState = {
  search: string;
  page: number;
  sort: string;
  /** filter name → value, sent as filter[name][eq]=value (or the raw parameter for `locked`). */
  filters: Record<string, string>;
};

export function useListState(defaultSort: string) {
  const [params, setParams] = useSearchParams();
  // A change that lands while the operator is already going to another page (a late search, say) is
  // dropped: writing this list's address would cancel that navigation and pull them back here.
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const leaving = navigation.state !== 'idle' && navigation.location.pathname !== pathname;
  const state = useMemo<ListState>(() => {
    const filters: Record<string, string> = {};
    for (const [key, value] of params) if (key.startsWith('f.') && value) filters[key.slice(2)] = value;
    return {
      search: params.get('q') ?? '',
      page: Math.max(1, Number(params.get('page')) || 1),
      sort: params.get('sort') ?? defaultSort,
      filters,
    };
  }, [params, defaultSort]);

  const update = useCallback(
    (patch: Partial<ListState>) => {
      if (leaving) return;
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          const merged = { ...state, ...patch };
          // Any change other than the page goes back to the first page.
          if (patch.page === undefined) merged.page = 1;
          next.set('q', merged.search);
          next.set('page', String(merged.page));
          next.set('sort', merged.sort);
          for (const key of [...next.keys()]) if (key.startsWith('f.')) next.delete(key);
          for (const [key, value] of Object.entries(merged.filters)) if (value) next.set(`f.${key}`, value);
          for (const key of ['q']) if (!next.get(key)) next.delete(key);
          return next;
        },
        { replace: true },
      );
    },
    [setParams, state, leaving],
  );
  return [state, update] as const;
}

/** The API query of a list state: search, sort_by, page, per_page and filter[…][eq]. */
export function listQuery(state: ListState, rawFilters: readonly string[] = []) {
  const query: Record<string, string | number> = {
    page: state.page,
    per_page: PER_PAGE,
    sort_by: state.sort,
  };
  if (state.search.trim()) query.search = state.search.trim();
  for (const [name, value] of Object.entries(state.filters)) {
    if (rawFilters.includes(name)) query[name] = value;
    else query[`filter[${name}][eq]`] = value;
  }
  return query;
}

/** One page of /admin/<resource> for a list state, each row read through the resource's schema. */
export function listQueryOptions<S extends z.ZodType>(
  resource: string,
  schema: S,
  state: ListState,
  query: QueryParams = listQuery(state),
) {
  const page = pageOf(schema);
  return queryOptions({
    queryKey: queryKeys.admin.resource(resource).list(state),
    queryFn: (): Promise<Page<z.output<S>>> => adminApi.get(page, `/admin/${resource}`, query),
    placeholderData: keepPreviousData,
  });
}

/** Every record of a resource at once, for a select (a back office has tens of them, not thousands). */
export function optionsQueryOptions<S extends z.ZodType>(resource: string, schema: S) {
  const page = pageOf(schema);
  return queryOptions({
    queryKey: queryKeys.admin.resource(resource).options(),
    queryFn: async (): Promise<z.output<S>[]> =>
      (await adminApi.get(page, `/admin/${resource}`, { per_page: 100, sort_by: 'name' })).data,
  });
}
