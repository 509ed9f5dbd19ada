/**
 * /atencion-al-asegurado: the whole Servicio de Atención al Asegurado block (the foot of the other public
 * pages shows its short form and links here), with the two rights buttons.
 */
import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { InsuredServiceBlock } from '../../../shared/insured-service/insured-service-block.tsx';
import { PublicFrame } from '../../../shared/ui/public-frame.tsx';

export function InsuredServicePage() {
  const { t } = useTranslation();
  return (
    <PublicFrame insuredService={false}>
      <Stack gap="lg" maw={960} mx="auto">
        <Title order={1} fz={{ base: 26, sm: 30 }}>
          {t('insuredService.pageTitle')}
        </Title>
        <InsuredServiceBlock />
      </Stack>
    </PublicFrame>
  );
}
