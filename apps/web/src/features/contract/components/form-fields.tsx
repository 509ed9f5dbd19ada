/**
 * The inputs of the step forms, bound by name to the form of the step (react-hook-form context), each
 * showing its own message: the shared schema's on submit, the API's after a 422. The form holds the
 * step's body as the API takes it (numbers for ids and years, centavos for money); the inputs translate.
 */
import {
  NumberInput,
  type NumberInputProps,
  Select,
  type SelectProps,
  Textarea,
  type TextareaProps,
  TextInput,
  type TextInputProps,
} from '@mantine/core';
import { get, useController, useFormContext, useFormState } from 'react-hook-form';
import { type MaskKind, maskedRegistration } from '../../../shared/forms/masks.ts';

/** The message of a field, or of a list as a whole (react-hook-form keeps that one under `root`). */
export function useFieldError(name: string): string | undefined {
  const { errors } = useFormState({ name });
  const error: { message?: string; root?: { message?: string } } | undefined = get(errors, name);
  return error?.message ?? error?.root?.message;
}

type Named = { name: string };

/** A text input; with `mask`, masked as the person types (spec §5) within its maxLength. */
export function TextField({
  name,
  mask,
  maxLength,
  ...props
}: Named & Omit<TextInputProps, 'name' | 'error'> & { mask?: MaskKind }) {
  const { register } = useFormContext();
  const registration = register(name);
  return (
    <TextInput
      {...props}
      error={useFieldError(name)}
      {...(mask ? maskedRegistration(registration, mask, maxLength) : { maxLength, ...registration })}
    />
  );
}

export function TextareaField({ name, ...props }: Named & Omit<TextareaProps, 'name' | 'error'>) {
  const { register } = useFormContext();
  return (
    <Textarea size="md" autosize minRows={2} {...props} error={useFieldError(name)} {...register(name)} />
  );
}

/** A calendar day (YYYY-MM-DD), with the device's own date picker. */
export function DateField({ name, ...props }: Named & Omit<TextInputProps, 'name' | 'error' | 'type'>) {
  return <TextField name={name} type="date" {...props} />;
}

type ChoiceFieldProps = Named &
  Omit<SelectProps, 'name' | 'value' | 'onChange' | 'error'> & {
    /** The body takes a number (ids, years) rather than the option's text value. */
    numeric?: boolean;
    onValueChange?: (value: string | null) => void;
  };

export function ChoiceField({ name, numeric = false, onValueChange, ...props }: ChoiceFieldProps) {
  const { field } = useController({ name });
  return (
    <Select
      allowDeselect={false}
      {...props}
      error={useFieldError(name)}
      name={field.name}
      ref={field.ref}
      value={field.value === undefined || field.value === null ? null : String(field.value)}
      onBlur={field.onBlur}
      onChange={(value) => {
        field.onChange(value === null ? undefined : numeric ? Number(value) : value);
        onValueChange?.(value);
      }}
    />
  );
}

type NumberFieldProps = Named &
  Omit<NumberInputProps, 'name' | 'value' | 'onChange' | 'error'> & {
    /** Units of the body per unit shown: 100 for centavos shown as pesos. */
    scale?: number;
  };

/** A number such as a percentage; an empty input is no answer. */
export function NumberField({ name, scale = 1, ...props }: NumberFieldProps) {
  const { field } = useController({ name });
  return (
    <NumberInput
      size="md"
      allowNegative={false}
      allowDecimal={false}
      hideControls
      {...props}
      error={useFieldError(name)}
      name={field.name}
      ref={field.ref}
      value={typeof field.value === 'number' ? field.value / scale : ''}
      onBlur={field.onBlur}
      onChange={(value) => field.onChange(typeof value === 'number' ? Math.round(value * scale) : undefined)}
    />
  );
}

/** Pesos for the customer, integer centavos in the body (`insured_amount_cents`). */
export function MoneyField(props: Omit<NumberFieldProps, 'scale'>) {
  return (
    <NumberField
      scale={100}
      prefix="$ "
      thousandSeparator="."
      decimalSeparator=","
      decimalScale={2}
      allowDecimal
      inputMode="decimal"
      {...props}
    />
  );
}
