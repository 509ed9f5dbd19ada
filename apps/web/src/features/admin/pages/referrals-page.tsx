/**
 * Referidos: the referral graph. Each inviter with all their invitees: where each invitation stands
 * (registered, pending with its day, rewarded, refused or clawed back with the reason) and whether it
 * shares a DNI, device or payment method with another invitation — the mark farming leaves.
 */
import {
  type AdminReferralInvitee,
  type AdminReferralInviter,
  formatArs,
  REFERRAL_STATUSES,
  type ReferralStatus,
} from '@cubierto/contracts';
import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../shared/format/format.ts';
import { referralGraphQueryOptions } from '../api/referrals.ts';
import { OperatorListPage } from '../components/operator-list-page.tsx';
import { StateBadge, type Tone } from '../components/state-badge.tsx';

const TONE: Record<ReferralStatus, Tone> = {
  registered: 'off',
  pending: 'warn',
  rewarded: 'ok',
  refused: 'bad',
  clawed_back: 'bad',
};

function Invitee({ invitee }: { invitee: AdminReferralInvitee }) {
  const { t } = useTranslation();
  const flags = (
    [
      ['dni', invitee.shared_dni],
      ['device', invitee.shared_device],
      ['payer', invitee.shared_payer],
    ] as const
  ).filter(([, shared]) => shared);
  const details = [
    invitee.email,
    `DNI ${invitee.dni}`,
    invitee.insurance_number ? t('admin.referrals.insurance', { number: invitee.insurance_number }) : null,
    invitee.status === 'pending' && invitee.due_on
      ? t('admin.referrals.dueOn', { date: formatDay(invitee.due_on) })
      : null,
    invitee.reason ? t(`admin.referrals.reason.${invitee.reason}`) : null,
    invitee.clawback_outstanding_cents > 0
      ? t('admin.referrals.outstanding', { amount: formatArs(invitee.clawback_outstanding_cents) })
      : null,
  ].filter(Boolean);
  return (
    <Stack component="li" gap={2} data-testid="referral-invitee">
      <Group gap={6} wrap="wrap">
        <Text size="sm" fw={600}>
          {invitee.name}
        </Text>
        <StateBadge tone={TONE[invitee.status]}>{t(`admin.referrals.status.${invitee.status}`)}</StateBadge>
        {flags.map(([flag]) => (
          <StateBadge key={flag} tone="warn">
            {t(`admin.referrals.shared.${flag}`)}
          </StateBadge>
        ))}
      </Group>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {details.join(' · ')}
      </Text>
    </Stack>
  );
}

export function ReferralsPage() {
  const { t } = useTranslation();
  return (
    <OperatorListPage
      list={{ texts: 'admin.referrals', sort: '-latest', query: referralGraphQueryOptions }}
      filters={[
        {
          name: 'status',
          label: t('admin.referrals.filterStatus'),
          options: REFERRAL_STATUSES.map((status) => ({
            value: status,
            label: t(`admin.referrals.status.${status}`),
          })),
        },
        {
          name: 'flagged',
          label: t('admin.referrals.filterFlagged'),
          options: [{ value: 'true', label: t('admin.referrals.flaggedOnly') }],
        },
      ]}
      columns={[
        {
          key: 'inviter',
          label: t('admin.referrals.inviter'),
          render: (row: AdminReferralInviter) => (
            <Stack gap={0}>
              <Text size="sm" fw={600}>
                {row.name}
              </Text>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {row.email}
                {row.dni ? ` · DNI ${row.dni}` : ''}
              </Text>
            </Stack>
          ),
        },
        {
          key: 'invitees',
          label: t('admin.referrals.invitees'),
          render: (row) => (
            <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
              {row.invitees.map((invitee) => (
                <Invitee key={invitee.referral_id} invitee={invitee} />
              ))}
            </Stack>
          ),
        },
        {
          key: 'totals',
          label: t('admin.referrals.totals'),
          render: (row) => (
            <Stack gap={0}>
              <Text size="sm">{t('admin.referrals.earned', { amount: row.earned_nice })}</Text>
              <Text size="xs" c="dimmed">
                {t('admin.referrals.totalsText', {
                  rewarded: row.rewarded_count,
                  pending: row.pending_count,
                  refused: row.refused_count,
                  clawedBack: row.clawed_back_count,
                })}
              </Text>
            </Stack>
          ),
        },
        {
          key: 'flags',
          label: t('admin.referrals.flags'),
          render: (row) => (
            <StateBadge tone={row.flagged ? 'warn' : 'ok'}>
              {row.flagged ? t('admin.referrals.flagged') : t('admin.referrals.clean')}
            </StateBadge>
          ),
        },
      ]}
    />
  );
}
