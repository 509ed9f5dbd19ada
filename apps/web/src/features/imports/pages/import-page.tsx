/**
 * One import (customers/imports/{id}): the report row by row, the credit check before confirming ('saldo
 * insuficiente' with the amount missing and a way to top up), confirming with a progress bar, and the
 * result CSV (insurance numbers or row errors).
 */
import {
  Alert,
  Button,
  Card,
  Group,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { openAlert } from '../../../shared/dialogs/dialogs.tsx';
import { handleError } from '../../../shared/errors/error-handler.tsx';
import { formatCents, formatLongDate } from '../../../shared/format/format.ts';
import { showToast } from '../../../shared/toasts/toasts.tsx';
import { BackLink } from '../../../shared/ui/back-link.tsx';
import { IconCheck } from '../../../shared/ui/icons.tsx';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { walletQueryOptions } from '../../../shared/wallets/wallets.ts';
import { useConfirmImportMutation } from '../api/confirm-import.ts';
import { importQueryOptions } from '../api/import.ts';
import { downloadResult } from '../api/import-files.ts';
import { DesktopOnly } from '../components/desktop-only.tsx';
import { ImportReport } from '../components/import-report.tsx';

const CONFIRM_SITE = 204;

function Figure({ label, value }: { label: string; value: string | number }) {
  return (
    <Card withBorder radius="lg" padding="md" role="group" aria-label={label}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={26} fw={700}>
        {value}
      </Text>
    </Card>
  );
}

export function ImportPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const query = useQuery(importQueryOptions(id));
  const wallet = useQuery(walletQueryOptions('credit'));
  const confirmation = useConfirmImportMutation();
  const reportId = useId();
  const item = query.data;

  const confirm = async () => {
    if (!item) return;
    const answer = await openAlert({
      type: 'primary',
      title: t('imports.confirm.title', { count: item.valid_count }),
      subTitle: t('imports.confirm.subtitle', { total: item.total_nice }),
      confirmText: t('imports.confirm.submit'),
    });
    if (answer.role !== 'confirm') return;
    try {
      const issued = await confirmation.mutateAsync(item.id);
      showToast({
        type: 'success',
        message: t('imports.confirm.done', { count: issued.valid_count }),
        duration: 4000,
      });
    } catch (error) {
      handleError(error, CONFIRM_SITE);
    }
  };

  const header = (
    <Stack gap={4}>
      <BackLink to="/customers/imports" label={t('imports.back')} />
      <Title order={1} fz={{ base: 26, sm: 32 }}>
        {item ? t('imports.detail.title', { name: item.file_name }) : t('imports.title')}
      </Title>
      {item && (
        <Text c="dimmed">
          {t('imports.detail.subtitle', {
            entity: item.entity.name,
            product: `${item.policy.name} · ${item.coverage.public_name}`,
            date: formatLongDate(item.created_at),
          })}
        </Text>
      )}
    </Stack>
  );

  if (query.isError)
    return (
      <Stack gap="lg" maw={1200} mx="auto">
        {header}
        <LoadError description={t('imports.detail.loadError')} onRetry={() => void query.refetch()} />
      </Stack>
    );

  const balance = wallet.data?.balance_cents;
  const missing = item && balance !== undefined ? item.total_cents - balance : 0;

  return (
    <Stack gap="lg" maw={1200} mx="auto">
      {header}
      <DesktopOnly>
        {!item ? (
          <Stack role="status" aria-busy="true" aria-label={t('loading.default')}>
            <Skeleton h={90} radius="lg" />
            <Skeleton h={240} radius="lg" />
          </Stack>
        ) : (
          <Stack gap="lg">
            <SimpleGrid cols={4} spacing="md">
              <Figure label={t('imports.detail.rows')} value={item.row_count} />
              <Figure label={t('imports.detail.valid')} value={item.valid_count} />
              <Figure label={t('imports.detail.invalid')} value={item.invalid_count} />
              <Figure label={t('imports.detail.total')} value={item.total_nice} />
            </SimpleGrid>

            {item.status === 'issued' ? (
              <Alert
                variant="light"
                color="green"
                icon={<IconCheck />}
                title={t('imports.issued.title')}
                // Mantine's green title on its light background is under AA contrast.
                styles={{ title: { color: '#1e6b30' } }}
              >
                <Stack gap="sm" align="flex-start">
                  <Text size="sm">
                    {t('imports.issued.description', { count: item.valid_count, total: item.total_nice })}
                  </Text>
                  <Group gap="sm">
                    <Button onClick={() => void downloadResult(item.id)}>{t('imports.result')}</Button>
                    <Button component={Link} to="/customers/insurances" variant="default">
                      {t('imports.issued.insurances')}
                    </Button>
                  </Group>
                </Stack>
              </Alert>
            ) : (
              <Card
                withBorder
                radius="lg"
                padding="lg"
                component="section"
                aria-label={t('imports.confirm.section')}
              >
                <Stack gap="md">
                  <Group justify="space-between" align="flex-start">
                    <Stack gap={2}>
                      <Text fw={600}>{t('imports.confirm.balance')}</Text>
                      {wallet.data ? (
                        <Text fz={22} fw={700}>
                          {wallet.data.balance_nice}
                        </Text>
                      ) : (
                        <Skeleton h={28} w={140} />
                      )}
                    </Stack>
                    <Group gap="sm">
                      <Button variant="default" onClick={() => void downloadResult(item.id)}>
                        {t('imports.report')}
                      </Button>
                      <Button
                        onClick={() => void confirm()}
                        loading={confirmation.isPending}
                        disabled={item.valid_count === 0 || missing > 0 || !wallet.data}
                      >
                        {t('imports.confirm.open', { count: item.valid_count })}
                      </Button>
                    </Group>
                  </Group>
                  {item.valid_count === 0 && (
                    <Alert variant="light" color="red.9" role="alert">
                      {t('imports.confirm.noneValid')}
                    </Alert>
                  )}
                  {item.valid_count > 0 && missing > 0 && (
                    <Alert
                      variant="light"
                      color="orange.9"
                      role="alert"
                      title={t('imports.confirm.shortTitle')}
                    >
                      <Stack gap="xs" align="flex-start">
                        <Text size="sm">{t('imports.confirm.short', { missing: formatCents(missing) })}</Text>
                        <Button component={Link} to="/customers/credit-wallet" size="xs" variant="light">
                          {t('imports.confirm.topUp')}
                        </Button>
                      </Stack>
                    </Alert>
                  )}
                  {confirmation.isPending && (
                    <Stack gap={4}>
                      <Text size="sm">{t('imports.confirm.issuing', { count: item.valid_count })}</Text>
                      <Progress value={100} animated aria-label={t('imports.confirm.progress')} />
                    </Stack>
                  )}
                </Stack>
              </Card>
            )}

            <Stack gap="sm" component="section" aria-labelledby={reportId}>
              <Title order={2} fz="lg" id={reportId}>
                {t('imports.detail.report')}
              </Title>
              <ImportReport importId={item.id} issued={item.status === 'issued'} />
            </Stack>
          </Stack>
        )}
      </DesktopOnly>
    </Stack>
  );
}
