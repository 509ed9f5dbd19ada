/**
 * 'Reclamos' (customers/claims): the customer's claims, newest first, ten a page, optionally of one
 * status, each with its status badge and opening its detail; 'Nuevo reclamo' files one.
 */
import { CLAIM_STATUS_LABELS, CLAIM_STATUSES, type ClaimStatus } from '@cubierto/contracts';
import { Button, Group, NativeSelect, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { formatDay } from '../../../shared/format/format.ts';
import { IconFileText } from '../../../shared/ui/icons.tsx';
import { PagedList } from '../../../shared/ui/paged-list.tsx';
import { claimsQueryOptions } from '../api/claims.ts';
import { ClaimStatusBadge } from '../components/claim-status-badge.tsx';
import classes from '../components/claims.module.css';

const isStatus = (value: string | null): value is ClaimStatus =>
  (CLAIM_STATUSES as readonly string[]).includes(value ?? '');

export function ClaimsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const raw = params.get('estado');
  const status = isStatus(raw) ? raw : undefined;
  const page = Math.max(1, Number(params.get('pagina')) || 1);
  const query = useQuery(claimsQueryOptions({ status, page }));

  const go = (next: { status?: ClaimStatus | undefined; page?: number }) => {
    const search = new URLSearchParams();
    const s = 'status' in next ? next.status : status;
    if (s) search.set('estado', s);
    if (next.page && next.page > 1) search.set('pagina', String(next.page));
    setParams(search);
  };

  return (
    <Stack gap="lg" maw={960} mx="auto">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {t('claims.title')}
          </Title>
          <Text c="dimmed">{t('claims.description')}</Text>
        </Stack>
        <Button component={Link} to="/customers/claims/new">
          {t('claims.new')}
        </Button>
      </Group>

      {/* Nothing to filter before the first claim. */}
      {(status !== undefined || (query.data?.meta.total ?? 1) > 0) && (
        <NativeSelect
          label={t('claims.filter.label')}
          value={status ?? ''}
          onChange={(event) => {
            const value = event.currentTarget.value;
            go({ status: isStatus(value) ? value : undefined, page: 1 });
          }}
          data={[
            { value: '', label: t('claims.filter.all') },
            ...CLAIM_STATUSES.map((s) => ({ value: s, label: CLAIM_STATUS_LABELS[s] })),
          ]}
          maw={260}
        />
      )}

      <PagedList
        query={query}
        page={page}
        onPageChange={(next) => go({ page: next })}
        loadError={t('claims.loadErrorDescription')}
        loadErrorTitle={t('claims.loadErrorTitle')}
        empty={{
          icon: <IconFileText size={28} />,
          title: status ? t('claims.emptyFilteredTitle') : t('claims.emptyTitle'),
          description: status ? t('claims.emptyFilteredDescription') : t('claims.emptyDescription'),
          action: !status && (
            <Button component={Link} to="/customers/claims/new" variant="light" mt="sm">
              {t('claims.new')}
            </Button>
          ),
        }}
        skeletons={{ count: 3, height: 88 }}
      >
        {(claims) => (
          <ul className={classes.claims}>
            {claims.map((claim) => (
              <li key={claim.id}>
                <UnstyledButton
                  component={Link}
                  to={`/customers/claims/${claim.id}`}
                  className={classes.claim}
                >
                  <Stack gap={4} miw={0}>
                    <Text fw={700}>{t('claims.item.title', { number: claim.number })}</Text>
                    <Text size="sm" lineClamp={1}>
                      {claim.risk.label}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {t('claims.item.incident', { date: formatDay(claim.incident_date) })}
                    </Text>
                  </Stack>
                  <Stack gap={6} align="flex-end">
                    <ClaimStatusBadge status={claim.status} />
                    {claim.approved_amount_nice && (
                      <Text size="sm" fw={700}>
                        {claim.approved_amount_nice}
                      </Text>
                    )}
                  </Stack>
                </UnstyledButton>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </Stack>
  );
}
