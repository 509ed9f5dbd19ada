/**
 * Mantine's searchable Select bound to a react-hook-form field: the field's validation message wins over
 * a message the page passes (e.g. "could not load the options"), and `onValueChange` lets the page react
 * to a choice (clear a dependent field, fill in another).
 */
import { Select, type SelectProps } from '@mantine/core';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';

type SelectFieldProps<T extends FieldValues> = Omit<SelectProps, 'value' | 'onChange' | 'name'> & {
  control: Control<T>;
  name: Path<T>;
  onValueChange?: (value: string | null) => void;
};

export function SelectField<T extends FieldValues>({
  control,
  name,
  onValueChange,
  error,
  ...props
}: SelectFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Select
          searchable
          // Choosing the chosen option again keeps it: clearing a province would also clear the locality.
          allowDeselect={false}
          {...props}
          error={fieldState.error?.message ?? error}
          name={field.name}
          ref={field.ref}
          value={field.value}
          onBlur={field.onBlur}
          onChange={(value) => {
            field.onChange(value);
            onValueChange?.(value);
          }}
        />
      )}
    />
  );
}
