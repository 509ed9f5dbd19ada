/** The application: providers around the router, and the session flows wired to the router's navigation. */
import { RouterProvider } from 'react-router/dom';
import { startNative } from '../shared/native/start-native.ts';
import { AppProviders } from './providers.tsx';
import { createAppRouter } from './router.tsx';
import { configureSessionNavigation, registerSessionEventHandlers } from './session/session-lifecycle.ts';

let started: ReturnType<typeof createAppRouter> | undefined;

/**
 * Creates the router, which starts the session and the first page's code (with its module preloads), and
 * wires the session flows to it. The entry calls it in a task of its own, after the modules' evaluation:
 * both in one task were one long task on a phone.
 */
export function startRouter(): void {
  if (started) return;
  const router = createAppRouter();
  started = router;
  configureSessionNavigation((to) => router.navigate(to, { replace: true }));
  registerSessionEventHandlers();
  void startNative((to) => router.navigate(to)).catch((error: unknown) =>
    console.warn('Native start', error),
  );
}

function theRouter(): ReturnType<typeof createAppRouter> {
  if (!started) throw new Error('The router is not started (startRouter)');
  return started;
}

/**
 * Resolves once the router has run the root loader (the session's start) and loaded the first page's
 * code: a prerendered page is hydrated only then, so the first render is the page and not a fallback.
 */
export function routerReady(): Promise<void> {
  const router = theRouter();
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
  const router = theRouter();
  return router.state.errors ? undefined : router.state.matches.at(-1)?.route.path;
}

export function App() {
  return (
    <AppProviders>
      <RouterProvider router={theRouter()} />
    </AppProviders>
  );
}
