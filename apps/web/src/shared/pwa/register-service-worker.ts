/**
 * The service worker (public/sw.js) is registered for every visitor of the production build, so the app
 * shell is stored for offline use from the first visit (docs/decisions/015); Web Push uses the same
 * registration. Not in development, where Vite serves unbundled modules.
 *
 * Its install downloads the whole shell (every customer chunk), which must not compete with the first
 * page for the network and the main thread: registration waits for the page's `load` and then for the
 * browser to be idle (requestIdleCallback, at most IDLE_TIMEOUT_MS; a plain timer where there is none).
 */
export const SERVICE_WORKER_URL = '/sw.js';
/** The longest registration waits for an idle moment after `load`. */
export const IDLE_TIMEOUT_MS = 5_000;

type IdleWindow = { requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number };

/** Runs `task` once the page has loaded and the browser is idle. */
export function whenIdleAfterLoad(task: () => void, win: Window & IdleWindow = window): void {
  const idle = () => {
    if (typeof win.requestIdleCallback === 'function')
      win.requestIdleCallback(task, { timeout: IDLE_TIMEOUT_MS });
    else win.setTimeout(task, 1_000);
  };
  if (win.document.readyState === 'complete') idle();
  else win.addEventListener('load', idle, { once: true });
}

export function registerServiceWorker(production = import.meta.env.PROD): void {
  if (!production || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  whenIdleAfterLoad(() => {
    navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' }).catch(() => {
      // Private windows and some embedded browsers refuse: the app works without it.
    });
  });
}
