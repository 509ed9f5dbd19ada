/** /productos/{risk type}: one risk type's policies and coverages for anyone, signed in or not. */
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PublicFrame } from '../../../shared/ui/public-frame.tsx';
import { RiskTypeProducts } from '../components/risk-type-products.tsx';

export function PublicRiskTypePage() {
  const { t } = useTranslation();
  const { riskType = '' } = useParams();
  return (
    <PublicFrame>
      <RiskTypeProducts code={riskType} backHref="/productos" backLabel={t('catalog.backToCatalog')} />
    </PublicFrame>
  );
}
