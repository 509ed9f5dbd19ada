/** What a detail page shows for an id that does not exist for the caller (another's, or a wrong link). */
import { Alert, Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { IconInfo } from './icons.tsx';

type NotFoundNoticeProps = { title: string; description: string; backTo: string; backLabel: string };

export function NotFoundNotice({ title, description, backTo, backLabel }: NotFoundNoticeProps) {
  return (
    <Stack gap="md" maw={960} mx="auto">
      <Alert color="gray" variant="light" icon={<IconInfo />} title={title}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{description}</Text>
          <Button component={Link} to={backTo} size="xs" variant="light">
            {backLabel}
          </Button>
        </Stack>
      </Alert>
    </Stack>
  );
}
