/**
 * 'Referidos' (referral): the customer's personal code and share link, each with a copy button, how the
 * reward works, what their invitations have earned so far, and each invitation: a pending reward says
 * when it is credited (once the invitee's first insurance passes the withdrawal window), one that earns
 * nothing says why.
 */
import type { ReferralInvitation } from '@cubierto/contracts';
import {
  Badge,
  Card,
  Code,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../shared/format/format.ts';
import { CopyButton } from '../../../shared/ui/copy-button.tsx';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { referralQueryOptions } from '../api/referral.ts';

const BADGE_COLOR: Record<ReferralInvitation['status'], string> = {
  registered: 'gray',
  pending: 'yellow',
  rewarded: 'green',
  refused: 'red',
  clawed_back: 'red',
};

function InvitationRow({ invitation, reward }: { invitation: ReferralInvitation; reward: string }) {
  const { t } = useTranslation();
  const reason = invitation.reason ? t(`referral.reason.${invitation.reason}`) : '';
  return (
    <Card component="li" withBorder radius="md" padding="sm" data-testid="referral-invitation">
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
        <Stack gap={2} miw={0}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {invitation.name}
          </Text>
          <Text size="sm" c="dimmed">
            {t(`referral.status.${invitation.status}`, {
              date: formatDay(invitation.due_on),
              amount: reward,
              reason,
            })}
          </Text>
        </Stack>
        <Badge variant="light" color={BADGE_COLOR[invitation.status]} c="dark.7" tt="none" miw="max-content">
          {t(`referral.badge.${invitation.status}`)}
        </Badge>
      </Group>
    </Card>
  );
}

export function ReferralPage() {
  const { t } = useTranslation();
  const referral = useQuery(referralQueryOptions);
  const shareId = useId();
  const statsId = useId();
  const invitationsId = useId();

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
            <SimpleGrid cols={{ base: 2, sm: 4 }}>
              {(
                [
                  ['invited', String(referral.data.invited_count)],
                  ['rewarded', String(referral.data.rewarded_count)],
                  ['pending', referral.data.pending_nice],
                  ['earned', referral.data.earned_nice],
                ] as const
              ).map(([key, value]) => (
                <Card key={key} withBorder radius="lg" padding="md">
                  <Text size="sm" c="dimmed">
                    {t(`referral.stats.${key}`)}
                  </Text>
                  <Text fz={{ base: 22, sm: 28 }} fw={700}>
                    {value}
                  </Text>
                </Card>
              ))}
            </SimpleGrid>
          </Stack>
          <Stack component="section" aria-labelledby={invitationsId} gap="sm">
            <Title order={2} fz="lg" id={invitationsId}>
              {t('referral.invitationsTitle')}
            </Title>
            {referral.data.invitations.length === 0 ? (
              <Text c="dimmed">{t('referral.invitationsEmpty')}</Text>
            ) : (
              <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
                {referral.data.invitations.map((invitation) => (
                  <InvitationRow
                    key={invitation.id}
                    invitation={invitation}
                    reward={referral.data.reward_nice}
                  />
                ))}
              </Stack>
            )}
          </Stack>
        </>
      )}
    </Stack>
  );
}
