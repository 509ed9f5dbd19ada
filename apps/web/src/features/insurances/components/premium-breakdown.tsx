/** The premium of an insurance (DOMAIN.md "Money"): Prima, Recargos, Impuestos and the total, Premio. */
import type { Premium } from '@cubierto/contracts';
import { useTranslation } from 'react-i18next';
import { FactList } from '../../../shared/ui/fact-list.tsx';

export function PremiumBreakdown({ premium }: { premium: Premium }) {
  const { t } = useTranslation();
  return (
    <FactList
      label={t('insurances.premium.title')}
      withTotal
      facts={[
        { label: t('insurances.premium.net'), value: premium.net_nice },
        { label: t('insurances.premium.surcharges'), value: premium.surcharges_nice },
        { label: t('insurances.premium.taxes'), value: premium.taxes_nice },
        { label: t('insurances.premium.total'), value: premium.total_nice },
      ]}
    />
  );
}
