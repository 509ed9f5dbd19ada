/**
 * Where to go after signing in: a signed-in page opened while signed out (a payment return such as
 * /tabs?status=approved&external_reference=…, a notification's link, a deep link) is remembered for this
 * tab when the shell sends the visitor to login, and signing in ends there instead of on the home. Only
 * paths of this app are kept (no other origin, never login itself); signing out forgets it.
 */
const KEY = 'cubierto.afterLogin';

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
  if (!signingOut && isInAppPath(path) && path !== '/tabs') session()?.setItem(KEY, path);
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
