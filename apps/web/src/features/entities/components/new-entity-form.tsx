/**
 * A new person (by DNI) or business (by CUIT) with its condition before VAT, validated with the same
 * schema as the API (NewEntitySchema); the API's 422 messages land under their fields.
 */
import {
  type Entity,
  type NewEntity,
  NewEntitySchema,
  TAX_CONDITION_LABELS,
  TAX_CONDITIONS,
} from '@cubierto/contracts';
import { Button, Card, Group, Input, SegmentedControl, Stack, TextInput, Title } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { handleError } from '../../../shared/errors/error-handler.tsx';
import { maskedRegistration } from '../../../shared/forms/masks.ts';
import { SelectField } from '../../../shared/forms/select-field.tsx';
import { useApiForm } from '../../../shared/forms/use-api-form.ts';
import { useCreateEntityMutation } from '../api/create-entity.ts';

const taxOptions = TAX_CONDITIONS.map((value) => ({ value, label: TAX_CONDITION_LABELS[value] }));

/** A document of 11 digits is a CUIT, so it is most likely a business. */
export function kindOfDocument(document: string): NewEntity['kind'] {
  return document.replace(/\D/g, '').length === 11 ? 'business' : 'person';
}

type NewEntityFormProps = {
  document?: string;
  /** The kind to start with when no document says it (the business center adds businesses). */
  kind?: NewEntity['kind'];
  submitLabel: string;
  onCreated: (entity: Entity) => void;
  onCancel?: () => void;
};

export function NewEntityForm({ document = '', kind, submitLabel, onCreated, onCancel }: NewEntityFormProps) {
  const { t } = useTranslation();
  const creation = useCreateEntityMutation();
  const {
    register,
    control,
    handleSubmit,
    watch,
    applyApiErrors,
    formState: { errors, isSubmitting },
  } = useApiForm({
    schema: NewEntitySchema,
    defaultValues: {
      kind: document ? kindOfDocument(document) : (kind ?? 'person'),
      name: '',
      document_number: document,
      tax_condition: 'consumidor_final',
    },
  });
  const business = watch('kind') === 'business';

  const submit = handleSubmit(async (values) => {
    try {
      onCreated(await creation.mutateAsync(values));
    } catch (error) {
      if (!applyApiErrors(error)) handleError(error, 61);
    }
  });

  return (
    <Card withBorder radius="lg" padding="lg">
      <form onSubmit={submit} noValidate aria-labelledby="new-entity-title">
        <Stack gap="md">
          <Title order={2} fz="lg" id="new-entity-title">
            {t('entities.create.title')}
          </Title>
          <Controller
            control={control}
            name="kind"
            render={({ field }) => (
              <Input.Wrapper label={t('entities.create.kind')} error={errors.kind?.message}>
                <SegmentedControl
                  fullWidth
                  mt={4}
                  value={field.value}
                  onChange={(value) => field.onChange(value)}
                  data={[
                    { value: 'person', label: t('entities.kind.person') },
                    { value: 'business', label: t('entities.kind.business') },
                  ]}
                  aria-label={t('entities.create.kind')}
                />
              </Input.Wrapper>
            )}
          />
          <TextInput
            label={business ? t('entities.create.businessName') : t('entities.create.personName')}
            error={errors.name?.message}
            autoComplete="off"
            {...register('name')}
          />
          <TextInput
            label={business ? t('entities.create.cuit') : t('entities.create.dni')}
            description={business ? t('entities.create.cuitHint') : undefined}
            inputMode="numeric"
            error={errors.document_number?.message}
            autoComplete="off"
            {...maskedRegistration(register('document_number'), business ? 'cuit' : 'dni')}
          />
          <SelectField
            control={control}
            name="tax_condition"
            label={t('entities.create.taxCondition')}
            data={taxOptions}
            searchable={false}
          />
          <Group justify="flex-end" gap="sm">
            {onCancel && (
              <Button variant="default" onClick={onCancel} disabled={isSubmitting}>
                {t('common.cancel')}
              </Button>
            )}
            <Button type="submit" loading={isSubmitting}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
