/**
 * The service worker of Cubierto's web app.
 *
 * Offline (docs/decisions/015-pwa-and-offline-certificates.md): at install it stores the app shell (the
 * build writes the list of files below, with a revision for each file whose name is not hashed, so every
 * build that changes one of them is a new worker); pages are fetched from the network first and fall back
 * to the stored index.html, hashed assets come from the cache first. It never touches the API: the
 * customer's in-force certificates are stored by the page itself (Cache Storage, cleared at sign-out).
 *
 * Web Push: a push carries { title, body, notification_user_id, url } (encrypted by the API with this
 * browser's keys); it is shown as a system notification, and open pages hear of it so their unread count
 * refreshes at once. Tapping the notification opens (or focuses) the app at `url`, the notification's
 * route, which marks it read and leads to what it is about.
 */

/** [url, revision | null] of the app shell; written by the build (apps/web/build-precache.ts). */
const PRECACHE = /*__CUBIERTO_PRECACHE__*/ [];
const PRECACHE_VERSION = /*__CUBIERTO_PRECACHE_VERSION__*/ 'dev';
const SHELL_CACHE = `cubierto-shell-${PRECACHE_VERSION}`;
/** Hashed assets met at run time (the back office's chunks, for instance): they never change. */
const ASSETS_CACHE = 'cubierto-assets';
/** A page request that takes longer falls back to the stored shell (a weak signal on the road). */
const NAVIGATION_TIMEOUT_MS = 4000;
/** Served by the server itself, not by the web app: never answered with the app's index.html. */
const SERVER_PAGES = /^\/(api|sandbox|docs)(\/|$)/;
const HASHED_ASSET = /^\/assets\/.+-[\w-]{8,}\.(js|css|svg|png|webp|woff2?)$/;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) =>
        // `reload`: the worker's own copy comes from the server, not from the browser's HTTP cache.
        cache.addAll(PRECACHE.map(([url]) => new Request(url, { cache: 'reload' }))),
      )
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys
            .filter((key) => key.startsWith('cubierto-shell-') && key !== SHELL_CACHE)
            .map((key) => caches.delete(key)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

function fromShell(request) {
  return caches.open(SHELL_CACHE).then((cache) => cache.match(request, { ignoreSearch: true }));
}

/** The network, unless it fails or takes too long: then the stored index.html (the SPA routes itself). */
async function navigation(request) {
  const network = fetch(request);
  const timeout = new Promise((resolve) => setTimeout(resolve, NAVIGATION_TIMEOUT_MS, null));
  try {
    const answer = await Promise.race([network, timeout]);
    if (answer) return answer;
  } catch {
    // Offline: the stored shell below.
  }
  const shell = await fromShell('/index.html');
  return shell ?? network;
}

/** Hashed files never change: the cache first, else the network (kept for next time). */
async function hashedAsset(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const answer = await fetch(request);
  if (answer.ok) {
    const copy = answer.clone();
    caches.open(ASSETS_CACHE).then((cache) => cache.put(request, copy));
  }
  return answer;
}

/** Unhashed shell files (translations, icons, manifest): fresh from the network, stored copy offline. */
async function shellFile(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const cached = await fromShell(request);
    if (cached) return cached;
    throw error;
  }
}

const precached = new Set(PRECACHE.map(([url]) => url));

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || SERVER_PAGES.test(url.pathname)) return;
  if (request.mode === 'navigate') event.respondWith(navigation(request));
  else if (HASHED_ASSET.test(url.pathname)) event.respondWith(hashedAsset(request));
  else if (precached.has(url.pathname)) event.respondWith(shellFile(request));
});

/** Only paths of this app: a push never sends the user elsewhere. */
function appUrl(path) {
  const safe =
    typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') ? path : '/notifications';
  return new URL(safe, self.location.origin).href;
}

self.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data ? event.data.text() : '' };
  }
  const title = typeof message.title === 'string' && message.title ? message.title : 'Cubierto';
  const shown = self.registration.showNotification(title, {
    body: typeof message.body === 'string' ? message.body : '',
    icon: '/favicon.svg',
    lang: 'es-AR',
    tag: message.notification_user_id ? `notification-${message.notification_user_id}` : undefined,
    data: { url: appUrl(message.url) },
  });
  const told = self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((clients) => {
    for (const client of clients) client.postMessage({ type: 'cubierto:notification' });
  });
  event.waitUntil(Promise.all([shown, told]));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data;
  const url = data && typeof data.url === 'string' ? data.url : appUrl('/notifications');
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (clients) => {
      for (const client of clients) {
        if (new URL(client.url).origin === self.location.origin && 'focus' in client) {
          const navigated = 'navigate' in client ? await client.navigate(url).catch(() => null) : null;
          return (navigated ?? client).focus();
        }
      }
      return self.clients.openWindow(url);
    }),
  );
});
