/**
 * An import's report, fifty rows a page: each row's line in the file, what it insures, its status and
 * premium, and its errors (each naming the column) or, once issued, its insurance number.
 */
import type { ImportRow } from '@cubierto/contracts';
import { Anchor, Badge, List, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconFileText } from '../../../shared/ui/icons.tsx';
import { PagedList } from '../../../shared/ui/paged-list.tsx';
import { importRowsQueryOptions, type RowFilter } from '../api/import-rows.ts';

/** Light badges with a dark text shade, above WCAG AA contrast (as the insurance status badge). */
const STATUS_LOOK: Record<ImportRow['status'], { color: string; text: string }> = {
  valid: { color: 'blue', text: 'blue.9' },
  invalid: { color: 'red', text: 'red.9' },
  issued: { color: 'green', text: '#1e6b30' },
};

function Outcome({ row }: { row: ImportRow }) {
  if (row.insurance_id && row.insurance_number)
    return (
      <Anchor component={Link} to={`/customers/insurances/${row.insurance_id}`} size="sm">
        {row.insurance_number}
      </Anchor>
    );
  if (!row.errors.length) return null;
  return (
    <List size="sm" spacing={2}>
      {row.errors.map((error) => (
        <List.Item key={error}>{error}</List.Item>
      ))}
    </List>
  );
}

export function ImportReport({ importId, issued }: { importId: number; issued: boolean }) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<RowFilter>('all');
  const [page, setPage] = useState(1);
  const query = useQuery(importRowsQueryOptions(importId, filter, page));

  const filters: RowFilter[] = ['all', 'invalid', issued ? 'issued' : 'valid'];
  const body = (
    <PagedList
      query={query}
      page={page}
      onPageChange={setPage}
      loadError={t('imports.detail.loadError')}
      empty={{ icon: <IconFileText size={28} />, title: t(`imports.rows.empty.${filter}`) }}
      skeletons={{ count: 2, height: 40 }}
    >
      {(rows, meta) => (
        <>
          <Table striped verticalSpacing="sm" aria-label={t('imports.detail.report')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('imports.rows.line')}</Table.Th>
                <Table.Th>{t('imports.rows.identifier')}</Table.Th>
                <Table.Th w={140}>{t('imports.rows.status')}</Table.Th>
                <Table.Th w={130}>{t('imports.rows.premium')}</Table.Th>
                <Table.Th>{t('imports.rows.outcome')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.row_number} data-status={row.status}>
                  <Table.Td>{row.row_number}</Table.Td>
                  <Table.Td>{row.identifier ?? '—'}</Table.Td>
                  <Table.Td>
                    <Badge
                      color={STATUS_LOOK[row.status].color}
                      c={STATUS_LOOK[row.status].text}
                      variant="light"
                      radius="sm"
                      tt="none"
                    >
                      {t(`imports.rows.statuses.${row.status}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{row.total_nice ?? '—'}</Table.Td>
                  <Table.Td>
                    <Outcome row={row} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Text size="sm" c="dimmed">
            {t('imports.rows.count', { count: meta.total })}
          </Text>
        </>
      )}
    </PagedList>
  );

  return (
    <Stack gap="sm">
      <SegmentedControl
        aria-label={t('imports.rows.filter')}
        style={{ alignSelf: 'flex-start' }}
        value={filter}
        onChange={(value) => {
          setFilter(value as RowFilter);
          setPage(1);
        }}
        data={filters.map((value) => ({ value, label: t(`imports.rows.filters.${value}`) }))}
      />
      {body}
    </Stack>
  );
}
