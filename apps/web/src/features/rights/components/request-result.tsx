/**
 * A request as the API answered it: its number at once ('Tu solicitud N° … fue registrada'), the last day
 * of cover, the refund and where it went and how it stands; or why it could not be applied.
 */
import type { RightsRequest } from '@cubierto/contracts';
import { Alert, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDay } from '../../../shared/format/format.ts';
import { type Fact, FactList } from '../../../shared/ui/fact-list.tsx';
import { IconCheck, IconInfo } from '../../../shared/ui/icons.tsx';

export function RequestResult({ request, signedIn }: { request: RightsRequest; signedIn: boolean }) {
  const { t } = useTranslation();
  const refused = request.status === 'rechazada';
  const method = request.refund_method ? t(`rights.method.${request.refund_method}`) : null;
  const facts: Fact[] = [{ label: t('rights.result.number'), value: request.request_number }];
  if (request.insurance_number)
    facts.push({ label: t('rights.result.insurance'), value: request.insurance_number });
  if (!refused && request.ends_on)
    facts.push({ label: t('rights.result.endsOn'), value: formatDay(request.ends_on) });
  if (!refused) facts.push({ label: t('rights.result.refund'), value: request.refund_nice });
  if (!refused && method && request.refund_cents > 0)
    facts.push({ label: t('rights.result.refundTo'), value: method });

  return (
    <Stack gap="md" data-testid="rights-result">
      <Alert
        color={refused ? 'red.9' : 'teal.9'}
        variant="light"
        icon={refused ? <IconInfo /> : <IconCheck />}
        title={t(refused ? 'rights.result.refusedTitle' : 'rights.result.title', {
          number: request.request_number,
        })}
      >
        <Stack gap={4}>
          {refused && request.refusal && <Text size="sm">{request.refusal}</Text>}
          {!refused && (
            <Text size="sm">{t(`rights.result.${request.refund_status}`, { method: method ?? '' })}</Text>
          )}
          <Text size="sm">{t('rights.result.mailed')}</Text>
        </Stack>
      </Alert>
      <Card withBorder radius="lg" padding="lg">
        <FactList facts={facts} label={t('rights.result.facts')} />
      </Card>
      <Group>
        <Button component={Link} to={signedIn ? '/customers/insurances' : '/login'} variant="default">
          {t('rights.result.myInsurances')}
        </Button>
        {!refused && request.refund_method === 'money_wallet' && request.refund_cents > 0 && (
          <Button component={Link} to={signedIn ? '/customers/money-wallet' : '/login'}>
            {t('rights.result.myMoney')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
