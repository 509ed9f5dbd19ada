/** A titled card of the home screen. */
import { Card, Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function HomeSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card component="section" aria-labelledby={id} withBorder shadow="xs" padding="lg">
      <Group justify="space-between" mb="md">
        <Title order={2} fz="lg" id={id}>
          {title}
        </Title>
      </Group>
      {children}
    </Card>
  );
}
