/** The imports of every entity the customer acts for, newest first, each opening its report. */
import { Badge, EmptyState, Group, Pagination, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatLongDate } from '../../../shared/format/format.ts';
import { IconFileText } from '../../../shared/ui/icons.tsx';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { importsQueryOptions } from '../api/imports.ts';

export function ImportHistory() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useQuery(importsQueryOptions(page));

  if (query.isError)
    return <LoadError description={t('imports.history.loadError')} onRetry={() => void query.refetch()} />;
  if (!query.data)
    return (
      <Stack gap="xs" role="status" aria-busy="true" aria-label={t('loading.default')}>
        <Skeleton h={40} radius="md" />
        <Skeleton h={40} radius="md" />
      </Stack>
    );
  if (query.data.data.length === 0)
    return (
      <EmptyState
        variant="light"
        icon={<IconFileText size={28} />}
        title={t('imports.history.emptyTitle')}
        description={t('imports.history.emptyDescription')}
      />
    );
  const { meta } = query.data;
  return (
    <Stack gap="md">
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('imports.history.file')}</Table.Th>
            <Table.Th>{t('imports.history.entity')}</Table.Th>
            <Table.Th>{t('imports.history.product')}</Table.Th>
            <Table.Th>{t('imports.history.rows')}</Table.Th>
            <Table.Th>{t('imports.history.status')}</Table.Th>
            <Table.Th>{t('imports.history.date')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {query.data.data.map((item) => (
            <Table.Tr key={item.id}>
              <Table.Td>
                <Link to={`/customers/imports/${item.id}`}>{item.file_name}</Link>
              </Table.Td>
              <Table.Td>{item.entity.name}</Table.Td>
              <Table.Td>
                {item.policy.name} · {item.coverage.public_name}
              </Table.Td>
              <Table.Td>
                {t('imports.history.counts', { valid: item.valid_count, invalid: item.invalid_count })}
              </Table.Td>
              <Table.Td>
                <Badge
                  color={item.status === 'issued' ? 'green' : 'gray'}
                  c={item.status === 'issued' ? '#1e6b30' : 'gray.8'}
                  variant="light"
                  radius="sm"
                  tt="none"
                >
                  {t(`imports.status.${item.status}`)}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatLongDate(item.created_at)}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {meta.last_page > 1 && (
        <Group justify="center">
          <Pagination
            total={meta.last_page}
            value={page}
            onChange={setPage}
            getControlProps={(control) => ({ 'aria-label': t(`wallets.movements.page.${control}`) })}
            getItemProps={(item) => ({ 'aria-label': t('wallets.movements.page.number', { page: item }) })}
          />
        </Group>
      )}
    </Stack>
  );
}
