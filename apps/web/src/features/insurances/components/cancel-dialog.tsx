/**
 * 'Dar de baja' as the customer reads it before confirming: the ways the insurance may end today, each
 * with its last day of cover and what comes back to Mi dinero, as the API's cancellation terms say (the
 * same figures the cancellation applies); then, once confirmed, what was done.
 */
import type {
  CancellationMode,
  CancellationOption,
  CancellationPreview,
  InsuranceDetail,
} from '@cubierto/contracts';
import { Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CloseDialog, openInfoDialog, presentDialog } from '../../../shared/dialogs/dialogs.tsx';
import { formatDay } from '../../../shared/format/format.ts';
import { t } from '../../../shared/i18n/i18n.ts';

type Situation = 'inForce' | 'notStarted' | 'unpaid';

function situationOf(insurance: Pick<InsuranceDetail, 'status' | 'paid_at'>): Situation {
  if (!insurance.paid_at) return 'unpaid';
  return insurance.status === 'pendiente' ? 'notStarted' : 'inForce';
}

/** What an option does, in one sentence: `terms` before confirming, `done` after. */
function termsText(option: CancellationOption, situation: Situation, tense: 'terms' | 'done'): string {
  const values = { date: formatDay(option.ends_on), amount: option.refund_nice };
  const key =
    option.mode === 'end_of_period'
      ? 'endOfPeriod'
      : situation === 'unpaid'
        ? 'unpaid'
        : situation === 'notStarted'
          ? 'notStarted'
          : option.refund_cents > 0
            ? 'nowRefund'
            : 'nowNoRefund';
  return t(`insurances.cancel.${tense}.${key}`, values);
}

function optionLabel(option: CancellationOption, situation: Situation): string {
  if (option.mode === 'end_of_period') return t('insurances.cancel.option.end_of_period');
  return situation === 'inForce'
    ? t('insurances.cancel.option.now')
    : t('insurances.cancel.option.notStarted');
}

function CancelOptionsView({
  preview,
  situation,
  close,
}: {
  preview: CancellationPreview;
  situation: Situation;
  close: CloseDialog<CancellationMode>;
}) {
  const { t } = useTranslation();
  const only = preview.options.length === 1 ? preview.options[0] : undefined;
  const [mode, setMode] = useState<CancellationMode | null>(only?.mode ?? null);
  return (
    <Stack gap="md">
      <Modal.Title fw={700} fz="xl">
        {only ? t('insurances.cancel.titleOne') : t('insurances.cancel.title')}
      </Modal.Title>
      {only ? (
        <Text>{termsText(only, situation, 'terms')}</Text>
      ) : (
        <Radio.Group
          value={mode}
          onChange={(value) => setMode(value as CancellationMode)}
          label={t('insurances.cancel.intro')}
        >
          <Stack gap="sm" mt="sm">
            {preview.options.map((option) => (
              <Radio.Card key={option.mode} value={option.mode} radius="md" p="md">
                <Group wrap="nowrap" align="flex-start">
                  <Radio.Indicator />
                  <Stack gap={2}>
                    <Text fw={600}>{optionLabel(option, situation)}</Text>
                    <Text size="sm">{termsText(option, situation, 'terms')}</Text>
                  </Stack>
                </Group>
              </Radio.Card>
            ))}
          </Stack>
        </Radio.Group>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={() => close('cancel')}>
          {t('common.back')}
        </Button>
        <Button color="red.9" disabled={!mode} onClick={() => mode && close('confirm', mode)}>
          {t('insurances.cancel.confirm')}
        </Button>
      </Group>
    </Stack>
  );
}

/** The customer's choice among the preview's options; null when they went back. */
export async function chooseCancellation(
  insurance: Pick<InsuranceDetail, 'status' | 'paid_at'>,
  preview: CancellationPreview,
): Promise<CancellationMode | null> {
  const situation = situationOf(insurance);
  if (preview.options.length === 0) {
    await openInfoDialog({ title: t('insurances.cancel.none'), buttonText: t('insurances.cancel.ok') });
    return null;
  }
  const result = await presentDialog<CancellationMode>({
    size: 'md',
    render: (close) => <CancelOptionsView preview={preview} situation={situation} close={close} />,
  });
  return result.role === 'confirm' && result.data ? result.data : null;
}

/** What was done, with the applied terms; resolves 'money' when the customer asks to see Mi dinero. */
export async function showCancellationDone(
  insurance: Pick<InsuranceDetail, 'status' | 'paid_at'>,
  applied: CancellationOption,
): Promise<'money' | null> {
  const scheduled = applied.mode === 'end_of_period';
  const seeMoney = t('insurances.cancel.seeMoney');
  const result = await openInfoDialog({
    title: scheduled ? t('insurances.cancel.scheduledTitle') : t('insurances.cancel.doneTitle'),
    subTitle: termsText(applied, situationOf(insurance), 'done'),
    buttons: [
      ...(applied.refund_cents > 0 ? [{ label: seeMoney, fill: 'solid' as const }] : []),
      { label: t('insurances.cancel.ok'), fill: applied.refund_cents > 0 ? 'clear' : 'solid' },
    ],
  });
  return typeof result.data === 'object' && result.data.label === seeMoney ? 'money' : null;
}
