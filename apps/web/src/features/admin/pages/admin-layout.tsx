/**
 * The back office frame at /admin: its own menu (desktop first, collapsing behind a burger on small
 * screens), the operator's name and sign-out. Without an operator session it goes to admin-login.
 * It brings its own TanStack Query client so nothing cached for a customer is ever shown here.
 */
import { AppShell, Burger, Button, Group, Image, NavLink, ScrollArea, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { operatorMeQueryOptions } from '../api/me.ts';
import { signOutOperator } from '../api/operator-auth.ts';
import { useOperatorSignedIn } from '../api/operator-session.ts';
import classes from '../components/admin.module.css';

export const ADMIN_MENU = [
  { to: '/admin', label: 'admin.menu.dashboard', end: true },
  { to: '/admin/companies', label: 'admin.menu.companies' },
  { to: '/admin/policies', label: 'admin.menu.policies' },
  { to: '/admin/coverages', label: 'admin.menu.coverages' },
  { to: '/admin/claims', label: 'admin.menu.claims' },
  { to: '/admin/insurances', label: 'admin.menu.insurances' },
  { to: '/admin/invoices', label: 'admin.menu.invoices' },
  { to: '/admin/customers', label: 'admin.menu.customers' },
  { to: '/admin/referrals', label: 'admin.menu.referrals' },
  { to: '/admin/notifications', label: 'admin.menu.broadcast' },
  { to: '/admin/app-versions', label: 'admin.menu.appVersions' },
  { to: '/admin/maintenance', label: 'admin.menu.maintenance' },
  { to: '/admin/insured-service', label: 'insuredService.admin.menu' },
  { to: '/admin/poll-questions', label: 'admin.menu.polls' },
  { to: '/admin/operators', label: 'admin.menu.operators' },
  { to: '/admin/audit-log', label: 'admin.menu.audit' },
] as const;

function OperatorName() {
  const me = useQuery(operatorMeQueryOptions);
  return (
    <Text size="sm" fw={600} visibleFrom="sm">
      {me.data?.name ?? ''}
    </Text>
  );
}

export function AdminLayout() {
  const { t } = useTranslation();
  const signedIn = useOperatorSignedIn();
  const [client] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } }),
  );
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  const navigate = useNavigate();

  if (!signedIn) return <Navigate to="/admin-login" replace />;

  const signOut = async () => {
    await signOutOperator().catch(() => undefined);
    client.clear();
    navigate('/admin-login', { replace: true });
  };

  return (
    <QueryClientProvider client={client}>
      <AppShell
        header={{ height: 60 }}
        navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }}
        padding={{ base: 'md', md: 'xl' }}
      >
        <AppShell.Header>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <Burger
                opened={opened}
                onClick={toggle}
                hiddenFrom="sm"
                size="sm"
                aria-label={opened ? t('menu.close') : t('menu.open')}
              />
              <Image src="/assets/images/logo.svg" alt={t('app.name')} h={28} w="auto" />
              <Text fw={700} c="dimmed" size="sm">
                {t('admin.brand')}
              </Text>
            </Group>
            <Group gap="sm" wrap="nowrap">
              <OperatorName />
              <Button variant="default" size="xs" onClick={() => void signOut()}>
                {t('admin.signOut')}
              </Button>
            </Group>
          </Group>
        </AppShell.Header>
        <AppShell.Navbar p="sm" className={classes.navbar} aria-label={t('admin.menu.label')}>
          <AppShell.Section grow component={ScrollArea}>
            <nav aria-label={t('admin.menu.label')}>
              {ADMIN_MENU.map((item) => {
                const active = 'end' in item ? pathname === item.to : pathname.startsWith(item.to);
                return (
                  <NavLink
                    key={item.to}
                    component={Link}
                    to={item.to}
                    label={t(item.label)}
                    active={active}
                    aria-current={active ? 'page' : undefined}
                    variant="filled"
                    className={classes.navLink}
                    onClick={close}
                  />
                );
              })}
            </nav>
          </AppShell.Section>
        </AppShell.Navbar>
        <AppShell.Main className={classes.main}>
          <Outlet />
        </AppShell.Main>
      </AppShell>
    </QueryClientProvider>
  );
}
