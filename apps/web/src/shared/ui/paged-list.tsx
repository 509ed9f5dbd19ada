/**
 * One paged list of the customer's screens: the load error with its retry, the skeleton while the first
 * page loads, the empty state, the rows the page draws, and the pagination under them when there is more
 * than one page. The page keeps its own query (one key per page, `queryKeys.<area>.list({ page })`) and
 * only says how a row, the empty state and the error read.
 *
 *   <PagedList query={query} page={page} onPageChange={setPage}
 *     loadError={t('billing.invoices.loadError')}
 *     empty={{ icon: <IconReceipt size={28} />, title: …, description: … }}>
 *     {(invoices) => <ul>{invoices.map(…)}</ul>}
 *   </PagedList>
 */
import type { PageMeta } from '@cubierto/contracts';
import { EmptyState, Group, Pagination, Skeleton, Stack } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from './load-error.tsx';

export type Paged<T> = { data: T[]; meta: PageMeta };

export type PagedListProps<T> = {
  query: Pick<UseQueryResult<Paged<T>>, 'data' | 'isError' | 'refetch'>;
  page: number;
  onPageChange: (page: number) => void;
  /** What the error says failed to load. */
  loadError: string;
  /** The error's title, when the page gives it one. */
  loadErrorTitle?: string;
  /** The empty state: its icon, title and description, and what to do about it (e.g. a button). */
  empty: { icon: ReactNode; title: string; description?: ReactNode; action?: ReactNode };
  /** The skeleton rows shown while the first page loads: how many and how tall. */
  skeletons?: { count: number; height: number };
  children: (rows: T[], meta: PageMeta) => ReactNode;
};

export function PagedList<T>({
  query,
  page,
  onPageChange,
  loadError,
  loadErrorTitle,
  empty,
  skeletons = { count: 2, height: 72 },
  children,
}: PagedListProps<T>) {
  const { t } = useTranslation();

  if (query.isError)
    return <LoadError title={loadErrorTitle} description={loadError} onRetry={() => void query.refetch()} />;
  if (!query.data)
    return (
      <Stack gap="xs" role="status" aria-busy="true" aria-label={t('loading.default')}>
        {Array.from({ length: skeletons.count }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders that never reorder.
          <Skeleton key={index} h={skeletons.height} radius="md" />
        ))}
      </Stack>
    );
  const { data: rows, meta } = query.data;
  if (rows.length === 0)
    return (
      <EmptyState variant="light" icon={empty.icon} title={empty.title} description={empty.description}>
        {empty.action}
      </EmptyState>
    );
  return (
    <Stack gap="md">
      {children(rows, meta)}
      <ListPagination total={meta.last_page} page={page} onChange={onPageChange} />
    </Stack>
  );
}

/** The pages under a list, when there is more than one; Spanish labels for each control. */
export function ListPagination({
  total,
  page,
  onChange,
}: {
  total: number;
  page: number;
  onChange: (page: number) => void;
}) {
  const { t } = useTranslation();
  if (total <= 1) return null;
  return (
    <Group justify="center">
      <Pagination
        total={total}
        value={page}
        onChange={onChange}
        getControlProps={(control) => ({ 'aria-label': t(`wallets.movements.page.${control}`) })}
        getItemProps={(item) => ({ 'aria-label': t('wallets.movements.page.number', { page: item }) })}
      />
    </Group>
  );
}
