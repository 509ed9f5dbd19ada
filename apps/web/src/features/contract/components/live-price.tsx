/**
 * "Con estos datos pagás $ X por N meses": the price of the answers as they are typed, on the steps that
 * change it (the insured amount, the trip, the dates), by the quote's own function (model/live-price).
 */
import type { InsuranceProcess, StepName } from '@cubierto/contracts';
import { Text } from '@mantine/core';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { answersWith, livePrice } from '../model/live-price.ts';
import type { ScreenPart } from '../model/step-values.ts';

type LivePriceProps = { process: InsuranceProcess; parts: readonly ScreenPart[]; today: string };

export function LivePrice({ process, parts, today }: LivePriceProps) {
  const { t } = useTranslation();
  const values = useWatch() as Record<string, unknown>;
  const price = livePrice(process, answersWith(process, parts, values, today));
  return (
    <Text size="sm" fw={600} aria-live="polite" data-testid="live-price">
      {price
        ? t('contract.livePrice.text', {
            amount: price.premium.total_nice,
            period: t(`contract.livePrice.${price.unit}`, { count: price.count }),
          })
        : ''}
    </Text>
  );
}

/** Whether a step's answers change the price of this coverage. */
export function stepMovesPrice(process: InsuranceProcess, step: StepName): boolean {
  const kind = process.coverage.price_terms.pricing.kind;
  if (step === 'dates') return true;
  return step === 'risk' && kind !== 'fixed_monthly';
}
