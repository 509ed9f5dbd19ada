/**
 * Lists of people in a risk step: beneficiaries (0–5 for personal accidents, 1–5 for life, percentages
 * adding up to 100) and travellers (1–6). The limits and messages are the shared schema's.
 */
import { GENDER_LABELS, type SuggestedPerson } from '@cubierto/contracts';
import { Button, Fieldset, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../shared/format/format.ts';
import { suggestionsQueryOptions } from '../api/suggestions.ts';
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

type Traveller = Partial<Record<keyof SuggestedPerson, string>>;

const digitsOf = (value: string | undefined) => (value ?? '').replace(/\D/g, '');

/** A traveller who is one of the people of the last contracts, with all their data as they were. */
function chosenPerson(traveller: Traveller | undefined, people: readonly SuggestedPerson[]) {
  if (!traveller?.birth_date || !traveller.gender) return undefined;
  return people.find(
    (p) =>
      p.dni === digitsOf(traveller.dni) &&
      p.first_name === traveller.first_name &&
      p.last_name === traveller.last_name &&
      p.birth_date === traveller.birth_date &&
      p.gender === traveller.gender,
  );
}

/** 'Quitar viajero N', on a chosen traveller and on one being typed. */
function RemoveTraveller({ n, onRemove }: { n: number; onRemove: () => void }) {
  const { t } = useTranslation();
  return (
    <Button variant="subtle" color="red" c="red.9" size="compact-sm" onClick={onRemove}>
      {t('contract.travellers.remove', { n })}
    </Button>
  );
}

/**
 * The travellers (1–6). A person of the customer's last contracts is shown as chosen, in one line, and
 * can be removed or edited; the customer's own person comes chosen as the first traveller (issue 19). The
 * other people of the last contracts are one tap away: a tap completes the traveller with their DNI, fills
 * an empty one, or adds them.
 */
export function TravellersFields({ today }: { today: string }) {
  const { t } = useTranslation();
  const { control, setValue, getValues } = useFormContext();
  const { fields, append, remove, replace } = useFieldArray({ control, name: 'travellers' });
  const travellers = (useWatch({ name: 'travellers' }) as Traveller[] | undefined) ?? [];
  const error = useFieldError('travellers');
  const suggestions = useQuery(suggestionsQueryOptions());
  const people = suggestions.data?.people ?? [];
  const [editing, setEditing] = useState<ReadonlySet<string>>(new Set());
  const titleId = useId();

  const travelling = new Set(travellers.map((p) => digitsOf(p.dni)).filter(Boolean));
  // Everyone not already travelling with all their data (one typed in part is completed by a tap).
  const offered = people.filter((person) => !travellers.some((p) => chosenPerson(p, [person])));

  const add = (person: SuggestedPerson) => {
    const list = getValues('travellers') as Traveller[];
    let index = list.findIndex((p) => digitsOf(p.dni) === person.dni);
    if (index === -1) index = list.findIndex((p) => !p.first_name && !p.last_name && !digitsOf(p.dni));
    if (index === -1) {
      if (list.length >= 6) return;
      append({ ...person });
      return;
    }
    for (const key of ['first_name', 'last_name', 'dni', 'birth_date', 'gender'] as const)
      setValue(`travellers.${index}.${key}`, person[key], { shouldDirty: true, shouldValidate: true });
  };

  const removeAt = (index: number) => {
    // One traveller at least: the last one removed leaves an empty one to fill.
    if (fields.length === 1) replace([blankTraveller()]);
    else remove(index);
  };

  return (
    <Stack gap="sm">
      {fields.map((field, index) => {
        const chosen = chosenPerson(travellers[index], people);
        const legend = t('contract.travellers.item', { n: index + 1 });
        if (chosen && !editing.has(field.id)) {
          return (
            <Paper key={field.id} withBorder radius="md" p="sm" data-testid="chosen-traveller">
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Stack gap={0}>
                  <Text size="sm" c="dimmed">
                    {legend}
                  </Text>
                  <Text fw={600}>
                    {chosen.first_name} {chosen.last_name}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {t('contract.summary.dni', { dni: chosen.dni })} · {formatDay(chosen.birth_date)} ·{' '}
                    {GENDER_LABELS[chosen.gender]}
                  </Text>
                </Stack>
                <Group gap="xs">
                  <Button
                    variant="subtle"
                    size="compact-sm"
                    onClick={() => setEditing(new Set([...editing, field.id]))}
                    aria-label={t('contract.travellers.editOf', { n: index + 1 })}
                  >
                    {t('contract.travellers.edit')}
                  </Button>
                  <RemoveTraveller n={index + 1} onRemove={() => removeAt(index)} />
                </Group>
              </Group>
            </Paper>
          );
        }
        return (
          <Fieldset key={field.id} legend={legend} radius="md">
            <Stack gap="sm">
              <PersonFields prefix={`travellers.${index}`} today={today} offerSuggestions={false} />
              {fields.length > 1 && (
                <Group justify="flex-end">
                  <RemoveTraveller n={index + 1} onRemove={() => removeAt(index)} />
                </Group>
              )}
            </Stack>
          </Fieldset>
        );
      })}
      {error && (
        <Text size="sm" c="var(--mantine-color-error)" role="alert">
          {error}
        </Text>
      )}
      {offered.length > 0 && (
        <Group gap="xs" role="group" aria-labelledby={titleId} data-testid="suggestions">
          <Text size="sm" c="dimmed" id={titleId}>
            {t('contract.travellers.offered')}
          </Text>
          {offered.map((person) => (
            <Button
              key={person.dni}
              size="compact-sm"
              variant="light"
              radius="xl"
              disabled={fields.length >= 6 && !travelling.has(person.dni)}
              onClick={() => add(person)}
              aria-label={t('contract.travellers.addPerson', {
                name: `${person.first_name} ${person.last_name}`,
              })}
            >
              {person.first_name} {person.last_name}
            </Button>
          ))}
        </Group>
      )}
      {fields.length < 6 && (
        <Group>
          <Button variant="light" onClick={() => append(blankTraveller())}>
            {t('contract.travellers.add')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
