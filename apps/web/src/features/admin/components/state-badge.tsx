/** A state as a light badge whose text keeps WCAG AA contrast (dark text shades on the light tint). */
import { Badge } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const tones = {
  ok: { color: 'green', text: '#1e6b30' },
  off: { color: 'gray', text: 'gray.8' },
  bad: { color: 'red', text: 'red.9' },
  warn: { color: 'orange', text: '#8a3c00' },
  info: { color: 'blue', text: 'blue.9' },
} as const;

export type Tone = keyof typeof tones;

export function StateBadge({ tone, children, testId }: { tone: Tone; children: ReactNode; testId?: string }) {
  const look = tones[tone];
  return (
    <Badge
      variant="light"
      color={look.color}
      c={look.text}
      radius="sm"
      tt="none"
      maw="none"
      // Never cut to 'Act…' when the table squeezes its column: the badge is as wide as its text.
      miw="max-content"
      data-testid={testId}
    >
      {children}
    </Badge>
  );
}

/** 'Activo' / 'Inactivo' of a catalogue record or a setting. */
export function ActiveBadge({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <StateBadge tone={active ? 'ok' : 'off'}>
      {active ? t('admin.status.active') : t('admin.status.inactive')}
    </StateBadge>
  );
}
