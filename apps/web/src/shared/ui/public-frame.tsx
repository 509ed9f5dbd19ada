/**
 * The frame of the pages anyone may open without signing in (the catalogue, the certificate check): the
 * logo, one action at the top right, the content and a foot. It also provides TanStack Query, which the
 * signed-in shell provides elsewhere.
 */
import { Anchor, Box, Container, Group, Image, Stack, Text, UnstyledButton } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { queryClient } from '../api/query-client.ts';
import { InsuredServiceBlock } from '../insured-service/insured-service-block.tsx';
import { RightsLinks } from '../insured-service/rights-links.tsx';
import { useSessionState } from '../session/session-store.ts';

type PublicFrameProps = {
  children: ReactNode;
  /** Where the logo leads. */
  homeHref?: string;
  /** The top-right link; by default 'Ingresar', or 'Ir al inicio' for a signed-in customer. */
  action?: ReactNode;
  /** The Servicio de Atención al Asegurado at the foot (off on the page that shows it whole). */
  insuredService?: boolean;
};

export function PublicFrame({
  children,
  homeHref = '/productos',
  action,
  insuredService = true,
}: PublicFrameProps) {
  const { t } = useTranslation();
  const { status } = useSessionState();
  const signedIn = status === 'authenticated';
  return (
    <QueryClientProvider client={queryClient}>
      <Box mih="100dvh" bg="gray.0" style={{ display: 'flex', flexDirection: 'column' }}>
        <Box component="header" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
          <Container size="lg" h={64}>
            <Group h="100%" justify="space-between" wrap="nowrap">
              <UnstyledButton component={Link} to={homeHref} aria-label={t('catalog.frame.homeLink')}>
                <Image src="/assets/images/logo.svg" alt={t('app.name')} h={32} w="auto" />
              </UnstyledButton>
              {action ?? (
                <Anchor component={Link} to={signedIn ? '/tabs' : '/login'} fw={700}>
                  {signedIn ? t('catalog.frame.home') : t('catalog.frame.signIn')}
                </Anchor>
              )}
            </Group>
          </Container>
        </Box>
        <Container component="main" size="lg" w="100%" py={{ base: 'lg', sm: 'xl' }} style={{ flex: 1 }}>
          {children}
        </Container>
        <Box component="footer" py="md">
          {/* The customer's rights, visible on every public page (Ley 24.240 art. 34, SSN Res. 360/2024). */}
          <Container size="lg">
            <Stack gap="md">
              <RightsLinks />
              {insuredService && <InsuredServiceBlock compact />}
              <Text size="xs" c="dimmed" ta="center" px="md">
                {t('auth.legal')}
              </Text>
            </Stack>
          </Container>
        </Box>
      </Box>
    </QueryClientProvider>
  );
}
