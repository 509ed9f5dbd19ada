/**
 * Where to go after signing in: a signed-in page opened while signed out (a payment return such as
 * /tabs?status=approved&external_reference=…, a notification's link, a deep link) is remembered for this
 * tab when the shell sends the visitor to login, and signing in ends there instead of on the home. Only
 * paths of this app are kept (no other origin, never login itself); signing out forgets it.
 */
const KEY = 'cubierto.afterLogin';

/**
 * The parameters of a social provider's answer (spec §2 "Payment return links": code, state,
 * access_token). They prove nothing alone: the login page uses them only when `state` is the one this
 * browser stored when it left for the provider (DOMAIN.md "Return links"), and they are never remembered
 * for after a sign-in nor kept in the address.
 */
export const SIGN_IN_RETURN_PARAMS = ['code', 'state', 'access_token', 'id_token'] as const;

/** Whether a return link carries a provider's answer (a `state` with a code or token). */
export function carriesSignInAnswer(search: string, hash = ''): boolean {
  const query = new URLSearchParams(search);
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  const has = (name: string) => query.has(name) || fragment.has(name);
  return has('state') && (has('code') || has('access_token') || has('id_token'));
}

/** A path without a provider's answer (query and fragment). */
export function withoutSignInAnswer(path: string): string {
  const url = new URL(path, 'http://app.invalid');
  for (const name of SIGN_IN_RETURN_PARAMS) url.searchParams.delete(name);
  const fragment = new URLSearchParams(url.hash.replace(/^#/, ''));
  if (SIGN_IN_RETURN_PARAMS.some((name) => fragment.has(name))) url.hash = '';
  return `${url.pathname}${url.search}${url.hash}`;
}

function isInAppPath(path: string): boolean {
  return (
    path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\') && !path.startsWith('/login')
  );
}

function session(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    // Storage refused (private mode, policy): the visitor simply lands on the home.
    return undefined;
  }
}

let signingOut = false;

export function rememberAfterLogin(path: string): void {
  if (!isInAppPath(path)) return;
  const kept = withoutSignInAnswer(path);
  if (!signingOut && kept !== '/tabs') session()?.setItem(KEY, kept);
}

/** The remembered path, once: it is forgotten as it is read. */
export function takeAfterLogin(): string | null {
  const store = session();
  const path = store?.getItem(KEY) ?? null;
  store?.removeItem(KEY);
  return path && isInAppPath(path) ? path : null;
}

/** While signing out, the page being left is not remembered: the next sign-in starts at the home. */
export function signingOutFrom(active: boolean): void {
  signingOut = active;
  session()?.removeItem(KEY);
}
