/** A titled card of the home screen. */
import { Card, Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type HomeSectionProps = {
  id: string;
  title: string;
  children: ReactNode /** What the home tour calls it. */;
  tour?: string;
};

export function HomeSection({ id, title, children, tour }: HomeSectionProps) {
  return (
    <Card component="section" aria-labelledby={id} withBorder shadow="xs" padding="lg" data-tour={tour}>
      <Group justify="space-between" mb="md">
        <Title order={2} fz="lg" id={id}>
          {title}
        </Title>
      </Group>
      {children}
    </Card>
  );
}
