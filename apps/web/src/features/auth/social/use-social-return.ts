/**
 * When /login opens with a provider's answer in its URL, finishes that social sign-in. Failures go to the
 * central handler with code 1 (spec §8). The finishing code loads only when there is an answer.
 */
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { handleError } from '../../../shared/errors/error-handler.tsx';
import { t } from '../../../shared/i18n/i18n.ts';
import { showLoading } from '../../../shared/loading/loading.ts';
import { carriesSignInAnswer } from '../../../shared/session/after-login.ts';
import { showToast } from '../../../shared/toasts/toasts.tsx';
import { readSocialReturn } from './social-redirect.ts';

let handledUrl: string | null = null;

export function useSocialReturn(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const { search, hash, href } = window.location;
    if (!search && !hash) return;
    // Strict mode runs effects twice; a provider's answer is used once.
    if (handledUrl === href) return;
    handledUrl = href;
    void (async () => {
      const answer = await readSocialReturn(search, hash);
      // A provider's answer leaves the address whether or not it was ours (its state did not match).
      if (answer || carriesSignInAnswer(search, hash)) window.history.replaceState(null, '', '/login');
      if (!answer) return;
      if ('error' in answer) {
        showToast({ type: 'warning', message: t('social.cancelled') });
        return;
      }
      const hide = showLoading(t('loading.signingIn'));
      try {
        const { finishSocialSignIn } = await import('./finish-social-sign-in.ts');
        await finishSocialSignIn(answer, (to) => navigate(to, { replace: true }));
      } catch (error) {
        handleError(error, 1);
      } finally {
        hide();
      }
    })();
  }, [navigate]);
}
