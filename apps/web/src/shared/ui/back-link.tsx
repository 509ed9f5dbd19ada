/** The link back to where a page was opened from, with an arrow, at the top of the page. */
import { Anchor, Group } from '@mantine/core';
import { Link } from 'react-router';
import { IconArrowLeft } from './product-icons.tsx';

export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Anchor component={Link} to={to} fw={600} size="sm" style={{ alignSelf: 'flex-start' }}>
      <Group gap={4} component="span" wrap="nowrap">
        <IconArrowLeft size={16} />
        {label}
      </Group>
    </Anchor>
  );
}
