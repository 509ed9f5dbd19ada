/**
 * POST /auth/social (no credentials, spec §7): a provider token → a session, or, for an e-mail without an
 * account, `{ email, message }` so registration can be completed. GET /auth/facebook/exchange turns
 * Facebook's redirect code into an access token first.
 */
import {
  FacebookExchangeAnswerSchema,
  SocialLoginAnswerSchema,
  type SocialLoginBody,
  type TokenResponse,
} from '@cubierto/contracts';
import { api } from '../../../shared/api/client.ts';
import { deviceHeaders } from '../../../shared/storage/device-id.ts';

export type SocialLoginResult =
  | { kind: 'session'; token: TokenResponse }
  | { kind: 'unregistered'; email: string; message: string };

export async function loginWithSocial(body: SocialLoginBody): Promise<SocialLoginResult> {
  const { data } = SocialLoginAnswerSchema.parse(
    await api.post('/auth/social', body, { auth: false, headers: await deviceHeaders() }),
  );
  return 'access_token' in data
    ? { kind: 'session', token: data }
    : { kind: 'unregistered', email: data.email, message: data.message };
}

export async function exchangeFacebookCode(code: string, redirectUri: string): Promise<string> {
  const answer = await api.get('/auth/facebook/exchange', {
    query: { code, redirect_uri: redirectUri },
    auth: false,
  });
  return FacebookExchangeAnswerSchema.parse(answer).data.access_token;
}
