/** The application: providers around the router, and the session flows wired to the router's navigation. */
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './providers.tsx';
import { createAppRouter } from './router.tsx';
import { configureSessionNavigation, registerSessionEventHandlers } from './session/session-lifecycle.ts';

const router = createAppRouter();

configureSessionNavigation((to) => router.navigate(to, { replace: true }));
registerSessionEventHandlers();

export function App() {
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
