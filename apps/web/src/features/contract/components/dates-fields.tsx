/**
 * Cover dates: from today, for at most a year; for travel assistance, the dates of the trip, a section of
 * the trip's screen below the travellers (issue 19).
 */
import { addDays, type RiskTypeCode, riskTypeRule } from '@cubierto/contracts';
import { Fieldset, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { fieldLabel } from '../model/answer-summary.ts';
import { DateField } from './form-fields.tsx';

export function DatesFields({ code, today }: { code: RiskTypeCode; today: string }) {
  const { t } = useTranslation();
  const travel = riskTypeRule(code).dates?.kind === 'trip';
  const fields = (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
        <DateField name="start_date" label={fieldLabel(t, code, 'start_date')} min={today} />
        <DateField
          name="end_date"
          label={fieldLabel(t, code, 'end_date')}
          min={today}
          max={addDays(today, 366)}
        />
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        {travel ? t('contract.dates.tripHint') : t('contract.dates.hint')}
      </Text>
    </Stack>
  );
  return travel ? (
    <Fieldset legend={t('contract.steps.tripDates.label')} radius="md" variant="filled">
      {fields}
    </Fieldset>
  ) : (
    fields
  );
}
