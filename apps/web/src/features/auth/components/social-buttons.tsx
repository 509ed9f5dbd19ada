/**
 * Social sign-in buttons, only for the providers the active app version enables (spec §7 app-version
 * `social`). When the version lookup fails there are simply no buttons. In the Android and iOS apps the
 * providers' native dialogs sign in (social/native-social.ts); on the web, their redirect flows.
 */
import type { SocialProvider } from '@cubierto/contracts';
import { Button, Divider, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLatestAppVersion } from '../../../shared/config/app-version.ts';
import { handleError } from '../../../shared/errors/error-handler.tsx';
import { t as translate } from '../../../shared/i18n/i18n.ts';
import { showLoading } from '../../../shared/loading/loading.ts';
import { platformName } from '../../../shared/native/platform.ts';
import { showToast } from '../../../shared/toasts/toasts.tsx';
import { clientIdOf, startSocialSignIn } from '../social/social-redirect.ts';
import classes from './social-buttons.module.css';
import { AppleMark, FacebookMark, GoogleMark } from './social-icons.tsx';

const providers: { id: SocialProvider; mark: ReactNode; className: string | undefined }[] = [
  { id: 'google', mark: <GoogleMark />, className: classes.google },
  { id: 'facebook', mark: <FacebookMark />, className: classes.facebook },
  { id: 'apple', mark: <AppleMark />, className: classes.apple },
];

async function begin(
  provider: SocialProvider,
  unavailableMessage: string,
  navigate: (to: string) => void,
): Promise<void> {
  try {
    const { getAppConfig } = await import('../../../shared/config/app-config.ts');
    const config = await getAppConfig();
    const clientId = clientIdOf(provider, config);
    if (!clientId) {
      showToast({ type: 'warning', message: unavailableMessage });
      return;
    }
    const platform = platformName();
    const native = await import('../social/native-social.ts');
    if (!native.signsInNatively(provider, platform)) {
      await startSocialSignIn(provider, clientId);
      return;
    }
    const token = await native.nativeSocialToken(provider, config, {
      plugin: await native.nativeSocialPlugin(),
      platform,
    });
    if (!token) return;
    const hide = showLoading(translate('loading.signingIn'));
    try {
      const { finishSocialSignIn } = await import('../social/finish-social-sign-in.ts');
      await finishSocialSignIn({ provider, token }, navigate);
    } finally {
      hide();
    }
  } catch (error) {
    handleError(error, 1);
  }
}

export function SocialButtons() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const version = useLatestAppVersion();
  const enabled = providers.filter((provider) => version?.social[provider.id]);
  if (enabled.length === 0) return null;
  return (
    <Stack gap="sm">
      <Divider label={t('login.orContinueWith')} labelPosition="center" />
      {enabled.map((provider) => (
        <Button
          key={provider.id}
          variant="default"
          size="md"
          fullWidth
          leftSection={provider.mark}
          className={provider.className}
          onClick={() =>
            void begin(
              provider.id,
              t('social.unavailable', { provider: t(`social.providers.${provider.id}`) }),
              (to) => navigate(to, { replace: true }),
            )
          }
        >
          {t(`social.continueWith.${provider.id}`)}
        </Button>
      ))}
    </Stack>
  );
}
