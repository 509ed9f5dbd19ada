/**
 * Signed in: the customer's insurances the right applies to today, one to pick, what exercising it does
 * to that one (last day, refund and where it goes: the API's own figures), and the button that applies it.
 * The answer replaces the list with the request number.
 */
import type { RightsEligibleInsurance, RightsKind, RightsRequest } from '@cubierto/contracts';
import { Alert, Button, Group, Radio, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { handleError } from '../../../shared/errors/error-handler.tsx';
import { formatDay } from '../../../shared/format/format.ts';
import { IconInfo } from '../../../shared/ui/icons.tsx';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { useRequestRightMutation } from '../api/customer-request.ts';
import { eligibleQueryOptions } from '../api/eligible.ts';
import { ERROR_SITE } from '../model/kinds.ts';
import { RequestResult } from './request-result.tsx';

function Terms({ kind, insurance }: { kind: RightsKind; insurance: RightsEligibleInsurance }) {
  const { t } = useTranslation();
  const { terms } = insurance;
  const method = terms.refund_method ? t(`rights.method.${terms.refund_method}`) : '';
  return (
    <Stack gap={2}>
      <Text size="sm">{t('rights.pick.paid', { amount: insurance.paid_nice })}</Text>
      {kind === 'withdrawal' && insurance.deadline && (
        <Text size="sm">{t('rights.withdrawal.deadline', { date: formatDay(insurance.deadline) })}</Text>
      )}
      <Text size="sm">{t('rights.pick.endsOn', { date: formatDay(terms.ends_on) })}</Text>
      <Text size="sm" fw={700}>
        {terms.refund_cents > 0
          ? t(`rights.${kind}.refund`, { amount: terms.refund_nice, method })
          : t('rights.baja.noRefund')}
      </Text>
    </Stack>
  );
}

export function EligiblePicker({ kind }: { kind: RightsKind }) {
  const { t } = useTranslation();
  const eligible = useQuery(eligibleQueryOptions(kind));
  const request = useRequestRightMutation();
  const [chosen, setChosen] = useState<string | null>(null);
  const [done, setDone] = useState<RightsRequest | null>(null);

  if (done) return <RequestResult request={done} signedIn />;
  if (eligible.isError) {
    return <LoadError description={t('rights.pick.loadError')} onRetry={() => void eligible.refetch()} />;
  }
  if (!eligible.data) return <Skeleton h={180} radius="lg" />;
  const insurances = eligible.data;
  if (insurances.length === 0) {
    return (
      <Alert color="gray" variant="light" icon={<IconInfo />}>
        {t(`rights.${kind}.empty`)}
      </Alert>
    );
  }
  const selected = insurances.find(
    (i) => String(i.insurance_id) === (chosen ?? String(insurances[0]?.insurance_id)),
  );

  const submit = () => {
    if (!selected) return;
    request.mutate(
      { kind, insuranceId: selected.insurance_id },
      { onSuccess: setDone, onError: (error) => handleError(error, ERROR_SITE.customerRequest) },
    );
  };

  return (
    <Stack gap="md">
      <Radio.Group
        label={t('rights.pick.legend')}
        value={selected ? String(selected.insurance_id) : null}
        onChange={setChosen}
      >
        <Stack gap="sm" mt="xs">
          {insurances.map((insurance) => (
            <Radio.Card
              key={insurance.insurance_id}
              value={String(insurance.insurance_id)}
              radius="md"
              p="md"
            >
              <Group wrap="nowrap" align="flex-start">
                <Radio.Indicator />
                <Stack gap={4}>
                  <Text fw={700}>{insurance.policy_name}</Text>
                  <Text size="sm" c="gray.8">
                    {t('rights.pick.option', {
                      riskType: insurance.risk_type_name,
                      number: insurance.insurance_number,
                    })}
                  </Text>
                  <Terms kind={kind} insurance={insurance} />
                </Stack>
              </Group>
            </Radio.Card>
          ))}
        </Stack>
      </Radio.Group>
      <Group>
        <Button color={kind === 'baja' ? 'red.8' : undefined} loading={request.isPending} onClick={submit}>
          {t(`rights.${kind}.submit`)}
        </Button>
      </Group>
    </Stack>
  );
}
