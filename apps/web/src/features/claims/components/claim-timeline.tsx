/**
 * A claim's status history, oldest first, each with its date and the operator's message; the steps
 * still ahead (DOMAIN.md: recibido → en_revision → aprobado | rechazado; aprobado → pagado) are drawn
 * greyed so the customer knows what comes next.
 */
import {
  CLAIM_STATUS_LABELS,
  type ClaimDetail,
  type ClaimStatus,
  nextClaimStatuses,
} from '@cubierto/contracts';
import { Text, Timeline } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatLongDate } from '../../../shared/format/format.ts';
import { IconCheck } from '../../../shared/ui/icons.tsx';

/** The statuses still ahead on the way to being paid (none after a rejection). */
export function stepsAhead(status: ClaimStatus): ClaimStatus[] {
  const ahead: ClaimStatus[] = [];
  let current = status;
  for (;;) {
    const next = nextClaimStatuses(current).filter((s) => s !== 'rechazado')[0];
    if (!next) return ahead;
    ahead.push(next);
    current = next;
  }
}

export function ClaimTimeline({ claim }: { claim: ClaimDetail }) {
  const { t } = useTranslation();
  const ahead = stepsAhead(claim.status);
  return (
    <Timeline
      active={claim.events.length - 1}
      bulletSize={22}
      lineWidth={2}
      aria-label={t('claims.detail.timeline')}
    >
      {claim.events.map((event) => (
        <Timeline.Item key={event.id} bullet={<IconCheck size={12} />} title={event.status_label}>
          <Text size="sm" c="dimmed">
            {formatLongDate(event.created_at)}
          </Text>
          {event.message && (
            <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap' }}>
              {event.message}
            </Text>
          )}
        </Timeline.Item>
      ))}
      {ahead.map((status) => (
        <Timeline.Item key={status} title={CLAIM_STATUS_LABELS[status]} c="dimmed">
          <Text size="sm" c="dimmed">
            {t('claims.detail.ahead')}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
