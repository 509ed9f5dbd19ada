/**
 * Route guards of the session (spec §4): signed-in areas wait for the session start and send anonymous
 * users to login; login and register send a signed-in user home.
 */
import { Navigate, Outlet } from 'react-router';
import { useSessionState } from '../shared/session/session-store.ts';
import { PageLoader } from '../shared/ui/page-loader.tsx';

export function RedirectIfSignedIn() {
  const { status } = useSessionState();
  if (status === 'starting') return <PageLoader fullScreen />;
  if (status === 'authenticated') return <Navigate to="/tabs" replace />;
  return <Outlet />;
}
