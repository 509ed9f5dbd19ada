/** Operator sign-in: the password step, the second factor (TOTP or recovery code), sign-out. */
import {
  dataOf,
  type OperatorChallenge,
  OperatorChallengeSchema,
  type OperatorLoginBody,
  type OperatorSecondFactorBody,
  OperatorTokenSchema,
} from '@cubierto/contracts';
import { adminApi } from './admin-client.ts';
import { clearOperatorSession, saveOperatorSession } from './operator-session.ts';

export async function startOperatorLogin(body: OperatorLoginBody): Promise<OperatorChallenge> {
  return (await adminApi.post(dataOf(OperatorChallengeSchema), '/admin/auth/login', body)).data;
}

/** Keeps the session; answers the recovery codes when this was the enrolment (shown once). */
export async function completeOperatorLogin(body: OperatorSecondFactorBody): Promise<string[]> {
  const token = await adminApi.post(OperatorTokenSchema, '/admin/auth/second-factor', body);
  saveOperatorSession(token.access_token, token.expires_at);
  return token.recovery_codes ?? [];
}

export async function signOutOperator(): Promise<void> {
  try {
    await adminApi.send('POST', '/admin/auth/logout');
  } finally {
    clearOperatorSession();
  }
}
