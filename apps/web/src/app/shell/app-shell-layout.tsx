/**
 * The signed-in frame: Mantine AppShell with the side menu as navbar, collapsing behind a burger below
 * 62em = 992 px (spec §2 desktop breakpoint). Anonymous users go to login (the page they asked for is
 * remembered for after it); in maintenance the menu is off.
 * It also provides TanStack Query, which only the signed-in pages use.
 */
import { AppShell, Burger, Group, Image, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { KeepCertificatesOffline } from '../../features/insurances/offline/keep-certificates-offline.tsx';
import { NotificationBell } from '../../features/notifications/components/notification-bell.tsx';
import { NotificationWatcher } from '../../features/notifications/components/notification-watcher.tsx';
import { queryClient } from '../../shared/api/query-client.ts';
import { useIdleReady } from '../../shared/hooks/when-idle.ts';
import { carriesSignInAnswer, rememberAfterLogin } from '../../shared/session/after-login.ts';
import { useSessionState } from '../../shared/session/session-store.ts';
import { PageLoader } from '../../shared/ui/page-loader.tsx';
import { OfflineNotice } from './offline-notice.tsx';
import { PaymentReturn } from './payment-return.tsx';
import classes from './shell.module.css';
import { SideMenu } from './side-menu.tsx';

/** The navbar's breakpoint (md): from there on the side menu is always on screen. */
const DESKTOP_QUERY = '(min-width: 62em)';

export function AppShellLayout() {
  const { t } = useTranslation();
  const { status, menusDisabled } = useSessionState();
  const [opened, { toggle, close }] = useDisclosure(false);
  const location = useLocation();
  // On a desktop the menu is on screen and drawn with the page. On a phone it waits behind ☰: drawn at
  // the first idle moment after the page (in slices), or at once when ☰ is tapped before that.
  const [desktop] = useState(
    () => typeof window.matchMedia !== 'function' || window.matchMedia(DESKTOP_QUERY).matches,
  );
  const menuDrawn = useIdleReady(desktop || opened);

  if (status === 'starting') return <PageLoader fullScreen />;
  if (status === 'anonymous') {
    // A payment return or a deep link opened while signed out continues after the login.
    rememberAfterLogin(`${location.pathname}${location.search}`);
    // A provider's answer (code, state, access_token) that came back here is finished by the login page,
    // exactly as if it had come back to /login (spec §2 "Payment return links").
    if (carriesSignInAnswer(location.search, location.hash))
      return <Navigate to={{ pathname: '/login', search: location.search, hash: location.hash }} replace />;
    return <Navigate to="/login" replace />;
  }

  return (
    <QueryClientProvider client={queryClient}>
      <AppShell
        header={{ height: 64 }}
        navbar={{ width: 288, breakpoint: 'md', collapsed: { mobile: !opened, desktop: menusDisabled } }}
        padding={{ base: 'md', md: 'xl' }}
        className={classes.shell}
      >
        <AppShell.Header className={classes.header} data-tour="top-bar">
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              {!menusDisabled && (
                <Burger
                  opened={opened}
                  onClick={toggle}
                  hiddenFrom="md"
                  size="sm"
                  aria-label={opened ? t('menu.close') : t('menu.open')}
                  data-tour="menu-button"
                />
              )}
              <UnstyledButton component={Link} to="/tabs" aria-label={t('menu.homeLink')}>
                <Image src="/assets/images/logo.svg" alt={t('app.name')} h={32} w="auto" />
              </UnstyledButton>
            </Group>
            {!menusDisabled && (
              <Group gap="xs" data-tour="tools">
                <NotificationBell />
              </Group>
            )}
          </Group>
        </AppShell.Header>

        {!menusDisabled && (
          <AppShell.Navbar
            className={classes.navbar}
            aria-label={t('menu.label')}
            data-tour="main-navigation"
          >
            {menuDrawn && <SideMenu onNavigate={close} />}
          </AppShell.Navbar>
        )}

        <AppShell.Main className={classes.main}>
          <OfflineNotice />
          <Outlet />
          <PaymentReturn />
          {!menusDisabled && <NotificationWatcher />}
          {!menusDisabled && <KeepCertificatesOffline />}
        </AppShell.Main>
      </AppShell>
    </QueryClientProvider>
  );
}
