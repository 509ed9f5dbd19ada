/**
 * /arrepentimiento and /baja: the botón de arrepentimiento (Ley 24.240 art. 34) and the botón de baja
 * (SSN Res. 360/2024 as amended by Res. 435/2025), public pages linked from every public page and from
 * the app's menu. Signed in, the customer picks the contract and it is applied at once; signed out, the
 * contract number, DNI and e-mail give a request number at once and an e-mailed confirmation link. The
 * Servicio de Atención al Asegurado stands at the foot (the public frame).
 */
import type { RightsKind } from '@cubierto/contracts';
import { Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSessionState } from '../../../shared/session/session-store.ts';
import { PublicFrame } from '../../../shared/ui/public-frame.tsx';
import { EligiblePicker } from '../components/eligible-picker.tsx';
import { PublicRequestForm } from '../components/public-request-form.tsx';

export function RightsPage({ kind }: { kind: RightsKind }) {
  const { t } = useTranslation();
  const { status } = useSessionState();
  return (
    <PublicFrame>
      <Stack gap="lg" maw={760} mx="auto">
        <div>
          <Title order={1} fz={{ base: 26, sm: 30 }}>
            {t(`rights.${kind}.title`)}
          </Title>
          <Text mt={4}>{t(`rights.${kind}.intro`)}</Text>
        </div>
        {status === 'starting' ? (
          <Skeleton h={220} radius="lg" />
        ) : status === 'authenticated' ? (
          <EligiblePicker kind={kind} />
        ) : (
          <PublicRequestForm kind={kind} />
        )}
      </Stack>
    </PublicFrame>
  );
}

export const WithdrawalPage = () => <RightsPage kind="withdrawal" />;
export const BajaPage = () => <RightsPage kind="baja" />;
