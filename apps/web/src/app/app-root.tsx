/**
 * The root route. Its loader starts the session once per router (stored token, renewal, context) before
 * any page renders, and starts the version check without waiting for it; the component renders whichever
 * page the URL asks for.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { PageScroll } from './page-scroll.tsx';
import { startSession } from './session/session-lifecycle.ts';
import { checkForUpdate } from './session/version-check.ts';

export async function startApp(): Promise<null> {
  void checkForUpdate();
  await startSession();
  return null;
}

export function AppRoot() {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = t('app.name');
  }, [t]);
  return (
    <>
      <Outlet />
      <PageScroll />
    </>
  );
}
