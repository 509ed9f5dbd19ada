/**
 * What the login form needs beyond its first paint: its validation schema and its submit. Loaded when the
 * user starts filling the form in (see login-page), together with zod and the contracts they use.
 */
import type { LoginBody } from '@cubierto/contracts';
import { loginWithPassword } from './api/login.ts';
import { completeSignIn } from './complete-sign-in.ts';

export { LoginBodySchema } from '@cubierto/contracts';

export async function submitLogin(values: LoginBody, navigate: (to: string) => void): Promise<void> {
  const token = await loginWithPassword(values);
  await completeSignIn(token, navigate);
}
