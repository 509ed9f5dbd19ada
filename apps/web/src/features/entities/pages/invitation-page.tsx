/**
 * /business-invitation?token=…: the link a business owner's invitation e-mail carries. Signed out, the
 * shell remembers it and sends the visitor to sign in or sign up; signed in, it is accepted at once and
 * the business opens. A link for another e-mail, spent or expired says so in the API's words.
 */
import { Alert, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { hasErrorCode } from '../../../shared/api/api-error.ts';
import { showToast } from '../../../shared/toasts/toasts.tsx';
import { IconAlert } from '../../../shared/ui/icons.tsx';
import { useAcceptInvitationMutation } from '../api/accept-invitation.ts';

type State = { kind: 'accepting' } | { kind: 'failed'; message: string; retry: boolean };

export function InvitationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { mutateAsync: acceptInvitation } = useAcceptInvitationMutation();
  const token = useSearchParams()[0].get('token') ?? '';
  const [state, setState] = useState<State>(
    token
      ? { kind: 'accepting' }
      : { kind: 'failed', message: t('business.invitation.missing'), retry: false },
  );
  const started = useRef<string | null>(null);

  const accept = useCallback(async () => {
    setState({ kind: 'accepting' });
    try {
      const detail = await acceptInvitation(token);
      showToast({
        type: 'success',
        message: t('business.invitation.joined', { entity: detail.name }),
        duration: 4000,
      });
      navigate(`/business-center/business/${detail.id}`, { replace: true });
    } catch (error) {
      // The API's own words for a refused link (another account's, spent, expired); a lost connection or
      // a server error can be tried again.
      const refused = hasErrorCode(
        error,
        'invalid_token',
        'forbidden',
        'not_found',
        'entity_limit_reached',
        'validation_failed',
      );
      setState({
        kind: 'failed',
        message: refused ? error.message : t('business.invitation.unreachable'),
        retry: !refused,
      });
    }
  }, [acceptInvitation, navigate, t, token]);

  useEffect(() => {
    // Once per link, even when React runs effects twice.
    if (!token || started.current === token) return;
    started.current = token;
    void accept();
  }, [accept, token]);

  return (
    <Stack gap="lg" maw={560}>
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        {t('business.invitation.title')}
      </Title>
      {state.kind === 'accepting' ? (
        <Center py="xl" role="status">
          <Stack align="center" gap="sm">
            <Loader />
            <Text>{t('business.invitation.accepting')}</Text>
          </Stack>
        </Center>
      ) : (
        <Alert
          color="red.9"
          variant="light"
          icon={<IconAlert />}
          title={t('business.invitation.failed')}
          role="alert"
        >
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{state.message}</Text>
            <Group gap="sm">
              {state.retry && (
                <Button size="xs" variant="light" color="red.9" onClick={() => void accept()}>
                  {t('business.invitation.retry')}
                </Button>
              )}
              <Button size="xs" variant="subtle" onClick={() => navigate('/tabs')}>
                {t('business.invitation.home')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}
