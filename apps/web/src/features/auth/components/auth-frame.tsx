/**
 * The frame of the sign-in pages: a brand panel with what Cubierto offers beside the form on desktop,
 * a brand band above the form card on phones.
 */
import { Box, Image, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IconCheck } from '../../../shared/ui/icons.tsx';
import classes from './auth-frame.module.css';

type AuthFrameProps = {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Under the card: links to the other sign-in pages. */
  footer?: ReactNode;
};

const benefits = ['auth.benefits.fast', 'auth.benefits.certificate', 'auth.benefits.payments'];

export function AuthFrame({ title, subtitle, children, footer }: AuthFrameProps) {
  const { t } = useTranslation();
  return (
    <div className={classes.page}>
      <Box
        component="aside"
        visibleFrom="md"
        className={classes.brandPanel}
        aria-label={t('auth.brandPanelLabel')}
      >
        <Image
          src="/assets/images/logo-inverse.svg"
          alt={t('app.name')}
          h={40}
          w="auto"
          className={classes.logo}
        />
        <Stack gap="lg" maw={420}>
          <Title order={2} c="white" fz={36} lh={1.15}>
            {t('auth.headline')}
          </Title>
          <Text c="brand.0" fz="lg">
            {t('auth.subheadline')}
          </Text>
          <ul className={classes.benefits}>
            {benefits.map((key) => (
              <li key={key}>
                <ThemeIcon size={26} radius="xl" color="white" c="brand.8">
                  <IconCheck size={16} />
                </ThemeIcon>
                <Text c="white" fw={500}>
                  {t(key)}
                </Text>
              </li>
            ))}
          </ul>
        </Stack>
        <Text size="sm" c="brand.1">
          {t('auth.legal')}
        </Text>
      </Box>

      <main className={classes.content}>
        <Box hiddenFrom="md" className={classes.mobileBand}>
          <Image src="/assets/images/logo-inverse.svg" alt={t('app.name')} h={34} w="auto" />
        </Box>
        <div className={classes.cardWrap}>
          <Paper className={classes.card} shadow="md" withBorder>
            <Stack gap={6} mb="lg">
              <Title order={1} fz={{ base: 24, sm: 28 }}>
                {title}
              </Title>
              {subtitle && <Text c="dimmed">{subtitle}</Text>}
            </Stack>
            {children}
          </Paper>
          {/* A div, not a paragraph: the footer holds blocks (the rights links), which a <p> may not hold
              (the browser would close it early, and the prerendered page would not hydrate). */}
          {footer && (
            <Text component="div" ta="center" mt="lg" size="sm">
              {footer}
            </Text>
          )}
        </div>
      </main>
    </div>
  );
}
