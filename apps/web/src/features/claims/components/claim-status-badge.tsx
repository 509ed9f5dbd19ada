/** A claim's status as a light badge with dark text (above WCAG AA contrast), in the API's words. */
import { CLAIM_STATUS_LABELS, type ClaimStatus } from '@cubierto/contracts';
import { Badge, type MantineColor } from '@mantine/core';

const looks: Record<ClaimStatus, { color: MantineColor; text: string }> = {
  recibido: { color: 'blue', text: 'blue.9' },
  en_revision: { color: 'warning', text: 'warning.9' },
  aprobado: { color: 'green', text: '#1e6b30' },
  rechazado: { color: 'red', text: 'red.9' },
  pagado: { color: 'teal', text: '#065f46' },
};

export function ClaimStatusBadge({
  status,
  size = 'md',
}: {
  status: ClaimStatus;
  size?: 'sm' | 'md' | 'lg';
}) {
  const look = looks[status];
  return (
    <Badge
      variant="light"
      color={look.color}
      c={look.text}
      size={size}
      radius="sm"
      tt="none"
      miw="max-content"
    >
      {CLAIM_STATUS_LABELS[status]}
    </Badge>
  );
}
