/**
 * "Completar con": what the customer answered in their last contracts, one button each, above the inputs
 * it fills (issue 19 item 5): a person (name, DNI, birth date, gender), a vehicle (plate and, from a
 * motorcycle, its data), an address. One tap sets the inputs; the step's schema still checks them on
 * 'Continuar'. Nothing shows while they load, when there are none or when the query fails.
 */
import type { SuggestedAddress, SuggestedPerson, SuggestedVehicle } from '@cubierto/contracts';
import { Button, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { suggestionsQueryOptions } from '../api/suggestions.ts';

type Choice = { key: string; label: string; name: string; fill: () => void };

function SuggestionButtons({ title, choices }: { title: string; choices: Choice[] }) {
  const { t } = useTranslation();
  const titleId = useId();
  if (choices.length === 0) return null;
  return (
    <Group gap="xs" role="group" aria-labelledby={titleId} data-testid="suggestions">
      <Text size="sm" c="dimmed" id={titleId}>
        {title}
      </Text>
      {choices.map((choice) => (
        <Button
          key={choice.key}
          size="compact-sm"
          variant="light"
          radius="xl"
          onClick={choice.fill}
          aria-label={t('contract.suggestions.fillWith', { name: choice.name })}
        >
          {choice.label}
        </Button>
      ))}
    </Group>
  );
}

const fullName = (person: SuggestedPerson) => `${person.first_name} ${person.last_name}`;

/** The people of the last contracts, for the person at `prefix` (the insured, a traveller). */
export function PersonSuggestions({ prefix }: { prefix: string }) {
  const { t } = useTranslation();
  const { setValue } = useFormContext();
  const suggestions = useQuery(suggestionsQueryOptions());
  const current = useWatch({ name: prefix }) as Partial<Record<keyof SuggestedPerson, string>> | undefined;
  const digits = (value: string | undefined) => (value ?? '').replace(/\D/g, '');
  // A slot that already holds the person with all their data. One the form filled from the account
  // (name and DNI, no birth date or gender) still offers them: one tap completes it.
  const holds = (person: SuggestedPerson) =>
    digits(current?.dni) === person.dni && Boolean(current?.birth_date) && Boolean(current?.gender);
  const choices = (suggestions.data?.people ?? [])
    // The person already there, complete, is not offered again.
    .filter((person) => !holds(person))
    .map((person) => ({
      key: person.dni,
      label: fullName(person),
      name: fullName(person),
      fill: () => {
        for (const key of ['first_name', 'last_name', 'dni', 'birth_date', 'gender'] as const) {
          setValue(`${prefix}.${key}`, person[key], { shouldDirty: true, shouldValidate: true });
        }
      },
    }));
  return <SuggestionButtons title={t('contract.suggestions.title')} choices={choices} />;
}

const vehicleLabel = (vehicle: SuggestedVehicle) =>
  [vehicle.plate, [vehicle.brand, vehicle.model].filter(Boolean).join(' ')].filter(Boolean).join(' · ');

/** The vehicles of the last contracts, for the risk step's fields that have their keys (plate, brand, …). */
export function VehicleSuggestions({ keys }: { keys: readonly string[] }) {
  const { t } = useTranslation();
  const { setValue } = useFormContext();
  const suggestions = useQuery(suggestionsQueryOptions());
  const choices = (suggestions.data?.vehicles ?? []).map((vehicle) => ({
    key: vehicle.plate,
    label: vehicleLabel(vehicle),
    name: vehicleLabel(vehicle),
    fill: () => {
      for (const [key, value] of Object.entries(vehicle)) {
        if (value !== null && keys.includes(key))
          setValue(key, value, { shouldDirty: true, shouldValidate: true });
      }
    },
  }));
  return <SuggestionButtons title={t('contract.suggestions.title')} choices={choices} />;
}

const addressLabel = (address: SuggestedAddress) =>
  [
    `${address.street} ${address.street_number}`,
    [address.floor_block, address.apartment_house].filter(Boolean).join(' '),
    address.zip_code,
  ]
    .filter(Boolean)
    .join(', ');

/** The addresses of the last contracts, for the address inputs (`address.*`). */
export function AddressSuggestions() {
  const { t } = useTranslation();
  const { setValue } = useFormContext();
  const suggestions = useQuery(suggestionsQueryOptions());
  const choices = (suggestions.data?.addresses ?? []).map((address) => ({
    key: addressLabel(address),
    label: addressLabel(address),
    name: addressLabel(address),
    fill: () => {
      for (const [key, value] of Object.entries(address)) {
        setValue(`address.${key}`, value ?? '', { shouldDirty: true, shouldValidate: true });
      }
    },
  }));
  return <SuggestionButtons title={t('contract.suggestions.title')} choices={choices} />;
}
