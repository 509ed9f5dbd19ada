/** 'Inclusiones' / 'Exclusiones' of a policy as rows of title and text (the API stores label → text). */
import { ActionIcon, Button, Fieldset, Group, Stack, Text, TextInput } from '@mantine/core';
import {
  type Control,
  type FieldValues,
  type Path,
  type UseFormRegister,
  useFieldArray,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';

export type LabelledRow = { label: string; text: string };

export function rowsToRecord(rows: LabelledRow[]): Record<string, string> {
  return Object.fromEntries(
    rows
      .filter((row) => row.label.trim() || row.text.trim())
      .map((row) => [row.label.trim(), row.text.trim()]),
  );
}

export function recordToRows(record: Record<string, string> | undefined): LabelledRow[] {
  return Object.entries(record ?? {}).map(([label, text]) => ({ label, text }));
}

type Props<T extends FieldValues, TOut extends FieldValues> = {
  name: Path<T>;
  legend: string;
  control: Control<T, unknown, TOut>;
  register: UseFormRegister<T>;
  error?: string | undefined;
};

export function LabelledTextsField<T extends FieldValues, TOut extends FieldValues>({
  name,
  legend,
  control,
  register,
  error,
}: Props<T, TOut>) {
  const { t } = useTranslation();
  // The rows are an array of objects; react-hook-form types that generically as never here.
  const { fields, append, remove } = useFieldArray({ control, name: name as never });
  return (
    <Fieldset legend={legend}>
      <Stack gap="xs">
        {fields.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('admin.policies.noItems')}
          </Text>
        )}
        {fields.map((field, index) => (
          <Group key={field.id} align="flex-end" wrap="nowrap" gap="xs">
            <TextInput
              label={t('admin.policies.itemLabel')}
              {...register(`${name}.${index}.label` as Path<T>)}
              style={{ flex: '0 0 34%' }}
            />
            <TextInput
              label={t('admin.policies.itemText')}
              {...register(`${name}.${index}.text` as Path<T>)}
              style={{ flex: 1 }}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              onClick={() => remove(index)}
              aria-label={t('admin.policies.removeItem', { n: index + 1 })}
            >
              ×
            </ActionIcon>
          </Group>
        ))}
        {error && (
          <Text size="sm" c="red.8" role="alert">
            {error}
          </Text>
        )}
        <Button
          variant="light"
          size="xs"
          onClick={() => append({ label: '', text: '' } as never)}
          w="fit-content"
        >
          {t('admin.policies.addItem')}
        </Button>
      </Stack>
    </Fieldset>
  );
}
