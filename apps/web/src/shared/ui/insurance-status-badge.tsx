/**
 * An insurance's status as a badge, with the spec's labels (spec §4: 'Pendiente de pago' …); an insurance
 * in force whose end the customer asked for reads 'Baja programada' beside it; one paid before its start
 * date is blue, not the warning of an unpaid one.
 */
import { INSURANCE_STATUS_LABELS, type InsuranceStatus } from '@cubierto/contracts';
import { Badge, Group, type MantineColor } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Light badges with a dark text shade, above WCAG AA contrast (Mantine's green.9 is only 4.0:1 there). */
const looks: Record<InsuranceStatus, { color: MantineColor; text: string }> = {
  pendiente: { color: 'warning', text: 'warning.9' },
  vigente: { color: 'green', text: '#1e6b30' },
  finalizado: { color: 'gray', text: 'gray.8' },
  cancelado: { color: 'gray', text: 'gray.8' },
  anulado: { color: 'red', text: 'red.9' },
  invalido: { color: 'red', text: 'red.9' },
};

const paidNotStarted = { color: 'blue', text: 'blue.9' } as const;

type Props = {
  status: InsuranceStatus;
  /** The API's label; the contracts' one otherwise. */
  label?: string | undefined;
  /** paid_at: a `pendiente` one already paid waits for its start date, it is not owed. */
  paid?: boolean | undefined;
  /** cancels_on of an insurance in force: its end is scheduled. */
  cancelsOn?: string | null | undefined;
  size?: 'sm' | 'md' | 'lg';
};

export function InsuranceStatusBadge({ status, label, paid, cancelsOn, size = 'md' }: Props) {
  const { t } = useTranslation();
  const look = status === 'pendiente' && paid ? paidNotStarted : looks[status];
  return (
    <Group gap={6} wrap="wrap">
      <Badge
        variant="light"
        color={look.color}
        c={look.text}
        size={size}
        radius="sm"
        tt="none"
        miw="max-content"
      >
        {label ?? INSURANCE_STATUS_LABELS[status]}
      </Badge>
      {status === 'vigente' && cancelsOn && (
        <Badge variant="outline" color="gray.8" size={size} radius="sm" tt="none" miw="max-content">
          {t('insurances.scheduledCancellation')}
        </Badge>
      )}
    </Group>
  );
}
