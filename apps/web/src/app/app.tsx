/** The application: providers around the router, and the session flows wired to the router's navigation. */
import { RouterProvider } from 'react-router/dom';
import { startNative } from '../shared/native/start-native.ts';
import { AppProviders } from './providers.tsx';
import { createAppRouter } from './router.tsx';
import { configureSessionNavigation, registerSessionEventHandlers } from './session/session-lifecycle.ts';

const router = createAppRouter();

configureSessionNavigation((to) => router.navigate(to, { replace: true }));
registerSessionEventHandlers();
void startNative((to) => router.navigate(to)).catch((error: unknown) => console.warn('Native start', error));

/**
 * Resolves once the router has run the root loader (the session's start) and loaded the first page's
 * code: a prerendered page is hydrated only then, so the first render is the page and not a fallback.
 */
export function routerReady(): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

/**
 * The pattern of the route the router shows ('login', 'verificar/:code'), as the prerender marks it;
 * none while a route failed (the error page is shown instead).
 */
export function currentRoutePattern(): string | undefined {
  return router.state.errors ? undefined : router.state.matches.at(-1)?.route.path;
}

export function App() {
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
