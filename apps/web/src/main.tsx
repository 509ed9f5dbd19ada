/**
 * Entry point: styles, translations, then the app. A public page prerendered at build time
 * (build-prerender.ts) is already painted: it is hydrated once the router stands on the same route for an
 * anonymous visitor (the prerender's audience), otherwise the app renders from scratch over it.
 */
import '@mantine/core/styles.css';
import './app/global.css';
import { type ReactNode, StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, currentRoutePattern, routerReady } from './app/app.tsx';
import { holdEarlyInput } from './app/early-input.ts';
import { initI18n } from './shared/i18n/i18n.ts';
import { markPlatform } from './shared/native/platform.ts';
import { debugMode, silenceConsole } from './shared/observability/console.ts';
import { installErrorReporting } from './shared/observability/error-reporting.ts';
import { registerServiceWorker } from './shared/pwa/register-service-worker.ts';
import { getSessionState } from './shared/session/session-store.ts';

silenceConsole({ production: import.meta.env.PROD, debug: debugMode() });
installErrorReporting();
markPlatform();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

/** The route a prerendered page was rendered for, or null for the empty index.html. */
const prerenderedRoute = container.getAttribute('data-prerendered');
/** What the visitor types or submits on a prerendered page before the app takes it over. */
const earlyInput = prerenderedRoute === null ? undefined : holdEarlyInput(container);

/** Calls `onCommit` once the tree below has been committed: React's handlers are live from then on. */
function Committed({ children, onCommit }: { children: ReactNode; onCommit: () => void }) {
  useEffect(onCommit, [onCommit]);
  return children;
}

async function start(root: HTMLElement): Promise<void> {
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  if (prerenderedRoute === null) {
    createRoot(root).render(app);
    return;
  }
  await routerReady();
  // Before hydration the fields show what the visitor typed (typed before the entry script ran, too).
  earlyInput?.scan();
  if (getSessionState().status === 'anonymous' && currentRoutePattern() === prerenderedRoute) {
    const committed = new Promise<void>((resolve) => {
      hydrateRoot(root, <Committed onCommit={resolve}>{app}</Committed>);
    });
    await committed;
    if (!earlyInput) return;
    // The hold stays on until React's handlers are live; early-input-replay.ts takes it over then.
    if (earlyInput.pending())
      await import('./app/early-input-replay.ts').then(({ replayEarlyInput }) =>
        replayEarlyInput(root, earlyInput.takeOver),
      );
    // Nothing typed nor submitted: from this very turn a submit reaches the page's own handler.
    else earlyInput.takeOver();
    return;
  }
  // A signed-in visitor (sent home from /login, 'Ir al inicio' on the public pages) or another route.
  earlyInput?.takeOver();
  createRoot(root).render(app);
}

initI18n()
  .catch((error: unknown) => console.error('Translations could not be loaded', error))
  .finally(async () => {
    registerServiceWorker();
    await start(container);
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
