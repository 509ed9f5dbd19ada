/** POST /auth/login: e-mail and password → a session token. */
import { type LoginBody, type TokenResponse, TokenResponseSchema } from '@cubierto/contracts';
import { api } from '../../../shared/api/client.ts';

export async function loginWithPassword(body: LoginBody): Promise<TokenResponse> {
  return TokenResponseSchema.parse(await api.post('/auth/login', body));
}
