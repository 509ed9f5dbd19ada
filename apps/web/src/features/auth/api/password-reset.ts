/** POST /auth/forgot-password (always answers 200) and POST /auth/reset-password (422 invalid_token). */
import { type ForgotPasswordBody, MessageResponseSchema, type ResetPasswordBody } from '@cubierto/contracts';
import { api } from '../../../shared/api/client.ts';

export async function requestPasswordReset(body: ForgotPasswordBody): Promise<string> {
  return MessageResponseSchema.parse(await api.post('/auth/forgot-password', body)).message;
}

export async function resetPassword(body: ResetPasswordBody): Promise<string> {
  return MessageResponseSchema.parse(await api.post('/auth/reset-password', body)).message;
}
