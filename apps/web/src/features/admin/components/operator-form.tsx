/**
 * The operator's create / edit form: the shared form hook (validation with the API's own schema from
 * packages/contracts, and the API's 422 validations placed beside the fields), its fields, and "Cancelar"
 * / "Guardar". A form may hold its values the way a person types them (pesos, one row per item):
 * `toBody` turns them into the API's body, which the schema checks; each issue lands on the form field of
 * the same path.
 */
import {
  Button,
  Checkbox,
  Group,
  Select,
  type SelectProps,
  Stack,
  Switch,
  Text,
  Textarea,
  type TextareaProps,
  TextInput,
  type TextInputProps,
} from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import {
  Controller,
  type DefaultValues,
  type FieldValues,
  get,
  type Path,
  type UseFormReturn,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { handleError } from '../../../shared/errors/error-handler.tsx';
import { type ApiForm, useApiForm } from '../../../shared/forms/use-api-form.ts';
import { firstErrorMessage } from './error-text.ts';

/** The API's body schema read from the form's values: `toBody` first, then the schema. */
export function formBodySchema<TForm, TBody>(
  schema: z.ZodType<TBody>,
  toBody: (values: TForm) => unknown,
): z.ZodType<TBody, TForm> {
  // The input side is the form's values; zod types a preprocess's input as unknown.
  return z.preprocess((values) => toBody(values as TForm), schema) as unknown as z.ZodType<TBody, TForm>;
}

/** The form of one record: its values, validated as the API's body (optionally through `toBody`). */
export function useOperatorForm<TForm extends FieldValues, TBody>(options: {
  schema: z.ZodType<TBody>;
  defaultValues: DefaultValues<TForm>;
  toBody?: (values: TForm) => unknown;
  /** The fields an API message may land on, when the form has others than its values (a file). */
  fields?: readonly Path<TForm>[];
}): ApiForm<TForm, TBody> {
  return useApiForm<TForm, TBody>({
    schema: formBodySchema<TForm, TBody>(options.schema, options.toBody ?? ((values) => values)),
    defaultValues: options.defaultValues,
    ...(options.fields ? { fields: options.fields } : {}),
  });
}

type FormProps<TForm extends FieldValues, TBody> = {
  form: ApiForm<TForm, TBody>;
  /** The form's accessible name. */
  label: string;
  /** Sends the body (the mutation); the form closes when it resolves. */
  save: (body: TBody) => Promise<unknown>;
  saving: boolean;
  onDone: () => void;
  /** The submit button's text and colour, when it is not "Guardar". */
  submit?: { label: string; color?: string };
  children: ReactNode;
};

export function OperatorForm<TForm extends FieldValues, TBody>(props: FormProps<TForm, TBody>) {
  const { t } = useTranslation();
  const { form } = props;
  const onSubmit = form.handleSubmit(async (body) => {
    try {
      await props.save(body);
      props.onDone();
    } catch (error) {
      if (!form.applyApiErrors(error)) handleError(error);
    }
  });
  const formError = firstErrorMessage(form.formState.errors.root);
  return (
    <form onSubmit={onSubmit} noValidate aria-label={props.label}>
      <Stack gap="md">
        {props.children}
        {formError && (
          <Text c="red.8" size="sm" role="alert">
            {formError}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onDone}>
            {t('admin.cancel')}
          </Button>
          <Button type="submit" color={props.submit?.color} loading={props.saving}>
            {props.submit?.label ?? t('admin.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The form of a record saved by a `{ id?, body }` mutation: it updates `id`, or creates one without it. */
export function RecordForm<TForm extends FieldValues, TBody>({
  mutation,
  id,
  ...props
}: Omit<FormProps<TForm, TBody>, 'save' | 'saving'> & {
  mutation: UseMutationResult<unknown, Error, { id?: number | undefined; body: TBody }>;
  id: number | undefined;
}) {
  return (
    <OperatorForm
      {...props}
      save={(body) => mutation.mutateAsync({ id, body })}
      saving={mutation.isPending}
    />
  );
}

type Bound<TForm extends FieldValues, TBody> = {
  form: UseFormReturn<TForm, unknown, TBody>;
  name: Path<TForm>;
};

/** The message of a field, wherever under it the schema or the API put it. */
export function fieldError<TForm extends FieldValues, TBody>(
  form: UseFormReturn<TForm, unknown, TBody>,
  name: string,
) {
  return firstErrorMessage(get(form.formState.errors, name));
}

export function TextField<TForm extends FieldValues, TBody>({
  form,
  name,
  ...props
}: Bound<TForm, TBody> & Omit<TextInputProps, 'form' | 'name'>) {
  return <TextInput {...props} {...form.register(name)} error={fieldError(form, name)} />;
}

export function TextareaField<TForm extends FieldValues, TBody>({
  form,
  name,
  ...props
}: Bound<TForm, TBody> & Omit<TextareaProps, 'form' | 'name'>) {
  return <Textarea autosize minRows={2} {...props} {...form.register(name)} error={fieldError(form, name)} />;
}

/** A select of a string field; no choice is ''. */
export function SelectField<TForm extends FieldValues, TBody>({
  form,
  name,
  ...props
}: Bound<TForm, TBody> & Omit<SelectProps, 'form' | 'name' | 'value' | 'onChange'>) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Select
          {...props}
          value={field.value || null}
          onChange={(value) => field.onChange(value ?? '')}
          error={fieldError(form, name)}
        />
      )}
    />
  );
}

/** A boolean field as a switch or a checkbox. */
export function CheckField<TForm extends FieldValues, TBody>({
  form,
  name,
  label,
  as = 'switch',
}: Bound<TForm, TBody> & { label: string; as?: 'switch' | 'checkbox' }) {
  const Input = as === 'switch' ? Switch : Checkbox;
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Input
          label={label}
          checked={field.value}
          onChange={(e) => field.onChange(e.currentTarget.checked)}
        />
      )}
    />
  );
}
