/**
 * /arrepentimiento/confirmar?token=… and /baja/confirmar?token=…: the e-mailed link of a signed-out
 * request. Opening it confirms the request once (the token is single use) and shows what was applied, or
 * why the link no longer works, with the way to ask again.
 */
import type { RightsKind } from '@cubierto/contracts';
import { Alert, Button, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { hasErrorCode } from '../../../shared/api/api-error.ts';
import { handleError } from '../../../shared/errors/error-handler.tsx';
import { useSessionState } from '../../../shared/session/session-store.ts';
import { IconAlert } from '../../../shared/ui/icons.tsx';
import { PublicFrame } from '../../../shared/ui/public-frame.tsx';
import { useConfirmRightMutation } from '../api/confirm.ts';
import { RequestResult } from '../components/request-result.tsx';
import { ERROR_SITE, PAGE_PATH } from '../model/kinds.ts';

function LinkUnusable({ kind, text }: { kind: RightsKind; text: string }) {
  const { t } = useTranslation();
  return (
    <Alert color="red.9" variant="light" icon={<IconAlert />} title={t('rights.confirm.invalidTitle')}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{text}</Text>
        <Button component={Link} to={PAGE_PATH[kind]} size="sm">
          {t('rights.confirm.again')}
        </Button>
      </Stack>
    </Alert>
  );
}

/** Inside the public frame, which provides the query client the confirmation's mutation needs. */
function Confirmation({ kind }: { kind: RightsKind }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const signedIn = useSessionState().status === 'authenticated';
  const confirm = useConfirmRightMutation();
  // The token works once: confirm it once, even when the effect runs twice (development's StrictMode).
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current || token.length < 10) return;
    sent.current = true;
    confirm.mutate(
      { kind, token },
      {
        onError: (error) => {
          if (!hasErrorCode(error, 'invalid_token', 'validation_failed'))
            handleError(error, ERROR_SITE.confirm);
        },
      },
    );
  }, [confirm, kind, token]);

  if (token.length < 10) return <LinkUnusable kind={kind} text={t('rights.confirm.missing')} />;
  if (confirm.data) return <RequestResult request={confirm.data} signedIn={signedIn} />;
  if (confirm.isError) return <LinkUnusable kind={kind} text={t('rights.confirm.invalid')} />;
  return (
    <Stack align="center" py="xl" role="status">
      <Loader />
      <Text>{t('rights.confirm.working')}</Text>
    </Stack>
  );
}

export function RightsConfirmPage({ kind }: { kind: RightsKind }) {
  const { t } = useTranslation();
  return (
    <PublicFrame>
      <Stack gap="lg" maw={760} mx="auto">
        <Title order={1} fz={{ base: 26, sm: 30 }}>
          {t(`rights.${kind}.title`)}
        </Title>
        <Confirmation kind={kind} />
      </Stack>
    </PublicFrame>
  );
}

export const WithdrawalConfirmPage = () => <RightsConfirmPage kind="withdrawal" />;
export const BajaConfirmPage = () => <RightsConfirmPage kind="baja" />;
