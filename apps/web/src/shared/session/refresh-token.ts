/** GET /auth/refresh: a new token for the same user; the old one stops working at once. */
import { type TokenResponse, TokenResponseSchema } from '@cubierto/contracts';
import { api } from '../api/client.ts';

export async function refreshToken(): Promise<TokenResponse> {
  return TokenResponseSchema.parse(await api.get('/auth/refresh'));
}
