/**
 * What the cheapest quote of a coverage pays and for what (DOMAIN.md "Money", "desde"): "desde $ 4.065,60/mes";
 * "desde $ 3.430,35/mes por una suma asegurada de $ 150.000,00"; "desde $ 2.795,10 por un viaje de 2 días
 * (Larga estadía, 1 viajero)". Light: the login page's catalogue uses it.
 */
import { type PremiumFrom, TRIP_TYPE_LABELS } from '@cubierto/contracts';
import { t } from '../i18n/i18n.ts';

export function premiumFromText(coverage: { premium_from: PremiumFrom }): string {
  const from = coverage.premium_from;
  const amount = from.amount_nice;
  if (from.period === 'día')
    return t('catalog.fromTrip', {
      amount,
      count: from.periods,
      tripType: from.trip_type ? TRIP_TYPE_LABELS[from.trip_type] : '',
    });
  if (from.insured_amount_nice)
    return t('catalog.fromPerMonthInsured', { amount, insured: from.insured_amount_nice });
  return t('catalog.fromPerMonth', { amount });
}
