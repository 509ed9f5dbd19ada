/**
 * Contracts in progress (customers/insurance-processes): what each one contracts, the step it waits for
 * and when it was last touched; 'Continuar' resumes it on the contract page and 'Descartar' gives it up
 * after a confirmation.
 */
import type { InsuranceProcess } from '@cubierto/contracts';
import { Button, EmptyState, Group, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { confirmDestructive } from '../../../shared/dialogs/dialogs.tsx';
import { handleError } from '../../../shared/errors/error-handler.tsx';
import { formatLongDate } from '../../../shared/format/format.ts';
import { showToast } from '../../../shared/toasts/toasts.tsx';
import classes from '../../../shared/ui/link-list.module.css';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { IconClock, RiskTypeIcon } from '../../../shared/ui/product-icons.tsx';
import { useDiscardProcessMutation } from '../../contract/api/discard-process.ts';
import { processesInProgressQueryOptions } from '../api/processes.ts';

function ProcessItem({ process }: { process: InsuranceProcess }) {
  const { t } = useTranslation();
  const discarding = useDiscardProcessMutation();
  const title = t('insurances.item.title', {
    riskType: process.risk_type.name,
    coverage: process.coverage.public_name,
  });

  const discard = async () => {
    const answer = await confirmDestructive({
      title: t('insurances.processes.discardTitle'),
      subTitle: t('insurances.processes.discardDescription', { product: title }),
      confirmText: t('insurances.processes.discard'),
    });
    if (answer.role !== 'confirm') return;
    try {
      await discarding.mutateAsync(process.id);
      showToast({ type: 'success', message: t('insurances.processes.discarded'), duration: 4_000 });
    } catch (error) {
      handleError(error, 73);
    }
  };

  return (
    <div className={classes.item}>
      <Group wrap="nowrap" gap="md" align="flex-start">
        <ThemeIcon size={44} radius="xl" variant="light" color="secondary" c="secondary.8">
          <RiskTypeIcon code={process.risk_type.short_code} size={24} />
        </ThemeIcon>
        <Stack gap={4} miw={0} style={{ flex: 1 }}>
          <Text fw={700} lh={1.3}>
            {title}
          </Text>
          <Text size="sm" c="dimmed">
            {process.policy.name}
          </Text>
          <Group gap={6} wrap="nowrap">
            <IconClock size={16} />
            <Text size="sm">
              {t('insurances.processes.nextStep', {
                step: t(`insurances.processes.steps.${process.next_step}`),
              })}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            {t('insurances.processes.updatedOn', { date: formatLongDate(process.updated_at) })}
          </Text>
          <Group gap="xs" mt={6}>
            <Button
              component={Link}
              to={`/contract-insurance/${process.id}`}
              size="sm"
              aria-label={t('insurances.processes.resumeOf', { product: title })}
            >
              {t('insurances.processes.resume')}
            </Button>
            <Button
              variant="subtle"
              color="red"
              c="red.9"
              size="sm"
              loading={discarding.isPending}
              onClick={() => void discard()}
              aria-label={t('insurances.processes.discardOf', { product: title })}
            >
              {t('insurances.processes.discard')}
            </Button>
          </Group>
        </Stack>
      </Group>
    </div>
  );
}

export function ProcessList() {
  const { t } = useTranslation();
  const query = useQuery(processesInProgressQueryOptions);

  if (query.isPending)
    return (
      <Stack gap="sm" aria-busy="true" aria-label={t('loading.default')}>
        <Skeleton h={140} radius="lg" />
        <Skeleton h={140} radius="lg" />
      </Stack>
    );
  if (query.isError)
    return (
      <LoadError
        title={t('insurances.processes.loadErrorTitle')}
        description={t('insurances.loadErrorDescription')}
        onRetry={() => void query.refetch()}
      />
    );
  if (query.data.length === 0)
    return (
      <EmptyState
        variant="light"
        color="gray"
        icon={<IconClock size={28} />}
        title={t('insurances.processes.emptyTitle')}
        description={t('insurances.processes.emptyDescription')}
      />
    );
  return (
    <ul className={classes.list}>
      {query.data.map((process) => (
        <li key={process.id}>
          <ProcessItem process={process} />
        </li>
      ))}
    </ul>
  );
}
