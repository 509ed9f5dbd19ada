/**
 * Lists of people in a risk step: beneficiaries (0–5 for personal accidents, 1–5 for life, percentages
 * adding up to 100) and travellers (1–6). The limits and messages are the shared schema's.
 */
import { Button, Fieldset, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { blankBeneficiary, blankTraveller } from '../model/step-values.ts';
import { NumberField, TextField, useFieldError } from './form-fields.tsx';
import { PersonFields } from './person-fields.tsx';

type ListProps = {
  name: 'beneficiaries' | 'travellers';
  min: number;
  max: number;
  blank: () => Record<string, unknown>;
  /** i18n keys: legend of an item (with {{n}}), add and remove labels, empty text. */
  texts: { item: string; add: string; remove: string; empty?: string; hint?: string };
  renderItem: (prefix: string) => ReactNode;
  summary?: ReactNode;
};

function PeopleList({ name, min, max, blank, texts, renderItem, summary }: ListProps) {
  const { t } = useTranslation();
  const { control } = useFormContext();
  const { fields, append, remove } = useFieldArray({ control, name });
  const error = useFieldError(name);

  return (
    <Stack gap="sm">
      {texts.hint && (
        <Text size="sm" c="dimmed">
          {t(texts.hint)}
        </Text>
      )}
      {fields.length === 0 && texts.empty && (
        <Text size="sm" c="dimmed">
          {t(texts.empty)}
        </Text>
      )}
      {fields.map((field, index) => (
        <Fieldset key={field.id} legend={t(texts.item, { n: index + 1 })} radius="md">
          <Stack gap="sm">
            {renderItem(`${name}.${index}`)}
            {fields.length > min && (
              <Group justify="flex-end">
                <Button
                  variant="subtle"
                  color="red"
                  c="red.9"
                  size="compact-sm"
                  onClick={() => remove(index)}
                >
                  {t(texts.remove, { n: index + 1 })}
                </Button>
              </Group>
            )}
          </Stack>
        </Fieldset>
      ))}
      {summary}
      {error && (
        <Text size="sm" c="var(--mantine-color-error)" role="alert">
          {error}
        </Text>
      )}
      {fields.length < max && (
        <Group>
          <Button variant="light" onClick={() => append(blank())}>
            {t(texts.add)}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function PercentageTotal() {
  const { t } = useTranslation();
  const list = useWatch({ name: 'beneficiaries' }) as Array<{ percentage?: number }> | undefined;
  if (!list?.length) return null;
  const total = list.reduce(
    (sum, item) => sum + (typeof item.percentage === 'number' ? item.percentage : 0),
    0,
  );
  return (
    <Text size="sm" fw={600} c={total === 100 ? 'brand.8' : 'dimmed'} aria-live="polite">
      {t('contract.beneficiaries.total', { total })}
    </Text>
  );
}

export function BeneficiariesFields({ min }: { min: number }) {
  const { t } = useTranslation();
  return (
    <PeopleList
      name="beneficiaries"
      min={min}
      max={5}
      blank={blankBeneficiary}
      texts={{
        item: 'contract.beneficiaries.item',
        add: 'contract.beneficiaries.add',
        remove: 'contract.beneficiaries.remove',
        empty: min === 0 ? 'contract.beneficiaries.empty' : undefined,
        hint: 'contract.beneficiaries.hint',
      }}
      summary={<PercentageTotal />}
      renderItem={(prefix) => (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          <TextField name={`${prefix}.first_name`} label={t('contract.fields.first_name')} />
          <TextField name={`${prefix}.last_name`} label={t('contract.fields.last_name')} />
          <TextField name={`${prefix}.dni`} label={t('contract.fields.dni')} inputMode="numeric" mask="dni" />
          <TextField name={`${prefix}.relationship`} label={t('contract.fields.relationship')} />
          <NumberField
            name={`${prefix}.percentage`}
            label={t('contract.fields.percentage')}
            suffix=" %"
            min={1}
            max={100}
          />
        </SimpleGrid>
      )}
    />
  );
}

export function TravellersFields({ today }: { today: string }) {
  return (
    <PeopleList
      name="travellers"
      min={1}
      max={6}
      blank={blankTraveller}
      texts={{
        item: 'contract.travellers.item',
        add: 'contract.travellers.add',
        remove: 'contract.travellers.remove',
      }}
      renderItem={(prefix) => <PersonFields prefix={prefix} today={today} />}
    />
  );
}
