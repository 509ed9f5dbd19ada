/**
 * The "risk" step of each risk type: what or who is insured, one input per field of the type's definition
 * (contracts' risk-types registry), in the order of its form. Plain inputs side by side, people, lists and
 * the address in their own sections. Identifiers that are hard to find (IMEI, serial number, frame number)
 * open their instructional modal.
 */
import { motorcycleYears, type RiskField, type RiskTypeCode, riskTypeRule } from '@cubierto/contracts';
import { Anchor, Checkbox, Fieldset, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { MaskKind } from '../../../shared/forms/masks.ts';
import { fieldLabel } from '../model/answer-summary.ts';
import { AddressFields } from './address-fields.tsx';
import {
  ChoiceField,
  DateField,
  MoneyField,
  TextareaField,
  TextField,
  useFieldError,
} from './form-fields.tsx';
import { type InstructionKind, showInstructions } from './instructions.ts';
import { BeneficiariesFields, TravellersFields } from './people-lists.tsx';
import { PersonFields } from './person-fields.tsx';
import { VehicleSuggestions } from './suggestions.tsx';

/** An identifier that is hard to find, with the link to its instructional modal under the label. */
type IdentifierFieldProps = {
  name: string;
  label: string;
  help: string;
  kind: InstructionKind;
  inputMode?: 'numeric';
  mask?: MaskKind;
};

function IdentifierField({ name, label, help, kind, inputMode, mask }: IdentifierFieldProps) {
  return (
    <TextField
      name={name}
      label={label}
      autoComplete="off"
      inputMode={inputMode}
      {...(mask ? { mask } : {})}
      description={
        <Anchor component="button" type="button" size="sm" onClick={() => void showInstructions(kind)}>
          {help}
        </Anchor>
      }
    />
  );
}

function Grid({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
      {children}
    </SimpleGrid>
  );
}

function Section({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <Fieldset legend={legend} radius="md" variant="filled">
      {children}
    </Fieldset>
  );
}

function SpecialClauses({ name, text }: { name: string; text: string | null }) {
  const { t } = useTranslation();
  const { register } = useFormContext();
  const error = useFieldError(name);
  return (
    <Paper withBorder p="md" radius="md" bg="gray.0">
      <Stack gap="sm">
        <Title order={3} fz="md">
          {t('contract.specialClauses.title')}
        </Title>
        <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
          {text || t('contract.specialClauses.none')}
        </Text>
        <Checkbox label={t('contract.specialClauses.accept')} error={error} {...register(name)} />
      </Stack>
    </Paper>
  );
}

/** Kinds that are one input; the others (people, lists, the address, the clauses) are a block of their own. */
const SIMPLE_KINDS: ReadonlySet<RiskField['kind']> = new Set([
  'text',
  'textarea',
  'money',
  'date',
  'choice',
  'year',
]);
const SECTION_KINDS: ReadonlySet<RiskField['kind']> = new Set(['person', 'people', 'beneficiaries']);

type FieldProps = { code: RiskTypeCode; field: RiskField; specialClauses: string | null; today: string };

function RiskInput({ code, field, specialClauses, today }: FieldProps) {
  const { t } = useTranslation();
  const named = fieldLabel(t, code, field.key, field.labelKey);
  const label = field.optional ? t('contract.optionalLabel', { label: named }) : named;
  const hint = field.hintKey ? t(field.hintKey) : undefined;
  const choose = t('contract.select.choose');
  switch (field.kind) {
    case 'text':
      return field.instructions ? (
        <IdentifierField
          name={field.key}
          kind={field.instructions}
          label={label}
          help={hint ?? ''}
          {...(field.mask ? { mask: field.mask } : {})}
          {...(field.inputMode ? { inputMode: field.inputMode } : {})}
        />
      ) : (
        <TextField
          name={field.key}
          label={label}
          description={hint}
          autoComplete={field.autoComplete}
          maxLength={field.maxLength}
          {...(field.mask ? { mask: field.mask } : {})}
        />
      );
    case 'textarea':
      return <TextareaField name={field.key} label={label} description={hint} maxLength={field.maxLength} />;
    case 'money':
      return <MoneyField name={field.key} label={label} description={hint} />;
    case 'date':
      return <DateField name={field.key} label={label} max={today} />;
    case 'choice':
      return (
        <ChoiceField
          name={field.key}
          label={label}
          placeholder={choose}
          data={(field.options ?? []).map((o) => ({ value: o.value, label: o.label }))}
        />
      );
    case 'year':
      return (
        <ChoiceField
          name={field.key}
          numeric
          label={label}
          placeholder={choose}
          data={motorcycleYears().map(String)}
        />
      );
    case 'person':
      return (
        <Section legend={t(field.legendKey ?? 'contract.sections.insured')}>
          <PersonFields prefix={field.key} today={today} />
        </Section>
      );
    case 'people':
      return (
        <Section legend={t(field.legendKey ?? 'contract.sections.travellers')}>
          <TravellersFields today={today} />
        </Section>
      );
    case 'beneficiaries':
      return (
        <Section legend={t(field.legendKey ?? 'contract.sections.beneficiaries')}>
          <BeneficiariesFields min={field.min ?? 0} />
        </Section>
      );
    case 'address':
      return <AddressFields />;
    case 'accept':
      return <SpecialClauses name={field.key} text={specialClauses} />;
  }
}

/** The fields in the order of the form: runs of plain inputs, and each block on its own. */
function blocksOf(code: RiskTypeCode): RiskField[][] {
  const rule = riskTypeRule(code);
  const order = rule.formOrder;
  const fields = order
    ? [...rule.fields].sort((a, b) => order.indexOf(a.key) - order.indexOf(b.key))
    : rule.fields;
  const blocks: RiskField[][] = [];
  for (const field of fields) {
    const last = blocks.at(-1);
    if (last && SIMPLE_KINDS.has(field.kind) && SIMPLE_KINDS.has(last[0]!.kind)) last.push(field);
    else blocks.push([field]);
  }
  return blocks;
}

type RiskFieldsProps = { code: RiskTypeCode; specialClauses: string | null; today: string };

export function RiskFields({ code, specialClauses, today }: RiskFieldsProps) {
  const blocks = blocksOf(code);
  const keys = riskTypeRule(code).fields.map((field) => field.key);
  // A vehicle of the last contracts fills the plate (and a motorcycle's data) in one tap.
  const vehicles = keys.includes('plate') ? <VehicleSuggestions key="vehicles" keys={keys} /> : null;
  const rendered = blocks.map((block) => {
    const inputs = block.map((field) => (
      <RiskInput key={field.key} code={code} field={field} specialClauses={specialClauses} today={today} />
    ));
    if (inputs.length === 1) return inputs[0];
    // Plain inputs go side by side, unless one is a long text.
    return block.some((f) => f.kind === 'textarea') ? (
      <Stack key={block[0]!.key} gap="sm">
        {inputs}
      </Stack>
    ) : (
      <Grid key={block[0]!.key}>{inputs}</Grid>
    );
  });
  if (rendered.length === 1 && !vehicles) return rendered[0];
  const sections = blocks.some((block) => SECTION_KINDS.has(block[0]!.kind));
  return (
    <Stack gap={sections ? 'lg' : 'md'}>
      {vehicles}
      {rendered}
    </Stack>
  );
}
