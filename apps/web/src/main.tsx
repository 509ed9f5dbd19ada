/** Entry point: styles, translations, then the app. */
import '@mantine/core/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { initI18n } from './shared/i18n/i18n.ts';
import { markPlatform } from './shared/native/platform.ts';
import { debugMode, silenceConsole } from './shared/observability/console.ts';
import { installErrorReporting } from './shared/observability/error-reporting.ts';
import { registerServiceWorker } from './shared/pwa/register-service-worker.ts';

silenceConsole({ production: import.meta.env.PROD, debug: debugMode() });
installErrorReporting();
markPlatform();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

initI18n()
  .catch((error: unknown) => console.error('Translations could not be loaded', error))
  .finally(() => {
    registerServiceWorker();
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
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
