/**
 * Finishes a social sign-in with the provider's answer: exchanges Facebook's code, asks the API for a
 * session and either signs in or keeps the pending registration data and goes to register (spec §3, §7).
 */
import type { SocialProvider } from '@cubierto/contracts';
import { t } from '../../../shared/i18n/i18n.ts';
import { StorageKey, storage } from '../../../shared/storage/storage.ts';
import { showToast } from '../../../shared/toasts/toasts.tsx';
import { exchangeFacebookCode, loginWithSocial } from '../api/social-login.ts';
import { completeSignIn } from '../complete-sign-in.ts';
import { pendingRegistration } from '../pending-registration.ts';
import { type SocialReturn, socialRedirectUri } from './social-redirect.ts';

/** A provider's answer: the web flow's ID token or Facebook code, or a native sign-in's token. */
export type SocialAnswer =
  | Exclude<SocialReturn, { error: string }>
  | { provider: SocialProvider; token: string };

export async function finishSocialSignIn(
  answer: SocialAnswer,
  navigate: (to: string) => void,
): Promise<void> {
  const socialToken =
    'code' in answer
      ? await exchangeFacebookCode(answer.code, socialRedirectUri())
      : 'token' in answer
        ? answer.token
        : answer.idToken;
  const result = await loginWithSocial({ social: answer.provider, social_token: socialToken });
  if (result.kind === 'session') {
    // Remembered for the sign-out, which signs out of Google too (spec §4).
    await storage.set(StorageKey.signedInWith, answer.provider);
    if (!(await completeSignIn(result.token, navigate))) await storage.remove(StorageKey.signedInWith);
    return;
  }
  await pendingRegistration.save({ email: result.email, social: answer.provider, social_token: socialToken });
  showToast({ type: 'info', message: result.message || t('register.pendingTitle') });
  navigate('/register');
}
