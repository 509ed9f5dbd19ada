/**
 * Test mode (spec §9): when the API says so, /login signs in at once with the mock Apple sign-in (the
 * demo customer) under 'Iniciando sesión...'. Once per page load, so signing out stays possible; never
 * over a provider's answer in the URL. The configuration is the one the social buttons already fetch.
 */
import { TEST_MODE_APPLE_TOKEN } from '@cubierto/contracts';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { handleError } from '../../../shared/errors/error-handler.tsx';
import { t } from '../../../shared/i18n/i18n.ts';
import { showLoading } from '../../../shared/loading/loading.ts';

let tried = false;

export async function signInForTestMode(navigate: (to: string) => void): Promise<boolean> {
  const { getAppConfig } = await import('../../../shared/config/app-config.ts');
  const config = await getAppConfig().catch(() => null);
  if (!config?.test_mode) return false;
  const hide = showLoading(t('loading.signingIn'));
  try {
    const { finishSocialSignIn } = await import('./finish-social-sign-in.ts');
    await finishSocialSignIn({ provider: 'apple', idToken: TEST_MODE_APPLE_TOKEN }, navigate);
    return true;
  } catch (error) {
    handleError(error, 1);
    return false;
  } finally {
    hide();
  }
}

export function useTestModeSignIn(): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (tried || window.location.search || window.location.hash) return;
    tried = true;
    void signInForTestMode((to) => navigate(to, { replace: true }));
  }, [navigate]);
}
