/** A titled card of a detail page, a landmark named by its heading. */
import { Card, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

export function SectionCard({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Card withBorder padding="lg" radius="lg" component="section" aria-labelledby={headingId}>
      <Title order={2} fz="lg" mb="md" id={headingId}>
        {title}
      </Title>
      {children}
    </Card>
  );
}
