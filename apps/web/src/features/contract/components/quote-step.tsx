/**
 * The last screen: the price of the saved answers (POST …/quote: 'Prima', 'Recargos', 'Impuestos',
 * 'Premio'), what was answered with 'Editar' back to each step, and how to pay with 'Confirmar y pagar
 * $ X', which issues the insurance and pays it in one tap (confirm-and-pay.tsx, issue 19).
 */
import type { InsuranceProcess, Quote, StepName } from '@cubierto/contracts';
import { Button, Card, Divider, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-error.ts';
import { localitiesQueryOptions, provincesQueryOptions } from '../../../shared/api/places.ts';
import { myEntitiesQueryOptions } from '../../../shared/entities/my-entities.ts';
import { formatLongDate } from '../../../shared/format/format.ts';
import { GlossaryLabel } from '../../../shared/ui/glossary.tsx';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { quoteQueryOptions } from '../api/quote-process.ts';
import { summarizeStep } from '../model/answer-summary.ts';
import { stepTextKey } from '../model/flow.ts';
import { ConfirmAndPay } from './confirm-and-pay.tsx';
import { PhotoThumbnails } from './photos-fields.tsx';

function PremiumBreakdown({ quote }: { quote: Quote }) {
  const { t } = useTranslation();
  const { premium } = quote;
  const rows = [
    [t('contract.quote.net'), premium.net_nice, 'prima'],
    [t('contract.quote.surcharges'), premium.surcharges_nice, 'recargos'],
    [t('contract.quote.taxes'), premium.taxes_nice, 'impuestos'],
  ] as const;
  return (
    <Stack gap={6}>
      {rows.map(([label, value, term]) => (
        <Group key={label} justify="space-between" wrap="nowrap">
          <Text c="dimmed" component="div">
            <GlossaryLabel term={term}>{label}</GlossaryLabel>
          </Text>
          <Text>{value}</Text>
        </Group>
      ))}
      <Divider my={4} />
      <Group justify="space-between" wrap="nowrap">
        <Text fw={700} fz="lg" component="div">
          <GlossaryLabel term="premio">{t('contract.quote.total')}</GlossaryLabel>
        </Text>
        <Text fw={800} fz="xl" c="brand.8">
          {premium.total_nice}
        </Text>
      </Group>
      <Text size="xs" c="dimmed">
        {t('contract.quote.validUntil', { date: formatLongDate(quote.expires_at) })}
      </Text>
    </Stack>
  );
}

/** What was answered, step by step; with `onEdit`, an 'Editar' back to each step. */
export function AnswersSummary({
  process,
  onEdit,
}: {
  process: InsuranceProcess;
  onEdit?: (step: StepName) => void;
}) {
  const { t } = useTranslation();
  const code = process.risk_type.short_code;
  const address = process.answers.risk?.address as { state_id?: number } | undefined;
  const entities = useQuery({ ...myEntitiesQueryOptions(), staleTime: 0 });
  const provinces = useQuery({ ...provincesQueryOptions, enabled: !!address });
  const localities = useQuery(localitiesQueryOptions(address?.state_id));
  const lookups = {
    entities: entities.data,
    provinceName: (id: number) => provinces.data?.find((p) => p.id === id)?.name,
    localityName: (id: number) => localities.data?.find((l) => l.id === id)?.name,
  };

  return (
    <Stack gap="md">
      {process.steps.map((step) => {
        const label = t(`${stepTextKey(code, step)}.label`);
        return (
          <Card key={step} withBorder padding="md" radius="lg">
            <Group justify="space-between" wrap="nowrap" mb="xs">
              <Title order={3} fz="md">
                {label}
              </Title>
              {onEdit && (
                <Button
                  variant="subtle"
                  size="compact-sm"
                  onClick={() => onEdit(step)}
                  aria-label={t('contract.summary.editStep', { step: label })}
                >
                  {t('contract.summary.edit')}
                </Button>
              )}
            </Group>
            {step === 'photos' ? (
              <PhotoThumbnails ids={(process.answers.photos?.photos as number[] | undefined) ?? []} />
            ) : (
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing={8}>
                {summarizeStep(t, code, step, process.answers[step], lookups).map((row) => (
                  <div key={`${row.label}-${row.value}`}>
                    <Text size="xs" c="dimmed" fw={600}>
                      {row.label}
                    </Text>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {row.value}
                    </Text>
                  </div>
                ))}
              </SimpleGrid>
            )}
          </Card>
        );
      })}
    </Stack>
  );
}

type QuoteStepProps = {
  process: InsuranceProcess;
  onEdit: (step: StepName) => void;
  onBack: () => void;
};

export function QuoteStep({ process, onEdit, onBack }: QuoteStepProps) {
  const { t } = useTranslation();
  const quote = useQuery(quoteQueryOptions(process));

  return (
    <Stack gap="lg">
      <Card withBorder padding="lg" radius="lg" bg="brand.0">
        <Title order={3} fz="lg" mb="sm">
          {t('contract.quote.title')}
        </Title>
        {quote.isPending && (
          <Stack gap="xs" aria-busy="true" aria-label={t('contract.quote.loading')}>
            <Skeleton h={18} />
            <Skeleton h={18} />
            <Skeleton h={18} />
            <Skeleton h={28} mt="xs" />
          </Stack>
        )}
        {quote.isError && (
          <LoadError
            description={
              quote.error instanceof ApiError && quote.error.body?.message
                ? quote.error.message
                : t('contract.quote.error')
            }
            onRetry={() => void quote.refetch()}
          />
        )}
        {quote.data && <PremiumBreakdown quote={quote.data} />}
      </Card>
      <AnswersSummary process={process} onEdit={onEdit} />
      <ConfirmAndPay process={process} quote={quote.data} onBack={onBack} />
    </Stack>
  );
}
