/**
 * The side menu: the user's avatar and name, the areas, help, the tour (home only),
 * sign-out, and the app version at the foot (spec §2).
 */

import {
  AppShell,
  Avatar,
  Box,
  Divider,
  Group,
  NavLink,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { startHomeTour } from '../../features/home/tour/home-tour.ts';
import { apiFileUrl } from '../../shared/api/client.ts';
import { appConfigQueryOptions, getAppConfig } from '../../shared/config/app-config.ts';
import { formatBuildStamp, getBuildStamp } from '../../shared/config/app-info.ts';
import { handleError } from '../../shared/errors/error-handler.tsx';
import { openExternalLink } from '../../shared/native/permissions.ts';
import { currentUserQueryOptions } from '../../shared/session/current-user.ts';
import { IconHelp, IconInfo, IconLogout } from '../../shared/ui/icons.tsx';
import { signOut } from '../session/session-lifecycle.ts';
import { visibleMenuItems } from './menu-items.ts';
import classes from './shell.module.css';

export const DEFAULT_AVATAR = '/assets/images/default-avatar.svg';

/** 'Aviso de redireccionamiento' before leaving for the help chat (spec §2 item 9). */
async function openHelpChat(): Promise<void> {
  let url: string;
  try {
    url = (await getAppConfig()).help_chat_url;
  } catch (error) {
    handleError(error, 31);
    return;
  }
  await openExternalLink(url);
}

export function SideMenu({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();

  return (
    <>
      <AppShell.Section className={classes.menuHeader}>
        <MenuUser />
      </AppShell.Section>

      {/* A screen too short for every item scrolls them, with its scrollbar shown (type auto). */}
      <AppShell.Section grow component={ScrollArea} type="auto" px="sm" py="sm">
        <MenuItems pathname={pathname} onNavigate={onNavigate} />
      </AppShell.Section>

      <AppShell.Section px="sm" pb="sm">
        <Divider mb="sm" />
        <Stack gap={4}>
          {/* Spec §2: 'Realizar tour' only on the home screen. */}
          {pathname === '/tabs' && (
            <NavLink
              component="button"
              type="button"
              label={t('menu.tour')}
              leftSection={<IconInfo size={20} />}
              onClick={() => {
                onNavigate();
                startHomeTour(navigate).catch((error: unknown) => handleError(error, 36));
              }}
              className={classes.navLink}
            />
          )}
          <NavLink
            component="button"
            type="button"
            data-tour="help"
            label={t('menu.help')}
            leftSection={<IconHelp size={20} />}
            onClick={() => void openHelpChat()}
            className={classes.navLink}
          />
          <NavLink
            component="button"
            type="button"
            label={t('menu.signOut')}
            leftSection={<IconLogout size={20} />}
            onClick={() => {
              onNavigate();
              void signOut();
            }}
            className={classes.navLink}
            c="red.8"
          />
        </Stack>
        <Text size="xs" c="dimmed" ta="center" mt="sm" data-testid="build-stamp">
          {t('menu.version', { version: formatBuildStamp(getBuildStamp()) })}
        </Text>
      </AppShell.Section>
    </>
  );
}

/**
 * The user's avatar, name and e-mail. Their answer is read here and the configuration's by the items, so
 * when one comes in React draws that part of the menu again, not the whole menu.
 */
function MenuUser() {
  const { t } = useTranslation();
  const user = useQuery(currentUserQueryOptions);
  return (
    <Group wrap="nowrap" gap="sm">
      <Avatar
        src={apiFileUrl(user.data?.avatar) || DEFAULT_AVATAR}
        alt={t('menu.avatarAlt')}
        size={52}
        radius="xl"
        className={classes.avatar}
      />
      <Box miw={0}>
        {user.data ? (
          <>
            <Text fw={700} c="white" truncate="end">
              {user.data.name}
            </Text>
            <Text size="sm" c="brand.1" truncate="end">
              {user.data.email}
            </Text>
          </>
        ) : (
          <Stack gap={6}>
            <Skeleton h={14} w={140} />
            <Skeleton h={12} w={100} />
          </Stack>
        )}
      </Box>
    </Group>
  );
}

/** The areas the configuration shows, the current one marked. */
function MenuItems({ pathname, onNavigate }: { pathname: string; onNavigate: () => void }) {
  const { t } = useTranslation();
  const config = useQuery(appConfigQueryOptions);
  return (
    <Stack gap={2}>
      {visibleMenuItems(config.data).map((item) => (
        <NavLink
          key={item.to}
          component={Link}
          to={item.to}
          label={t(item.label)}
          leftSection={<item.icon size={20} />}
          active={pathname === item.to || pathname.startsWith(`${item.to}/`)}
          aria-current={pathname === item.to ? 'page' : undefined}
          onClick={onNavigate}
          className={classes.navLink}
          variant="light"
          {...(item.desktopOnly ? { visibleFrom: 'md' } : {})}
        />
      ))}
    </Stack>
  );
}
