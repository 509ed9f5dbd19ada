/**
 * POST /auth/social (no credentials, spec §7): a provider token → a session, or, for an e-mail without an
 * account, `{ email, message }` so registration can be completed. GET /auth/facebook/exchange turns
 * Facebook's redirect code into an access token first.
 */
import {
  type SocialLoginBody,
  SocialUnregisteredSchema,
  type TokenResponse,
  TokenResponseSchema,
} from '@cubierto/contracts';
import { z } from 'zod';
import { api } from '../../../shared/api/client.ts';
import { deviceHeaders } from '../../../shared/storage/device-id.ts';

const SocialAnswerSchema = z.object({ data: z.union([TokenResponseSchema, SocialUnregisteredSchema]) });

export type SocialLoginResult =
  | { kind: 'session'; token: TokenResponse }
  | { kind: 'unregistered'; email: string; message: string };

export async function loginWithSocial(body: SocialLoginBody): Promise<SocialLoginResult> {
  const { data } = SocialAnswerSchema.parse(
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
  return z.object({ data: z.object({ access_token: z.string() }) }).parse(answer).data.access_token;
}
