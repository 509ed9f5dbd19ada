/**
 * The Servicio de Atención al Asegurado block (SSN: the responsible and deputy, phone, e-mail, hours and
 * the SSN's own line, how to ask for a copy of the policy and how to report a claim), as operators set it.
 * `compact` is the foot of the public pages: who and how to reach them, the SSN line, and a link to the
 * whole block. Nothing shows while it loads or when it cannot be read: it never holds up the page.
 */
import { Anchor, Box, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDeferredData } from '../../prerender/hydration.ts';
import { insuredServiceQueryOptions } from './insured-service.ts';

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" fw={700} c="gray.8" tt="uppercase">
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </div>
  );
}

export function InsuredServiceBlock({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const headingId = useId();
  const query = useQuery(insuredServiceQueryOptions);
  // Drawn in a deferred render, not in the urgent one the answer would get (hydration.ts).
  const saa = useDeferredData(query.data);
  if (!saa) return null;
  const phoneHref = `tel:${saa.phone.replace(/[^\d+]/g, '')}`;
  return (
    <Card
      withBorder
      radius="lg"
      padding={compact ? 'md' : 'lg'}
      component="section"
      aria-labelledby={headingId}
      data-testid="insured-service"
    >
      <Stack gap="sm">
        <Title order={2} fz={compact ? 'md' : 'lg'} id={headingId}>
          {t('insuredService.title')}
        </Title>
        {!compact && <Text size="sm">{t('insuredService.intro')}</Text>}
        <SimpleGrid cols={{ base: 1, xs: 2, md: compact ? 5 : 3 }} spacing="sm">
          <Item label={t('insuredService.responsible')}>{saa.responsible}</Item>
          <Item label={t('insuredService.deputy')}>{saa.deputy}</Item>
          <Item label={t('insuredService.phone')}>
            <Anchor href={phoneHref} inherit>
              {saa.phone}
            </Anchor>
          </Item>
          <Item label={t('insuredService.email')}>
            <Anchor href={`mailto:${saa.email}`} inherit style={{ overflowWrap: 'anywhere' }}>
              {saa.email}
            </Anchor>
          </Item>
          <Item label={t('insuredService.hours')}>{saa.hours}</Item>
        </SimpleGrid>
        <Box>
          <Text size="xs" fw={700} c="gray.8" tt="uppercase">
            {t('insuredService.ssn')}
          </Text>
          <Text size="sm" data-testid="insured-service-ssn">
            {saa.ssn_line}
          </Text>
        </Box>
        {compact ? (
          <Anchor component={Link} to="/atencion-al-asegurado" size="sm" fw={700}>
            {t('insuredService.more')}
          </Anchor>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Box>
              <Title order={3} fz="md" mb={4}>
                {t('insuredService.policyCopy')}
              </Title>
              <Text size="sm">{saa.policy_copy}</Text>
            </Box>
            <Box>
              <Title order={3} fz="md" mb={4}>
                {t('insuredService.claimReport')}
              </Title>
              <Text size="sm">{saa.claim_report}</Text>
            </Box>
          </SimpleGrid>
        )}
      </Stack>
    </Card>
  );
}
