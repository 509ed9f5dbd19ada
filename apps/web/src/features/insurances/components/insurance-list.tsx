/**
 * The contracted insurances of "Mis contrataciones": filters by risk type (each with its group label
 * from /groups, '2 Celulares' or 'baja programada', spec §9) and by status, the page's insurances grouped
 * by risk type, and paging. Filters and page live in the URL, so back and reload keep them.
 */
import {
  INSURANCE_STATUS_LABELS,
  INSURANCE_STATUSES,
  type Insurance,
  type InsuranceStatus,
} from '@cubierto/contracts';
import { Badge, Button, EmptyState, Group, Pagination, Skeleton, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { IconFileText } from '../../../shared/ui/icons.tsx';
import classes from '../../../shared/ui/link-list.module.css';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { insuranceGroupsQueryOptions } from '../api/insurance-groups.ts';
import { insurancesQueryOptions } from '../api/insurances.ts';
import { ChipFilter } from './chip-filter.tsx';
import { InsuranceCard } from './insurance-card.tsx';

function isStatus(value: string | null): value is InsuranceStatus {
  return INSURANCE_STATUSES.includes(value as InsuranceStatus);
}

/** The insurances of one page, by risk type, in the order they came. */
function byRiskType(insurances: Insurance[]): Array<{ code: string; name: string; items: Insurance[] }> {
  const groups = new Map<string, { code: string; name: string; items: Insurance[] }>();
  for (const insurance of insurances) {
    const code = insurance.risk_type.short_code;
    const group = groups.get(code) ?? { code, name: insurance.risk_type.name, items: [] };
    group.items.push(insurance);
    groups.set(code, group);
  }
  return [...groups.values()];
}

function RiskTypeGroup({
  name,
  label,
  items,
}: {
  name: string;
  label: string | undefined;
  items: Insurance[];
}) {
  const headingId = useId();
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Group gap="sm">
        <Title order={2} fz="lg" id={headingId}>
          {name}
        </Title>
        {label && (
          <Badge variant="light" color="gray" c="gray.8" tt="none" radius="sm">
            {label}
          </Badge>
        )}
      </Group>
      <ul className={classes.list}>
        {items.map((insurance) => (
          <li key={insurance.id}>
            <InsuranceCard insurance={insurance} />
          </li>
        ))}
      </ul>
    </Stack>
  );
}

export function InsuranceList() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const status = isStatus(params.get('estado')) ? (params.get('estado') as InsuranceStatus) : undefined;
  const riskType = params.get('tipo') ?? undefined;
  const page = Math.max(1, Number(params.get('pagina')) || 1);
  const groups = useQuery(insuranceGroupsQueryOptions);
  const list = useQuery(insurancesQueryOptions({ status, riskType, page }));

  const setFilter = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next);
  };

  const labelOf = (code: string) => groups.data?.find((group) => group.risk_type.short_code === code)?.label;
  const noneAtAll = groups.data?.length === 0;

  if (noneAtAll)
    return (
      <EmptyState
        variant="light"
        color="secondary"
        icon={<IconFileText size={28} />}
        title={t('insurances.emptyTitle')}
        description={t('insurances.emptyDescription')}
      >
        <EmptyState.Actions>
          <Button component={Link} to="/tabs">
            {t('insurances.seeProducts')}
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    );

  return (
    <Stack gap="lg">
      <Stack gap="sm">
        {groups.data && groups.data.length > 1 && (
          <ChipFilter
            label={t('insurances.filters.riskType')}
            allLabel={t('insurances.filters.allRiskTypes')}
            options={groups.data.map((group) => ({
              value: group.risk_type.short_code,
              label: t('insurances.filters.group', { name: group.risk_type.name, label: group.label }),
            }))}
            value={riskType}
            onChange={(value) => setFilter({ tipo: value, pagina: undefined })}
          />
        )}
        <ChipFilter
          label={t('insurances.filters.status')}
          allLabel={t('insurances.filters.allStatuses')}
          options={INSURANCE_STATUSES.map((value) => ({ value, label: INSURANCE_STATUS_LABELS[value] }))}
          value={status}
          onChange={(value) => setFilter({ estado: value, pagina: undefined })}
        />
      </Stack>

      {list.isPending && (
        <Stack gap="sm" aria-busy="true" aria-label={t('loading.default')}>
          <Skeleton h={120} radius="lg" />
          <Skeleton h={120} radius="lg" />
          <Skeleton h={120} radius="lg" />
        </Stack>
      )}
      {list.isError && (
        <LoadError
          title={t('insurances.loadErrorTitle')}
          description={t('insurances.loadErrorDescription')}
          onRetry={() => void list.refetch()}
        />
      )}
      {list.data?.data.length === 0 && (
        <EmptyState
          variant="light"
          color="gray"
          icon={<IconFileText size={28} />}
          title={t('insurances.filteredEmptyTitle')}
          description={t('insurances.filteredEmptyDescription')}
        >
          <EmptyState.Actions>
            <Button variant="default" onClick={() => setParams(new URLSearchParams())}>
              {t('insurances.clearFilters')}
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      )}
      {list.data && list.data.data.length > 0 && (
        <Stack
          gap="lg"
          style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}
          aria-busy={list.isPlaceholderData}
        >
          {byRiskType(list.data.data).map((group) => (
            <RiskTypeGroup
              key={group.code}
              name={group.name}
              label={labelOf(group.code)}
              items={group.items}
            />
          ))}
        </Stack>
      )}
      {list.data && list.data.meta.last_page > 1 && (
        <Pagination
          total={list.data.meta.last_page}
          value={page}
          onChange={(next) => setFilter({ pagina: next > 1 ? String(next) : undefined })}
          getControlProps={(control) => ({
            'aria-label':
              control === 'previous' ? t('insurances.pagination.previous') : t('insurances.pagination.next'),
          })}
          getItemProps={(item) => ({ 'aria-label': t('insurances.pagination.page', { page: item }) })}
          style={{ alignSelf: 'center' }}
        />
      )}
    </Stack>
  );
}
