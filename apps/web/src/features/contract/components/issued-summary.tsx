/**
 * A confirmed process (issue 19). While the insurance it issued is still unpaid (a wallet that fell short,
 * a checkout that came back rejected or pending), its summary stays the place to pay it: the header, the
 * premium, what was answered (no longer editable) and the payment panel with 'Pagar $ X', the reason of
 * the last attempt beside the button and another method chosen. Paid or ended, the spec's 'already
 * confirmed' notice with the way to the insurance.
 */
import type { InsuranceProcess } from '@cubierto/contracts';
import { Button, Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { insuranceQueryOptions } from '../../insurances/api/insurance.ts';
import { PremiumBreakdown } from '../../insurances/components/premium-breakdown.tsx';
import { PaymentPanel, returnedPaymentOf } from '../../payments/components/payment-panel.tsx';
import { stepTextKey } from '../model/flow.ts';
import { ContractHeader } from './contract-header.tsx';
import { ContractNotice } from './contract-notice.tsx';
import { AnswersSummary } from './quote-step.tsx';

export function IssuedSummary({ process, insuranceId }: { process: InsuranceProcess; insuranceId: number }) {
  const { t } = useTranslation();
  const location = useLocation();
  const headingId = useId();
  const insurance = useQuery({ ...insuranceQueryOptions(insuranceId), staleTime: 0 });

  if (insurance.isError)
    return (
      <Stack maw={920} mx="auto">
        <LoadError
          title={t('contract.loadError.title')}
          description={t('contract.loadError.description')}
          onRetry={() => void insurance.refetch()}
        />
      </Stack>
    );
  if (!insurance.data)
    return (
      <Stack gap="lg" maw={920} mx="auto" aria-busy="true" aria-label={t('loading.default')}>
        <Skeleton h={132} radius="lg" />
        <Skeleton h={360} radius="lg" />
      </Stack>
    );

  const data = insurance.data;
  if (data.status !== 'pendiente' || data.paid_at)
    return (
      <ContractNotice
        title={t('contract.completed.title')}
        description={t('contract.completed.description')}
        action={
          <Button component={Link} to={`/customers/insurances/${data.id}`}>
            {t('contract.completed.seeInsurance')}
          </Button>
        }
      />
    );

  const stepTexts = stepTextKey(process.risk_type.short_code, 'quote');
  return (
    <Stack gap="lg" maw={920} mx="auto">
      <ContractHeader process={process} />
      <Card
        withBorder
        radius="lg"
        p={{ base: 'md', sm: 'xl' }}
        component="section"
        aria-labelledby={headingId}
      >
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={2} fz={{ base: 20, sm: 24 }} id={headingId}>
              {t(`${stepTexts}.label`)}
            </Title>
            <Text c="dimmed">{t('contract.issued.intro', { number: data.number })}</Text>
          </Stack>
          <Card withBorder padding="lg" radius="lg" bg="brand.0">
            <PremiumBreakdown premium={data.premium} />
          </Card>
          <AnswersSummary process={process} />
          <PaymentPanel
            totalCents={data.premium.total_cents}
            submitLabel={t('payments.pay.submit', { amount: data.premium.total_nice })}
            insuranceToPay={async () => data.id}
            returned={returnedPaymentOf(location.state)}
          />
        </Stack>
      </Card>
    </Stack>
  );
}
