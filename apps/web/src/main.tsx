/**
 * Entry point: styles, translations, then the app. A public page prerendered at build time
 * (build-prerender.ts) is already painted: it is hydrated once the router stands on the same route for an
 * anonymous visitor (the prerender's audience), otherwise the app renders from scratch over it.
 */
import '@mantine/core/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
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
  const work = earlyInput?.snapshot();
  if (getSessionState().status === 'anonymous' && currentRoutePattern() === prerenderedRoute) {
    hydrateRoot(root, app);
    if (work && (work.typed.length > 0 || work.held))
      await import('./app/early-input-replay.ts').then(({ replayEarlyInput }) => replayEarlyInput(work));
    // Nothing typed yet: a submit from here on reaches the page's own handler once it is hydrated.
    else work?.release();
    return;
  }
  // A signed-in visitor (sent home from /login, 'Ir al inicio' on the public pages) or another route.
  work?.release();
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
