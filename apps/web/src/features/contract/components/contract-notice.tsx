/** A contract that cannot go on (not found, already confirmed, discarded): what happened and where to go. */
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

type ContractNoticeProps = { title: string; description: string; action?: ReactNode };

export function ContractNotice({ title, description, action }: ContractNoticeProps) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="lg" padding="xl" maw={640} mx="auto">
      <Stack gap="sm">
        <Title order={1} fz={{ base: 22, sm: 26 }}>
          {title}
        </Title>
        <Text c="dimmed">{description}</Text>
        <Group mt="sm">
          {action}
          <Button component={Link} to="/tabs" variant={action ? 'default' : 'filled'}>
            {t('contract.backHome')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
