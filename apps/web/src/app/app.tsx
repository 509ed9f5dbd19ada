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

export function App() {
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
