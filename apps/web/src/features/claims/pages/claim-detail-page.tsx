/**
 * One claim (customers/claims/{id}): its status and what it is about, the status timeline with the
 * operator's messages, the conversation, and the photos and documents. An approved amount shows; a paid
 * one says it is in 'Mi dinero' and links there; a rejected one shows its reason.
 */
import type { ClaimDetail } from '@cubierto/contracts';
import { Alert, Anchor, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { formatDay, formatLongDate } from '../../../shared/format/format.ts';
import { BackLink } from '../../../shared/ui/back-link.tsx';
import { DetailStates } from '../../../shared/ui/detail-states.tsx';
import { FactList } from '../../../shared/ui/fact-list.tsx';
import { IconAlert, IconCheck, IconInfo } from '../../../shared/ui/icons.tsx';
import { NotFoundNotice } from '../../../shared/ui/not-found-notice.tsx';
import { SectionCard } from '../../../shared/ui/section-card.tsx';
import { downloadClaimAttachment } from '../api/attachments.ts';
import { claimQueryOptions } from '../api/claim.ts';
import { AddClaimFiles } from '../components/add-claim-files.tsx';
import { AttachmentCard } from '../components/attachment-preview.tsx';
import { ClaimMessages } from '../components/claim-messages.tsx';
import { ClaimStatusBadge } from '../components/claim-status-badge.tsx';
import { ClaimTimeline } from '../components/claim-timeline.tsx';
import classes from '../components/claims.module.css';

function ClaimView({ claim }: { claim: ClaimDetail }) {
  const { t } = useTranslation();
  const rejection =
    claim.status === 'rechazado' ? claim.events.findLast((e) => e.status === 'rechazado') : undefined;
  const facts = [
    {
      label: t('claims.detail.insurance'),
      value: `${claim.insurance.number} · ${claim.insurance.risk_type_name}`,
    },
    { label: t('claims.detail.risk'), value: claim.risk.label },
    { label: t('claims.detail.incidentDate'), value: formatDay(claim.incident_date) },
    { label: t('claims.detail.place'), value: claim.place },
    { label: t('claims.detail.filedOn'), value: formatLongDate(claim.created_at) },
    ...(claim.approved_amount_nice
      ? [{ label: t('claims.detail.approvedAmount'), value: claim.approved_amount_nice }]
      : []),
    ...(claim.paid_at ? [{ label: t('claims.detail.paidAt'), value: formatLongDate(claim.paid_at) }] : []),
  ];

  return (
    <Stack gap="lg" maw={960} mx="auto">
      <BackLink to="/customers/claims" label={t('claims.back')} />
      <Stack gap={6}>
        <Title order={1} fz={{ base: 24, sm: 30 }} lh={1.2}>
          {t('claims.item.title', { number: claim.number })}
        </Title>
        <Group gap="sm">
          <ClaimStatusBadge status={claim.status} />
          <Text size="sm" c="dimmed">
            {claim.risk.label}
          </Text>
        </Group>
      </Stack>

      {claim.status === 'pagado' && (
        <Alert
          color="green"
          variant="light"
          icon={<IconCheck />}
          title={t('claims.detail.paidTitle')}
          // Mantine's green title on its light background is below AA contrast; the badge's green is not.
          styles={{ title: { color: '#1e6b30' }, icon: { color: '#1e6b30' } }}
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              {t('claims.detail.paidDescription', { amount: claim.approved_amount_nice })}
            </Text>
            <Anchor component={Link} to="/customers/money-wallet" size="sm" fw={600}>
              {t('claims.detail.toWallet')}
            </Anchor>
          </Stack>
        </Alert>
      )}
      {claim.status === 'aprobado' && (
        <Alert color="info" variant="light" icon={<IconInfo />} title={t('claims.detail.approvedTitle')}>
          <Text size="sm">
            {t('claims.detail.approvedDescription', { amount: claim.approved_amount_nice })}
          </Text>
        </Alert>
      )}
      {rejection && (
        <Alert color="red.9" variant="light" icon={<IconAlert />} title={t('claims.detail.rejectedTitle')}>
          <Text size="sm">{rejection.message}</Text>
        </Alert>
      )}

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <SectionCard title={t('claims.detail.about')}>
          <Stack gap="md">
            <FactList facts={facts} label={t('claims.detail.about')} />
            <div>
              <Text size="sm" c="dimmed">
                {t('claims.detail.description')}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {claim.description}
              </Text>
            </div>
          </Stack>
        </SectionCard>
        <SectionCard title={t('claims.detail.timeline')}>
          <ClaimTimeline claim={claim} />
        </SectionCard>
      </SimpleGrid>

      <SectionCard title={t('claims.detail.attachments')}>
        <Stack gap="lg">
          {claim.attachments.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('claims.detail.noAttachments')}
            </Text>
          ) : (
            <div className={classes.attachments}>
              {claim.attachments.map((attachment) => (
                <AttachmentCard
                  key={attachment.id}
                  attachment={attachment}
                  onDownload={() => void downloadClaimAttachment(attachment)}
                />
              ))}
            </div>
          )}
          <AddClaimFiles claim={claim} />
        </Stack>
      </SectionCard>

      <SectionCard title={t('claims.messages.title')}>
        <ClaimMessages claim={claim} />
      </SectionCard>
    </Stack>
  );
}

export function ClaimDetailPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const claimId = Number(id);
  const query = useQuery({ ...claimQueryOptions(claimId), enabled: Number.isInteger(claimId) });
  return (
    <DetailStates
      query={query}
      valid={Number.isInteger(claimId)}
      width={960}
      notFound={
        <NotFoundNotice
          title={t('claims.detail.notFoundTitle')}
          description={t('claims.detail.notFoundDescription')}
          backTo="/customers/claims"
          backLabel={t('claims.back')}
        />
      }
      loadError={{ title: t('claims.detail.loadErrorTitle'), description: t('claims.loadErrorDescription') }}
      skeleton={
        <>
          <Skeleton h={64} w="60%" radius="md" />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <Skeleton h={240} radius="lg" />
            <Skeleton h={240} radius="lg" />
          </SimpleGrid>
        </>
      }
    >
      {(claim) => <ClaimView claim={claim} />}
    </DetailStates>
  );
}
