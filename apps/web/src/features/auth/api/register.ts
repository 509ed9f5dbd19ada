/** POST /auth/register: a new customer (optionally completing a social sign-in) → a session token. */
import { type RegisterBody, type TokenResponse, TokenResponseSchema } from '@cubierto/contracts';
import { api } from '../../../shared/api/client.ts';

export async function registerCustomer(body: RegisterBody): Promise<TokenResponse> {
  return TokenResponseSchema.parse(await api.post('/auth/register', body));
}
