/**
 * "Mis contrataciones" (customers/insurances and customers/insurance-processes): two tabs, the contracted
 * insurances and the contracts still in progress; each tab is its own address.
 */
import { Stack, Tabs, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { InsuranceList } from '../components/insurance-list.tsx';
import { ProcessList } from '../components/process-list.tsx';

const INSURANCES = '/customers/insurances';
const PROCESSES = '/customers/insurance-processes';

export function InsurancesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const tab = pathname.startsWith(PROCESSES) ? PROCESSES : INSURANCES;

  return (
    <Stack gap="lg" maw={960} mx="auto">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {t('insurances.title')}
        </Title>
        <Text c="dimmed">{t('insurances.subtitle')}</Text>
      </Stack>
      <Tabs value={tab} onChange={(next) => next && navigate(next)} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value={INSURANCES}>{t('insurances.tabs.insurances')}</Tabs.Tab>
          <Tabs.Tab value={PROCESSES}>{t('insurances.tabs.processes')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value={INSURANCES} pt="lg">
          <InsuranceList />
        </Tabs.Panel>
        <Tabs.Panel value={PROCESSES} pt="lg">
          <ProcessList />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
