/**
 * Entry point: styles, translations, then the app. A public page prerendered at build time
 * (build-prerender.ts) is already painted: it is hydrated once the router stands on the same route for an
 * anonymous visitor (the prerender's audience), otherwise the app renders from scratch over it.
 */
import '@mantine/core/styles.css';
import './app/global.css';
import { type ReactNode, StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, currentRoutePattern, routerReady, startRouter } from './app/app.tsx';
import { handOverEarlyInput } from './app/early-input.ts';
import { applyFullStylesheets } from './prerender/full-stylesheets.ts';
import { markTakenOver, setHydrating } from './prerender/hydration.ts';
import { readPageData } from './prerender/markup.ts';
import { seedLatestAppVersion } from './shared/config/app-version.ts';
import { initI18n } from './shared/i18n/i18n.ts';
import { markPlatform } from './shared/native/platform.ts';
import { silenceConsoleUntilIdle } from './shared/observability/console.ts';
import { installErrorReporting } from './shared/observability/error-reporting.ts';
import { registerServiceWorker } from './shared/pwa/register-service-worker.ts';
import { getSessionState } from './shared/session/session-store.ts';

silenceConsoleUntilIdle({ production: import.meta.env.PROD });
installErrorReporting();
markPlatform();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

/** The route a prerendered page was rendered for, or null for the empty index.html. */
const prerenderedRoute = container.getAttribute('data-prerendered');
// The login drawn by the server with the app's version (its social sign-in buttons): the version is this
// page load's before anything asks for it, so the hydration draws the buttons the HTML has and nothing
// asks the API for it again. Read without the query cache, which the login does not load.
if (prerenderedRoute !== null) seedLatestAppVersion(readPageData(document));
// The page's data is asked for now, beside the translations and the page's code, not after them, or put
// into the query cache when the server drew the page with it: true then. Its module is loaded on demand
// (the prerendered pages preload it: prerender/pages.ts), off the login's budget; login asks for nothing.
const drawnWithData =
  prerenderedRoute !== null &&
  prerenderedRoute !== 'login' &&
  import('./prerender/early-requests.ts')
    .then(({ startEarlyRequests }) => startEarlyRequests(prerenderedRoute, window.location.pathname))
    // The pages ask for their data themselves.
    .catch(() => false);

/**
 * The router (the session's start, the first page's code and its module preloads) starts in the next
 * task: the modules' evaluation above and the router's start in one task were one long task on a phone.
 */
const routerStarted = new Promise<void>((resolve) => {
  setTimeout(() => {
    try {
      startRouter();
    } finally {
      resolve();
    }
  }, 0);
});

/** What the visitor types or submits on a prerendered page until the app owns it (public/early-hold.js). */
const hold = window.__earlyHold;

/** Calls `onCommit` once the tree below has been committed: React's handlers are live from then on. */
function Committed({ children, onCommit }: { children: ReactNode; onCommit: () => void }) {
  useEffect(onCommit, [onCommit]);
  return children;
}

/**
 * The first render in a transition, as Next.js does: React renders it in slices and yields to the browser
 * every few milliseconds (a tap, a keystroke, a paint get through) instead of one long task of the whole
 * tree on a slow phone. A prerendered page is already painted, so nothing waits on it; on the empty
 * index.html the tree shows the same time either way.
 */
function renderFresh(root: HTMLElement, app: ReactNode): void {
  const created = createRoot(root);
  startTransition(() => created.render(app));
}

async function start(root: HTMLElement): Promise<void> {
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  if (prerenderedRoute === null) {
    // The hold is linked in prerendered pages only; should one be here, nothing of it stays.
    hold?.end();
    renderFresh(root, app);
    return;
  }
  // The page's whole stylesheets, loaded apart from its first paint, apply before anything is drawn.
  const [, , withData] = await Promise.all([routerReady(), applyFullStylesheets(), drawnWithData]);
  // Values the page shows that no input event told (restored or filled in by the browser).
  hold?.scan();
  if (getSessionState().status === 'anonymous' && currentRoutePattern() === prerenderedRoute) {
    await new Promise<void>((resolve) => {
      // Hydrated in slices too; the hold (public/early-hold.js) keeps what is typed or submitted meanwhile.
      // Data already cached is drawn after the hydration, which draws the HTML's placeholders; a page drawn
      // with its data has only that data cached, and draws it at once, as the HTML does.
      setHydrating(!withData);
      markTakenOver();
      const committed = () => {
        setHydrating(false);
        resolve();
      };
      startTransition(() => {
        // React listens from here on: a tap is its own (public/early-hold.js stops remembering them).
        if (hold) hold.rooted = true;
        hydrateRoot(root, <Committed onCommit={committed}>{app}</Committed>);
      });
    });
    // The hold stays on until React owns every form, field and button; then it ends, and what was done
    // is made once through the page's own handlers.
    if (hold) await handOverEarlyInput(root, hold);
    return;
  }
  // A signed-in visitor (sent home from /login, 'Ir al inicio' on the public pages) or another route:
  // drawn from scratch, so what was typed into the prerendered markup goes with it.
  hold?.end();
  renderFresh(root, app);
}

initI18n()
  .catch((error: unknown) => console.error('Translations could not be loaded', error))
  .finally(async () => {
    await routerStarted;
    registerServiceWorker();
    // Whatever happens to the start, the hold never outlives it.
    await start(container).finally(() => hold?.end());
    // Analytics, tags and session recording: production builds only, after the first page is drawn.
    if (import.meta.env.PROD) {
      setTimeout(() => {
        void import('./shared/observability/start.ts')
          .then(({ startThirdParty }) => startThirdParty())
          .catch(() => {
            // No configuration or no network: the app works without them.
          });
      }, 2_000);
    }
  });
