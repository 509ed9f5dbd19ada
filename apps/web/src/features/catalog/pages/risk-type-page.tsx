/** /tabs/productos/{risk type}: one risk type's policies and coverages, opened from the home. */
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { RiskTypeProducts } from '../components/risk-type-products.tsx';

export function RiskTypePage() {
  const { t } = useTranslation();
  const { riskType = '' } = useParams();
  return <RiskTypeProducts code={riskType} backHref="/tabs" backLabel={t('catalog.backHome')} />;
}
