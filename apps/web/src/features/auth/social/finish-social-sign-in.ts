/**
 * Finishes a social sign-in with the provider's answer: exchanges Facebook's code, asks the API for a
 * session and either signs in or keeps the pending registration data and goes to register (spec §3, §7).
 */
import { t } from '../../../shared/i18n/i18n.ts';
import { showToast } from '../../../shared/toasts/toasts.tsx';
import { exchangeFacebookCode, loginWithSocial } from '../api/social-login.ts';
import { completeSignIn } from '../complete-sign-in.ts';
import { pendingRegistration } from '../pending-registration.ts';
import { type SocialReturn, socialRedirectUri } from './social-redirect.ts';

export async function finishSocialSignIn(
  answer: Exclude<SocialReturn, { error: string }>,
  navigate: (to: string) => void,
): Promise<void> {
  const socialToken =
    'code' in answer ? await exchangeFacebookCode(answer.code, socialRedirectUri()) : answer.idToken;
  const result = await loginWithSocial({ social: answer.provider, social_token: socialToken });
  if (result.kind === 'session') {
    await completeSignIn(result.token, navigate);
    return;
  }
  await pendingRegistration.save({ email: result.email, social: answer.provider, social_token: socialToken });
  showToast({ type: 'info', message: result.message || t('register.pendingTitle') });
  navigate('/register');
}
