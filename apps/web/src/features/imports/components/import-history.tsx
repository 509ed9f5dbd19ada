/** The imports of every entity the customer acts for, newest first, each opening its report. */
import { Badge, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatLongDate } from '../../../shared/format/format.ts';
import { IconFileText } from '../../../shared/ui/icons.tsx';
import { PagedQueryList } from '../../../shared/ui/paged-query-list.tsx';
import { importsQueryOptions } from '../api/imports.ts';

export function ImportHistory() {
  const { t } = useTranslation();
  return (
    <PagedQueryList
      pages={importsQueryOptions}
      loadError={t('imports.history.loadError')}
      empty={{
        icon: <IconFileText size={28} />,
        title: t('imports.history.emptyTitle'),
        description: t('imports.history.emptyDescription'),
      }}
      skeletons={{ count: 2, height: 40 }}
    >
      {(imports) => (
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
            {imports.map((item) => (
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
      )}
    </PagedQueryList>
  );
}
