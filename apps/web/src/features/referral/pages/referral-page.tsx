/**
 * 'Referidos' (referral): the customer's personal code and share link, each with a copy button, how the
 * reward works, and what their invitations have earned so far.
 */
import { Card, Code, Group, SimpleGrid, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../shared/ui/copy-button.tsx';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { referralQueryOptions } from '../api/referral.ts';

export function ReferralPage() {
  const { t } = useTranslation();
  const referral = useQuery(referralQueryOptions);
  const shareId = useId();
  const statsId = useId();

  return (
    <Stack gap="lg" maw={960} mx="auto">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {t('referral.title')}
        </Title>
        <Text c="dimmed">
          {referral.data
            ? t('referral.description', { amount: referral.data.reward_nice })
            : t('referral.descriptionLoading')}
        </Text>
      </Stack>
      {referral.isError ? (
        <LoadError description={t('referral.loadError')} onRetry={() => void referral.refetch()} />
      ) : !referral.data ? (
        <Skeleton h={220} radius="lg" role="status" aria-label={t('loading.default')} />
      ) : (
        <>
          <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={shareId}>
            <Stack gap="md">
              <Title order={2} fz="lg" id={shareId}>
                {t('referral.shareTitle')}
              </Title>
              <Stack gap={6}>
                <Text fw={600}>{t('referral.code')}</Text>
                <Group gap="sm" wrap="wrap">
                  <Code fz={22} fw={700} px="md" py={6} data-testid="referral-code">
                    {referral.data.code}
                  </Code>
                  <CopyButton value={referral.data.code} label={t('referral.code')} />
                </Group>
              </Stack>
              <Stack gap={6}>
                <Text fw={600}>{t('referral.link')}</Text>
                <Group gap="sm" wrap="wrap" align="center">
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="referral-link">
                    {referral.data.link}
                  </Text>
                  <CopyButton value={referral.data.link} label={t('referral.link')} />
                </Group>
              </Stack>
              <Text size="sm" c="dimmed">
                {t('referral.rules')}
              </Text>
            </Stack>
          </Card>
          <Stack component="section" aria-labelledby={statsId} gap={0}>
            <VisuallyHidden>
              <Title order={2} id={statsId}>
                {t('referral.statsTitle')}
              </Title>
            </VisuallyHidden>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              {(
                [
                  ['invited', String(referral.data.invited_count)],
                  ['rewarded', String(referral.data.rewarded_count)],
                  ['earned', referral.data.earned_nice],
                ] as const
              ).map(([key, value]) => (
                <Card key={key} withBorder radius="lg" padding="md">
                  <Text size="sm" c="dimmed">
                    {t(`referral.stats.${key}`)}
                  </Text>
                  <Text fz={28} fw={700}>
                    {value}
                  </Text>
                </Card>
              ))}
            </SimpleGrid>
          </Stack>
        </>
      )}
    </Stack>
  );
}
