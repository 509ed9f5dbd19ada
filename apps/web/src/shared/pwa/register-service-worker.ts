/**
 * The service worker (public/sw.js) is registered for every visitor of the production build once the
 * page has loaded, so the app shell is stored for offline use from the first visit (docs/decisions/015);
 * Web Push uses the same registration. Not in development, where Vite serves unbundled modules.
 */
export const SERVICE_WORKER_URL = '/sw.js';

export function registerServiceWorker(production = import.meta.env.PROD): void {
  if (!production || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' }).catch(() => {
      // Private windows and some embedded browsers refuse: the app works without it.
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
