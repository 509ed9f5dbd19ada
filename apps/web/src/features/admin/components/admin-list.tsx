/**
 * One operator list: a search box, the list's own filters, a table whose headers sort, paging, and the
 * loading, empty and error states. Every back-office screen draws its rows through it.
 */
import {
  Alert,
  Button,
  Group,
  Pagination,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListState, Page } from '../api/lists.ts';
import classes from './admin.module.css';

export type Column<T> = {
  key: string;
  label: string;
  /** The API's sort_by name, when the column sorts. */
  sort?: string;
  render: (row: T) => ReactNode;
};

type Props<T> = {
  title: string;
  searchLabel: string;
  state: ListState;
  onChange: (patch: Partial<ListState>) => void;
  query: UseQueryResult<Page<T>>;
  columns: Column<T>[];
  rowKey: (row: T) => string | number;
  emptyText: string;
  filters?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
};

export function AdminList<T>(props: Props<T>) {
  const { t } = useTranslation();
  const { state, onChange, query, columns } = props;
  const [search, setSearch] = useState(state.search);
  useEffect(() => setSearch(state.search), [state.search]);
  // The search reaches the address bar 300 ms after the last key; leaving the page cancels it, so a
  // late update can never pull the operator back to this list.
  useEffect(() => {
    if (search === state.search) return;
    const timer = setTimeout(() => onChange({ search }), 300);
    return () => clearTimeout(timer);
  }, [search, state.search, onChange]);

  const sortBy = (column: Column<T>) => {
    if (!column.sort) return;
    onChange({ sort: state.sort === column.sort ? `-${column.sort}` : column.sort });
  };
  const ariaSort = (column: Column<T>): 'ascending' | 'descending' | 'none' | undefined => {
    if (!column.sort) return undefined;
    if (state.sort === column.sort) return 'ascending';
    if (state.sort === `-${column.sort}`) return 'descending';
    return 'none';
  };

  const rows = query.data?.data ?? [];
  const meta = query.data?.meta;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          {props.title}
        </Title>
        {props.actions}
      </Group>
      {props.children}
      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          <Group align="flex-end" gap="md" wrap="wrap">
            <TextInput
              className={classes.search}
              label={props.searchLabel}
              type="search"
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
            />
            {props.filters}
          </Group>
          {query.isError ? (
            <Alert color="red" title={t('admin.list.error')}>
              <Button variant="default" size="xs" onClick={() => void query.refetch()}>
                {t('admin.list.retry')}
              </Button>
            </Alert>
          ) : query.isPending ? (
            <Stack gap="xs" role="status" aria-label={t('admin.list.loading')}>
              {[0, 1, 2, 3].map((i) => (
                <Skeleton key={i} height={36} />
              ))}
            </Stack>
          ) : rows.length === 0 ? (
            <Text c="dimmed" ta="center" py="xl">
              {props.emptyText}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={960}>
              <Table striped highlightOnHover verticalSpacing="sm" aria-busy={query.isFetching}>
                <Table.Thead>
                  <Table.Tr>
                    {columns.map((column) => (
                      <Table.Th key={column.key} aria-sort={ariaSort(column)}>
                        {column.sort ? (
                          <UnstyledButton className={classes.sortButton} onClick={() => sortBy(column)}>
                            {column.label}
                            <span aria-hidden="true">
                              {ariaSort(column) === 'ascending'
                                ? ' ▲'
                                : ariaSort(column) === 'descending'
                                  ? ' ▼'
                                  : ' ↕'}
                            </span>
                          </UnstyledButton>
                        ) : (
                          column.label
                        )}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((row) => (
                    <Table.Tr key={props.rowKey(row)}>
                      {columns.map((column) => (
                        <Table.Td key={column.key}>{column.render(row)}</Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {meta && meta.total > 0 && (
            <Group justify="space-between">
              <Text size="sm" c="dimmed">
                {t('admin.list.total', { count: meta.total })}
              </Text>
              <Pagination
                total={meta.last_page}
                value={meta.current_page}
                onChange={(page) => onChange({ page })}
                getControlProps={(control) => ({
                  'aria-label': control === 'next' ? t('admin.list.next') : t('admin.list.previous'),
                })}
                getItemProps={(page) => ({ 'aria-label': t('admin.list.page', { page }) })}
              />
            </Group>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
