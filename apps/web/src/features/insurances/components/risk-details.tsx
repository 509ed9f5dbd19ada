/** The insured object or people of an insurance (its risks), as labelled facts and lists of people. */
import type { InsuranceRisk } from '@cubierto/contracts';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FactList } from '../../../shared/ui/fact-list.tsx';
import lists from '../../../shared/ui/link-list.module.css';
import classes from './insurances.module.css';
import { riskFacts } from './risk-facts.ts';

export function RiskDetails({ risk }: { risk: InsuranceRisk }) {
  const { t } = useTranslation();
  const { facts, people } = riskFacts(risk.kind, risk.data, t);
  return (
    <Stack gap="md">
      {facts.length > 0 && <FactList facts={facts} label={t('insurances.detail.insured')} />}
      {people.map((group) => (
        <Stack gap={4} key={group.title}>
          <Text fw={700} size="sm">
            {group.title}
          </Text>
          <ul className={lists.list} style={{ gap: 0 }}>
            {group.people.map((person) => (
              <li key={`${person.name}-${person.details}`} className={classes.person}>
                <Text size="sm" fw={600}>
                  {person.name}
                </Text>
                <Text size="sm" c="dimmed">
                  {person.details}
                </Text>
              </li>
            ))}
          </ul>
        </Stack>
      ))}
      {risk.photo_file_ids.length > 0 && (
        <Text size="sm" c="dimmed">
          {t('insurances.detail.photos', { count: risk.photo_file_ids.length })}
        </Text>
      )}
    </Stack>
  );
}
