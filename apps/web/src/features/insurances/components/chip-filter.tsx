/**
 * A one-choice filter drawn as chips (radio buttons underneath) under a visible label, with an 'all'
 * choice first: the status and risk-type filters of "Mis contrataciones".
 */
import { Chip, Group, Text } from '@mantine/core';
import { useId } from 'react';

const ALL = '__all';

type ChipFilterProps<T extends string> = {
  label: string;
  allLabel: string;
  options: ReadonlyArray<{ value: T; label: string }>;
  value: T | undefined;
  onChange: (value: T | undefined) => void;
};

export function ChipFilter<T extends string>({
  label,
  allLabel,
  options,
  value,
  onChange,
}: ChipFilterProps<T>) {
  const labelId = useId();
  return (
    <Group gap="xs" align="center">
      <Text id={labelId} size="sm" fw={600} mr={4}>
        {label}
      </Text>
      <Chip.Group<false>
        multiple={false}
        value={(value ?? ALL) as string}
        onChange={(next) => onChange(next === ALL ? undefined : (next as T))}
      >
        <Group gap={6} role="radiogroup" aria-labelledby={labelId}>
          <Chip value={ALL} size="sm" variant="outline">
            {allLabel}
          </Chip>
          {options.map((option) => (
            <Chip key={option.value} value={option.value} size="sm" variant="outline">
              {option.label}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </Group>
  );
}
