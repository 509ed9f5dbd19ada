/**
 * POST /auth/register: with a password, 202 and a message (the account waits for the code mailed to the
 * address); completing a social sign-in, 201 and a session token at once. POST /auth/register/confirm
 * turns the code into the session; POST /auth/register/resend mails a new code. All carry the device id.
 */
import {
  MessageResponseSchema,
  type RegisterBody,
  type RegisterConfirmBody,
  type RegisterResendBody,
  type TokenResponse,
  TokenResponseSchema,
} from '@cubierto/contracts';
import { api } from '../../../shared/api/client.ts';
import { deviceHeaders } from '../../../shared/storage/device-id.ts';

export type RegistrationStart =
  | { kind: 'code-sent'; message: string }
  | { kind: 'session'; token: TokenResponse };

export async function registerCustomer(body: RegisterBody): Promise<RegistrationStart> {
  const answer = await api.post('/auth/register', body, { headers: await deviceHeaders() });
  const token = TokenResponseSchema.safeParse(answer);
  if (token.success) return { kind: 'session', token: token.data };
  return { kind: 'code-sent', message: MessageResponseSchema.parse(answer).message };
}

export async function confirmRegistration(body: RegisterConfirmBody): Promise<TokenResponse> {
  return TokenResponseSchema.parse(
    await api.post('/auth/register/confirm', body, { headers: await deviceHeaders() }),
  );
}

export async function resendRegistrationCode(body: RegisterResendBody): Promise<string> {
  return MessageResponseSchema.parse(
    await api.post('/auth/register/resend', body, { headers: await deviceHeaders() }),
  ).message;
}
