/** POST /auth/login: e-mail and password (and the device id) → a session token. */
import { type LoginBody, type TokenResponse, TokenResponseSchema } from '@cubierto/contracts';
import { api } from '../../../shared/api/client.ts';
import { deviceHeaders } from '../../../shared/storage/device-id.ts';

/** With the device id: a device the account knows gets in with the right password even while locked. */
export async function loginWithPassword(body: LoginBody): Promise<TokenResponse> {
  return TokenResponseSchema.parse(await api.post('/auth/login', body, { headers: await deviceHeaders() }));
}
