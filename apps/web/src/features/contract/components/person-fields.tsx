/**
 * One person (insured, traveller): name, surname, DNI, birth date and gender (spec §3 gender labels), with
 * the people of the customer's last contracts offered above.
 */
import { GENDER_LABELS, GENDERS } from '@cubierto/contracts';
import { SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ChoiceField, DateField, TextField } from './form-fields.tsx';
import { PersonSuggestions } from './suggestions.tsx';

const genderOptions = GENDERS.map((value) => ({ value, label: GENDER_LABELS[value] }));

type PersonFieldsProps = {
  prefix: string;
  today: string;
  /** The people of the last contracts above the inputs (the travellers list offers them itself). */
  offerSuggestions?: boolean;
};

export function PersonFields({ prefix, today, offerSuggestions = true }: PersonFieldsProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      {offerSuggestions && <PersonSuggestions prefix={prefix} />}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
        <TextField name={`${prefix}.first_name`} label={t('contract.fields.first_name')} autoComplete="off" />
        <TextField name={`${prefix}.last_name`} label={t('contract.fields.last_name')} autoComplete="off" />
        <TextField
          name={`${prefix}.dni`}
          label={t('contract.fields.dni')}
          inputMode="numeric"
          mask="dni"
          autoComplete="off"
        />
        <DateField name={`${prefix}.birth_date`} label={t('contract.fields.birth_date')} max={today} />
        <ChoiceField
          name={`${prefix}.gender`}
          label={t('contract.fields.gender')}
          placeholder={t('contract.select.choose')}
          data={genderOptions}
        />
      </SimpleGrid>
    </Stack>
  );
}
