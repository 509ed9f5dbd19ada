/**
 * What every way of signing in ends with: keep the token, load the user (a failure there is error 2 and
 * leaves the user on login, spec §8), recover the context, say 'Inicio de sesión correcto' for 3 s and go
 * home, or to the signed-in page the visitor had opened while signed out (a payment return …).
 */
import type { TokenResponse } from '@cubierto/contracts';
import { handleError } from '../../shared/errors/error-handler.tsx';
import { t } from '../../shared/i18n/i18n.ts';
import { takeAfterLogin } from '../../shared/session/after-login.ts';
import { recoverContext } from '../../shared/session/context.ts';
import { storeUser } from '../../shared/session/current-user.ts';
import { endSession, saveSession } from '../../shared/session/session-store.ts';
import { StorageKey, storage } from '../../shared/storage/storage.ts';
import { showToast } from '../../shared/toasts/toasts.tsx';
import { fetchAuthUser } from './api/auth-user.ts';

export const SIGNED_IN_TOAST_MS = 3_000;

export async function completeSignIn(token: TokenResponse, navigate: (to: string) => void): Promise<boolean> {
  await storage.set(StorageKey.token, token.access_token);
  try {
    const user = await fetchAuthUser();
    await storeUser(user);
    await saveSession(token);
  } catch (error) {
    handleError(error, 2);
    await storage.remove(StorageKey.token, StorageKey.renewOn, StorageKey.user);
    endSession();
    navigate('/login');
    return false;
  }
  recoverContext().catch(() => {
    // Retried at the next start; calls go without Context-Id meanwhile.
  });
  showToast({ type: 'success', message: t('login.success'), duration: SIGNED_IN_TOAST_MS });
  navigate(takeAfterLogin() ?? '/tabs');
  return true;
}
