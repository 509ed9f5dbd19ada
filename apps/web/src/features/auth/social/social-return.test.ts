/**
 * A provider's answer in a return link (spec §2 "Payment return links": code, state, access_token) and
 * the social session it starts: only with this browser's own state, and remembered as a Google session
 * for the sign-out (spec §4).
 */
import { describe, expect, it, vi } from 'vitest';
import { demoUser, mockApi, tokenAnswer } from '../../../../test/api-mock.ts';
import { StorageKey, storage } from '../../../shared/storage/storage.ts';
import { finishSocialSignIn } from './finish-social-sign-in.ts';
import { readSocialReturn } from './social-redirect.ts';

const pending = (provider: 'google' | 'facebook', state = 'state-of-this-browser') =>
  storage.set(StorageKey.socialState, { state, nonce: 'n', provider });

describe("a return link's access_token, code and state", () => {
  it("takes Facebook's access_token only with this browser's state, as a token the API checks", async () => {
    await pending('facebook');
    await expect(
      readSocialReturn('', '#access_token=fb-user-token&state=state-of-this-browser'),
    ).resolves.toEqual({ provider: 'facebook', token: 'fb-user-token' });
    // The state is spent: the same link again is nothing.
    await expect(
      readSocialReturn('', '#access_token=fb-user-token&state=state-of-this-browser'),
    ).resolves.toBeNull();

    await pending('facebook');
    await expect(readSocialReturn('?access_token=someone-elses&state=forged', '')).resolves.toBeNull();
    expect(await storage.get(StorageKey.socialState)).toBeNull();
  });

  it('never signs in with an access_token alone or one answering a Google request', async () => {
    await expect(readSocialReturn('?access_token=t', '')).resolves.toBeNull();
    await pending('google');
    await expect(readSocialReturn('?access_token=t&state=state-of-this-browser', '')).resolves.toBeNull();
  });

  it('a code with its state is Facebook’s code, exchanged by the API', async () => {
    await pending('facebook');
    await expect(readSocialReturn('?code=fb-code&state=state-of-this-browser', '')).resolves.toEqual({
      provider: 'facebook',
      code: 'fb-code',
    });
  });

  it('sends the Facebook token to POST /auth/social and remembers which provider the session came from', async () => {
    const api = mockApi({
      'POST /auth/social': { body: { data: tokenAnswer('social-session') } },
      'GET /auth/user': { body: { data: demoUser } },
    });
    const navigate = vi.fn();
    await finishSocialSignIn({ provider: 'facebook', token: 'fb-user-token' }, navigate);
    const [sent] = api.callsTo('POST', '/auth/social');
    expect(JSON.parse(String(sent?.body))).toEqual({ social: 'facebook', social_token: 'fb-user-token' });
    expect(await storage.get(StorageKey.token)).toBe('social-session');
    expect(await storage.get(StorageKey.signedInWith)).toBe('facebook');

    await finishSocialSignIn({ provider: 'google', idToken: 'google.jwt' }, navigate);
    expect(await storage.get(StorageKey.signedInWith)).toBe('google');
  });
});
