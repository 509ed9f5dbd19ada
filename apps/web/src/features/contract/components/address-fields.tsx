/**
 * The insured address of a home or a store: street, number, floor and apartment, province → locality
 * (GET /common/provinces, /common/provinces/{id}/localities) and zip code, filled in from the locality.
 */
import { SimpleGrid, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { localitiesQueryOptions, provincesQueryOptions } from '../../../shared/api/places.ts';
import { ChoiceField, TextField } from './form-fields.tsx';
import { AddressSuggestions } from './suggestions.tsx';

export function AddressFields() {
  const { t } = useTranslation();
  const { setValue } = useFormContext();
  const stateId = useWatch({ name: 'address.state_id' }) as number | undefined;
  const provinces = useQuery(provincesQueryOptions);
  const localities = useQuery(localitiesQueryOptions(stateId));

  return (
    <Stack gap="sm">
      <AddressSuggestions />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
        <TextField name="address.street" label={t('contract.fields.street')} autoComplete="address-line1" />
        <SimpleGrid cols={3} spacing="sm">
          <TextField name="address.street_number" label={t('contract.fields.street_number')} />
          <TextField name="address.floor_block" label={t('contract.fields.floor_block')} />
          <TextField name="address.apartment_house" label={t('contract.fields.apartment_house')} />
        </SimpleGrid>
        <ChoiceField
          name="address.state_id"
          numeric
          searchable
          label={t('contract.fields.state_id')}
          placeholder={provinces.isPending ? t('contract.select.loading') : t('contract.select.choose')}
          nothingFoundMessage={t('contract.select.nothingFound')}
          data={(provinces.data ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
          disabled={!provinces.data}
          onValueChange={() => setValue('address.locality_id', undefined)}
        />
        <ChoiceField
          name="address.locality_id"
          numeric
          searchable
          label={t('contract.fields.locality_id')}
          placeholder={
            !stateId
              ? t('contract.select.chooseProvinceFirst')
              : localities.isPending
                ? t('contract.select.loading')
                : t('contract.select.choose')
          }
          nothingFoundMessage={t('contract.select.nothingFound')}
          data={(localities.data ?? []).map((l) => ({ value: String(l.id), label: l.name }))}
          disabled={!stateId || !localities.data}
          onValueChange={(value) => {
            const zip = localities.data?.find((l) => String(l.id) === value)?.zip_code;
            if (zip) setValue('address.zip_code', zip, { shouldValidate: true });
          }}
        />
        <TextField
          name="address.zip_code"
          label={t('contract.fields.zip_code')}
          description={t('contract.hints.zipCode')}
          autoComplete="postal-code"
          maxLength={8}
        />
      </SimpleGrid>
    </Stack>
  );
}
