/**
 * What a customer does with an insurance: download its certificate (only while it is in force, spec §7
 * and §8; a paid one not started yet says from which day) and 'Dar de baja': the ways it may end today,
 * with their date and refund read from the API before confirming (cancel-dialog.tsx), then what was done.
 */
import type { InsuranceDetail } from '@cubierto/contracts';
import { Anchor, Button, Card, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { handleError } from '../../../shared/errors/error-handler.tsx';
import { formatDay } from '../../../shared/format/format.ts';
import { IconDownload } from '../../../shared/ui/product-icons.tsx';
import { useCancelInsuranceMutation } from '../api/cancel-insurance.ts';
import { cancellationTermsQueryOptions } from '../api/cancellation-terms.ts';
import { downloadCertificate } from '../api/certificate.ts';
import { chooseCancellation, showCancellationDone } from './cancel-dialog.tsx';

export function CertificateCard({ insurance }: { insurance: InsuranceDetail }) {
  const { t } = useTranslation();
  const headingId = useId();
  const hintId = useId();
  const [downloading, setDownloading] = useState(false);
  const available = insurance.status === 'vigente';
  const startsLater = insurance.status === 'pendiente' && !!insurance.paid_at && !!insurance.starts_on;
  // Ended (voided, cancelled, finished, rejected): it will not be in force again, so no "when it is".
  const ended = insurance.status !== 'pendiente' && !available;

  const download = async () => {
    setDownloading(true);
    await downloadCertificate(insurance);
    setDownloading(false);
  };

  return (
    <Card withBorder padding="lg" radius="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} fz="lg" id={headingId}>
          {t('insurances.certificate.title')}
        </Title>
        <Text size="sm" c="dimmed" id={hintId}>
          {available
            ? t('insurances.certificate.ready')
            : startsLater
              ? t('insurances.certificate.notStartedYet', { date: formatDay(insurance.starts_on) })
              : ended
                ? t('insurances.certificate.ended')
                : t('insurances.certificate.notYet')}
        </Text>
        <Button
          leftSection={<IconDownload size={18} />}
          onClick={() => void download()}
          disabled={!available}
          loading={downloading}
          aria-describedby={hintId}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('insurances.certificate.download')}
        </Button>
        <Text size="xs" c="dimmed">
          {t('insurances.certificate.verifyHint')}{' '}
          <Anchor component={Link} to={`/verificar/${insurance.verification_code}`} size="xs" fw={600}>
            {t('insurances.certificate.verifyLink')}
          </Anchor>
        </Text>
      </Stack>
    </Card>
  );
}

/**
 * Whether 'Dar de baja' applies: nothing paid yet, not started, or in force (a scheduled end may still be
 * brought forward to today).
 */
export function canCancel(insurance: Pick<InsuranceDetail, 'status'>): boolean {
  return insurance.status === 'pendiente' || insurance.status === 'vigente';
}

/** Call site of the central error handler for 'Dar de baja'. */
const CANCEL_ERROR_SITE = 72;

export function CancelButton({ insurance }: { insurance: InsuranceDetail }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const navigate = useNavigate();
  const cancellation = useCancelInsuranceMutation();
  const [reading, setReading] = useState(false);

  const cancel = async () => {
    setReading(true);
    let mode: Awaited<ReturnType<typeof chooseCancellation>> = null;
    try {
      const preview = await client.fetchQuery(cancellationTermsQueryOptions(insurance.id));
      setReading(false);
      mode = await chooseCancellation(insurance, preview);
    } catch (error) {
      setReading(false);
      handleError(error, CANCEL_ERROR_SITE);
      return;
    }
    if (!mode) return;
    try {
      const answer = await cancellation.mutateAsync({ insuranceId: insurance.id, mode });
      if ((await showCancellationDone(insurance, answer.cancellation)) === 'money')
        await navigate('/customers/money-wallet');
    } catch (error) {
      handleError(error, CANCEL_ERROR_SITE);
    }
  };

  return (
    <Button
      variant="outline"
      color="red.9"
      c="red.9"
      onClick={() => void cancel()}
      loading={reading || cancellation.isPending}
    >
      {t('insurances.cancel.button')}
    </Button>
  );
}
