import { afterEach, describe, expect, it } from 'vitest';
import { rememberAfterLogin, signingOutFrom, takeAfterLogin } from './after-login.ts';

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
