/** GET /auth/user: who the new token belongs to, loaded right after signing in. */
import type { User } from '@cubierto/contracts';
import { api } from '../../../shared/api/client.ts';
import { parseUserAnswer } from '../../../shared/session/current-user.ts';

export async function fetchAuthUser(): Promise<User> {
  return parseUserAnswer(await api.get('/auth/user'));
}
