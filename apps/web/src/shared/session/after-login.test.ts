import { afterEach, describe, expect, it } from 'vitest';
import {
  carriesSignInAnswer,
  rememberAfterLogin,
  signingOutFrom,
  takeAfterLogin,
  withoutSignInAnswer,
} from './after-login.ts';

afterEach(() => window.sessionStorage.clear());

describe('where signing in ends', () => {
  it('a page opened while signed out, with its query string, once', () => {
    rememberAfterLogin('/tabs?status=approved&external_reference=abc123');
    expect(takeAfterLogin()).toBe('/tabs?status=approved&external_reference=abc123');
    expect(takeAfterLogin()).toBeNull();
  });

  it('never another origin, login itself or the plain home', () => {
    for (const path of [
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example',
      '/login?x=1',
      '/tabs',
    ]) {
      rememberAfterLogin(path);
      expect(takeAfterLogin()).toBeNull();
    }
  });

  it('not the page being left when signing out', () => {
    signingOutFrom(true);
    rememberAfterLogin('/customers/insurances/5');
    signingOutFrom(false);
    expect(takeAfterLogin()).toBeNull();
  });
});

describe('return links with a provider answer (spec §2)', () => {
  it('remembers a payment return opened while signed out, without a provider answer in it', () => {
    rememberAfterLogin('/tabs?status=approved&insurance_id=3&code=c&state=s&access_token=t');
    expect(takeAfterLogin()).toBe('/tabs?status=approved&insurance_id=3');
    rememberAfterLogin('/tabs?code=c&state=s');
    expect(takeAfterLogin()).toBeNull();
  });

  it('tells a provider answer (state with a code or a token) from other parameters', () => {
    expect(carriesSignInAnswer('?code=c&state=s')).toBe(true);
    expect(carriesSignInAnswer('', '#access_token=t&state=s')).toBe(true);
    expect(carriesSignInAnswer('?access_token=t')).toBe(false);
    expect(carriesSignInAnswer('?status=approved&state=s')).toBe(false);
    expect(withoutSignInAnswer('/tabs?x=1#access_token=t&state=s')).toBe('/tabs?x=1');
  });
});
