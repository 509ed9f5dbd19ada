/**
 * What a customer does with an insurance: download its certificate (only while it is in force, spec §7
 * and §8) and 'Dar de baja' after a confirmation: a `pendiente` one is cancelled at once, one in force
 * ends tomorrow ('baja programada').
 */
import type { InsuranceDetail } from '@cubierto/contracts';
import { Anchor, Button, Card, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { confirmDestructive } from '../../../shared/dialogs/dialogs.tsx';
import { handleError } from '../../../shared/errors/error-handler.tsx';
import { formatDay } from '../../../shared/format/format.ts';
import { showToast } from '../../../shared/toasts/toasts.tsx';
import { IconDownload } from '../../../shared/ui/product-icons.tsx';
import { useCancelInsuranceMutation } from '../api/cancel-insurance.ts';
import { downloadCertificate } from '../api/certificate.ts';

export function CertificateCard({ insurance }: { insurance: InsuranceDetail }) {
  const { t } = useTranslation();
  const headingId = useId();
  const hintId = useId();
  const [downloading, setDownloading] = useState(false);
  const available = insurance.status === 'vigente';

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
          {available ? t('insurances.certificate.ready') : t('insurances.certificate.notYet')}
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

/** Whether 'Dar de baja' applies: nothing paid yet, or in force without a scheduled end. */
export function canCancel(insurance: Pick<InsuranceDetail, 'status' | 'cancels_on'>): boolean {
  return insurance.status === 'pendiente' || (insurance.status === 'vigente' && !insurance.cancels_on);
}

export function CancelButton({ insurance }: { insurance: InsuranceDetail }) {
  const { t } = useTranslation();
  const cancellation = useCancelInsuranceMutation();
  const pending = insurance.status === 'pendiente';
  const description = !pending
    ? 'insurances.cancel.activeDescription'
    : insurance.paid_at
      ? 'insurances.cancel.paidNotStartedDescription'
      : 'insurances.cancel.pendingDescription';

  const cancel = async () => {
    const answer = await confirmDestructive({
      title: t('insurances.cancel.title'),
      subTitle: t(description),
      confirmText: t('insurances.cancel.confirm'),
    });
    if (answer.role !== 'confirm') return;
    try {
      const updated = await cancellation.mutateAsync(insurance.id);
      showToast({
        type: 'success',
        duration: 4_000,
        message: updated.cancels_on
          ? t('insurances.cancel.scheduled', { date: formatDay(updated.cancels_on) })
          : t('insurances.cancel.done'),
      });
    } catch (error) {
      handleError(error, 72);
    }
  };

  return (
    <Button
      variant="outline"
      color="red.9"
      c="red.9"
      onClick={() => void cancel()}
      loading={cancellation.isPending}
    >
      {t('insurances.cancel.button')}
    </Button>
  );
}
