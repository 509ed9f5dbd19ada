/**
 * The invoice profile form (designated billing party): name, DNI or CUIT (check digit verified as you
 * type, with the API's schema), tax condition, address. The letter it leads to ("A" for a responsable
 * inscripto, "B" otherwise) is said beside the tax condition. A refused save keeps what was typed.
 */
import {
  formatDocumentNumber,
  type InvoiceProfile,
  type InvoiceProfileBody,
  InvoiceProfileBodySchema,
  invoiceLetterFor,
  TAX_CONDITION_LABELS,
  TAX_CONDITIONS,
  type TaxCondition,
} from '@cubierto/contracts';
import {
  Button,
  Card,
  Grid,
  Group,
  Input,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { provincesQueryOptions } from '../../../shared/api/places.ts';
import { handleError } from '../../../shared/errors/error-handler.tsx';
import { maskedRegistration } from '../../../shared/forms/masks.ts';
import { SelectField } from '../../../shared/forms/select-field.tsx';
import { useApiForm } from '../../../shared/forms/use-api-form.ts';
import { showToast } from '../../../shared/toasts/toasts.tsx';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { useSaveInvoiceProfileMutation } from '../api/invoice-profile.ts';

// The province picker holds the id as text (or null before a choice); the schema coerces it.
type FormInput = InvoiceProfileBody;

const taxOptions = TAX_CONDITIONS.map((value) => ({ value, label: TAX_CONDITION_LABELS[value] }));

function valuesOf(profile: InvoiceProfile | null): FormInput {
  return {
    name: profile?.name ?? '',
    document_type: profile?.document_type ?? 'CUIT',
    document_number: profile ? formatDocumentNumber(profile.document_type, profile.document_number) : '',
    tax_condition: profile?.tax_condition ?? 'consumidor_final',
    street: profile?.street ?? '',
    street_number: profile?.street_number ?? '',
    floor_apartment: profile?.floor_apartment ?? '',
    locality: profile?.locality ?? '',
    state_id: profile ? String(profile.state_id) : null,
    zip_code: profile?.zip_code ?? '',
  };
}

export function InvoiceProfileForm({ profile }: { profile: InvoiceProfile | null }) {
  const { t } = useTranslation();
  const titleId = useId();
  const save = useSaveInvoiceProfileMutation();
  const provinces = useQuery(provincesQueryOptions);
  const {
    register,
    control,
    handleSubmit,
    watch,
    reset,
    applyApiErrors,
    formState: { errors, isSubmitting },
  } = useApiForm({ schema: InvoiceProfileBodySchema, defaultValues: valuesOf(profile) });
  const isCuit = watch('document_type') === 'CUIT';
  const letter = invoiceLetterFor((watch('tax_condition') ?? 'consumidor_final') as TaxCondition);

  const submit = handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values);
      reset(valuesOf(saved));
      showToast({ type: 'success', message: t('billing.profile.saved'), duration: 4_000 });
    } catch (error) {
      if (!applyApiErrors(error)) handleError(error, 81);
    }
  });

  const provinceOptions = (provinces.data ?? []).map((p) => ({ value: String(p.id), label: p.name }));

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={titleId}>
      <form onSubmit={submit} noValidate aria-labelledby={titleId}>
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={2} fz="lg" id={titleId}>
              {t('billing.profile.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {profile ? t('billing.profile.description') : t('billing.profile.emptyDescription')}
            </Text>
          </Stack>
          <TextInput
            label={t('billing.profile.name')}
            autoComplete="organization"
            error={errors.name?.message}
            {...register('name')}
          />
          <Controller
            control={control}
            name="document_type"
            render={({ field }) => (
              <Input.Wrapper label={t('billing.profile.documentType')} error={errors.document_type?.message}>
                <SegmentedControl
                  fullWidth
                  mt={4}
                  value={field.value}
                  onChange={field.onChange}
                  aria-label={t('billing.profile.documentType')}
                  data={[
                    { value: 'CUIT', label: 'CUIT' },
                    { value: 'DNI', label: 'DNI' },
                  ]}
                />
              </Input.Wrapper>
            )}
          />
          <TextInput
            label={isCuit ? t('billing.profile.cuit') : t('billing.profile.dni')}
            description={isCuit ? t('billing.profile.cuitHint') : t('billing.profile.dniHint')}
            inputMode="numeric"
            autoComplete="off"
            error={errors.document_number?.message}
            {...maskedRegistration(register('document_number'), isCuit ? 'cuit' : 'dni')}
          />
          <SelectField
            control={control}
            name="tax_condition"
            label={t('billing.profile.taxCondition')}
            description={t(letter === 'A' ? 'billing.profile.letterA' : 'billing.profile.letterB')}
            data={taxOptions}
            searchable={false}
          />
          <Title order={3} fz="md">
            {t('billing.profile.address')}
          </Title>
          {provinces.isError && (
            <LoadError
              description={t('billing.profile.provincesError')}
              onRetry={() => void provinces.refetch()}
            />
          )}
          <Grid gap="md">
            <Grid.Col span={12}>
              <TextInput
                label={t('billing.profile.street')}
                autoComplete="address-line1"
                error={errors.street?.message}
                {...register('street')}
              />
            </Grid.Col>
            <Grid.Col span={6}>
              <TextInput
                label={t('billing.profile.streetNumber')}
                error={errors.street_number?.message}
                {...register('street_number')}
              />
            </Grid.Col>
            <Grid.Col span={6}>
              <TextInput
                label={t('billing.profile.floorApartment')}
                placeholder={t('billing.profile.optional')}
                error={errors.floor_apartment?.message}
                {...register('floor_apartment')}
              />
            </Grid.Col>
            <Grid.Col span={12}>
              <TextInput
                label={t('billing.profile.locality')}
                autoComplete="address-level2"
                error={errors.locality?.message}
                {...register('locality')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, xs: 7 }}>
              <SelectField
                control={control}
                name="state_id"
                label={t('billing.profile.province')}
                placeholder={
                  provinces.isPending
                    ? t('billing.profile.provincesLoading')
                    : t('billing.profile.provincePlaceholder')
                }
                data={provinceOptions}
                nothingFoundMessage={t('billing.profile.nothingFound')}
                disabled={provinces.isPending || provinces.isError}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, xs: 5 }}>
              <TextInput
                label={t('billing.profile.zipCode')}
                autoComplete="postal-code"
                maxLength={8}
                error={errors.zip_code?.message}
                {...register('zip_code')}
              />
            </Grid.Col>
          </Grid>
          <Group justify="flex-end">
            <Button type="submit" loading={isSubmitting}>
              {t('billing.profile.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
