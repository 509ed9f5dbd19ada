/**
 * The root route: starts the session once (stored token, renewal, context) and checks the version, then
 * renders whichever page the URL asks for.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from 'react-router';
import { startSession } from './session/session-lifecycle.ts';
import { checkForUpdate } from './session/version-check.ts';

let started: Promise<void> | undefined;

function startOnce(): Promise<void> {
  started ??= Promise.all([startSession(), checkForUpdate()]).then(() => undefined);
  return started;
}

export function AppRoot() {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = t('app.name');
    void startOnce();
  }, [t]);
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
