/**
 * "Mis contrataciones" (customers/insurances and customers/insurance-processes): the contracted
 * insurances and the contracts still in progress. Each part is its own address, so they are switched
 * with links (the current one marked), not with tabs that would hide a navigation.
 */
import { Group, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { InsuranceList } from '../components/insurance-list.tsx';
import classes from '../components/insurances.module.css';
import { ProcessList } from '../components/process-list.tsx';

const INSURANCES = '/customers/insurances';
const PROCESSES = '/customers/insurance-processes';

export function InsurancesPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const current = pathname.startsWith(PROCESSES) ? PROCESSES : INSURANCES;
  const parts = [
    { to: INSURANCES, label: t('insurances.tabs.insurances') },
    { to: PROCESSES, label: t('insurances.tabs.processes') },
  ];

  return (
    <Stack gap="lg" maw={960} mx="auto">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {t('insurances.title')}
        </Title>
        <Text c="dimmed">{t('insurances.subtitle')}</Text>
      </Stack>
      <Group component="nav" aria-label={t('insurances.tabs.label')} gap={0} className={classes.parts}>
        {parts.map((part) => (
          <UnstyledButton
            key={part.to}
            component={Link}
            to={part.to}
            aria-current={part.to === current ? 'page' : undefined}
            className={classes.part}
          >
            {part.label}
          </UnstyledButton>
        ))}
      </Group>
      {current === PROCESSES ? <ProcessList /> : <InsuranceList />}
    </Stack>
  );
}
