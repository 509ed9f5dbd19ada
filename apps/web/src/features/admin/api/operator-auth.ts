/** Operator sign-in: the password step, the second factor (TOTP or recovery code), sign-out. */
import type {
  OperatorChallenge,
  OperatorLoginBody,
  OperatorSecondFactorBody,
  OperatorToken,
} from '@cubierto/contracts';
import { adminApi } from './admin-client.ts';
import { clearOperatorSession, saveOperatorSession } from './operator-session.ts';

export async function startOperatorLogin(body: OperatorLoginBody): Promise<OperatorChallenge> {
  return (await adminApi.post<{ data: OperatorChallenge }>('/admin/auth/login', body)).data;
}

/** Keeps the session; answers the recovery codes when this was the enrolment (shown once). */
export async function completeOperatorLogin(body: OperatorSecondFactorBody): Promise<string[]> {
  const token = await adminApi.post<OperatorToken>('/admin/auth/second-factor', body);
  saveOperatorSession(token.access_token, token.expires_at);
  return token.recovery_codes ?? [];
}

export async function signOutOperator(): Promise<void> {
  try {
    await adminApi.post('/admin/auth/logout');
  } finally {
    clearOperatorSession();
  }
}
