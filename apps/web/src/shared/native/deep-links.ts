/**
 * Deep links of the hybrid apps (spec §2 "Payment return links", §4, §9): the app's own scheme
 * (`cubierto://tabs?status=approved&…`) and universal links to the public site
 * (`https://cubierto.com.ar/tabs?…`) open the same in-app path with the same query, so a checkout's
 * return or a notification's link goes through the handling the web already has (the payment return on
 * /tabs, the notification route). Handling waits 500 ms, as the spec says. Other hosts are ignored.
 */
import type { AppPlugin } from '@capacitor/app';
import { PUBLIC_SITE } from './public-site.ts';

export const APP_SCHEME = 'cubierto';
export { PUBLIC_SITE };
/** The public site's hosts whose links the app claims (assetlinks.json / apple-app-site-association). */
export const PUBLIC_HOSTS: readonly string[] = [
  ...new Set([new URL(PUBLIC_SITE).host, 'cubierto.com.ar', 'www.cubierto.com.ar']),
];
export const DEEP_LINK_DELAY_MS = 500;

/** The in-app path (with query and hash) a link opens, or null when the link is not ours. */
export function deepLinkPath(link: string, publicHosts: readonly string[]): string | null {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  let path: string;
  if (url.protocol === `${APP_SCHEME}:`) {
    // cubierto://tabs?x → host 'tabs', path ''; cubierto:///tabs?x → host '', path '/tabs'.
    path = `/${[url.host, url.pathname.replace(/^\/+/, '')].filter(Boolean).join('/')}`;
  } else if (url.protocol === 'https:' && publicHosts.includes(url.host)) {
    path = url.pathname || '/';
  } else {
    return null;
  }
  if (path.startsWith('//')) return null;
  return `${path}${url.search}${url.hash}`;
}

export type DeepLinkDeps = {
  app: Pick<AppPlugin, 'addListener'>;
  navigate: (to: string) => void | Promise<void>;
  publicHosts: readonly string[];
  delayMs?: number;
  /** Closes the in-app browser a checkout or a sign-in opened, now that its return came back. */
  closeBrowser?: () => Promise<void>;
};

/** Opens every link the app is asked to open (cold start included). Resolves to a stop function. */
export async function listenForDeepLinks(deps: DeepLinkDeps): Promise<() => Promise<void>> {
  const handle = await deps.app.addListener('appUrlOpen', ({ url }) => {
    const path = deepLinkPath(url, deps.publicHosts);
    if (path === null) return;
    void deps.closeBrowser?.().catch(() => undefined);
    setTimeout(() => void deps.navigate(path), deps.delayMs ?? DEEP_LINK_DELAY_MS);
  });
  return () => handle.remove();
}
