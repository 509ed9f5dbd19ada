/**
 * The "risk" step of each risk type: what or who is insured (riskAnswersSchema in the contracts).
 * Identifiers that are hard to find (IMEI, serial number, frame number) open their instructional modal.
 */
import {
  motorcycleYears,
  type RiskTypeCode,
  TRIP_TYPE_LABELS,
  TRIP_TYPES,
  WHEEL_SIZES,
} from '@cubierto/contracts';
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

function BrandAndModel() {
  const { t } = useTranslation();
  return (
    <>
      <TextField name="brand" label={t('contract.fields.brand')} />
      <TextField name="model" label={t('contract.fields.model')} />
    </>
  );
}

function SpecialClauses({ text }: { text: string | null }) {
  const { t } = useTranslation();
  const { register } = useFormContext();
  const error = useFieldError('special_clauses_accepted');
  return (
    <Paper withBorder p="md" radius="md" bg="gray.0">
      <Stack gap="sm">
        <Title order={3} fz="md">
          {t('contract.specialClauses.title')}
        </Title>
        <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
          {text || t('contract.specialClauses.none')}
        </Text>
        <Checkbox
          label={t('contract.specialClauses.accept')}
          error={error}
          {...register('special_clauses_accepted')}
        />
      </Stack>
    </Paper>
  );
}

const wheelOptions = WHEEL_SIZES.map((size) => ({ value: size, label: `R${size}` }));
const tripOptions = TRIP_TYPES.map((value) => ({ value, label: TRIP_TYPE_LABELS[value] }));

type RiskFieldsProps = { code: RiskTypeCode; specialClauses: string | null; today: string };

export function RiskFields({ code, specialClauses, today }: RiskFieldsProps) {
  const { t } = useTranslation();
  const choose = t('contract.select.choose');
  const label = (field: string) => fieldLabel(t, code, field);

  switch (code) {
    case 'cell-phone':
      return (
        <Grid>
          <BrandAndModel />
          <IdentifierField
            name="imei"
            kind="imei"
            mask="imei"
            inputMode="numeric"
            label={label('imei')}
            help={t('contract.hints.imei')}
          />
          <IdentifierField
            name="serial_number"
            kind="serial-number"
            label={label('serial_number')}
            help={t('contract.hints.serialNumber')}
          />
          <MoneyField
            name="insured_amount_cents"
            label={label('insured_amount_cents')}
            description={t('contract.hints.phoneValue')}
          />
        </Grid>
      );
    case 'bicycle':
      return (
        <Grid>
          <BrandAndModel />
          <IdentifierField
            name="frame_number"
            kind="frame-number"
            label={label('frame_number')}
            help={t('contract.hints.frameNumber')}
          />
          <ChoiceField
            name="wheel_size"
            label={label('wheel_size')}
            placeholder={choose}
            data={wheelOptions}
          />
        </Grid>
      );
    case 'motorcycle':
      return (
        <Grid>
          <BrandAndModel />
          <ChoiceField
            name="year"
            numeric
            label={label('year')}
            placeholder={choose}
            data={motorcycleYears().map(String)}
          />
          <TextField
            name="plate"
            mask="plate"
            label={label('plate')}
            description={t('contract.hints.plate')}
          />
          <TextField name="engine_number" label={label('engine_number')} autoComplete="off" />
          <TextField name="chassis_number" label={label('chassis_number')} autoComplete="off" />
        </Grid>
      );
    case 'specific-vehicle-cargo':
      return (
        <Stack gap="sm">
          <TextField
            name="plate"
            mask="plate"
            label={label('plate')}
            description={t('contract.hints.plate')}
          />
          <TextareaField name="cargo_description" label={label('cargo_description')} maxLength={200} />
        </Stack>
      );
    case 'personal-accident':
      return (
        <Stack gap="lg">
          <Section legend={t('contract.sections.insured')}>
            <PersonFields prefix="insured" today={today} />
          </Section>
          <TextField name="activity" label={label('activity')} />
          <Section legend={t('contract.sections.beneficiaries')}>
            <BeneficiariesFields min={0} />
          </Section>
          <SpecialClauses text={specialClauses} />
        </Stack>
      );
    case 'life':
      return (
        <Stack gap="lg">
          <Section legend={t('contract.sections.insured')}>
            <PersonFields prefix="insured" today={today} />
          </Section>
          <Section legend={t('contract.sections.beneficiaries')}>
            <BeneficiariesFields min={1} />
          </Section>
        </Stack>
      );
    case 'telemedicine':
      return (
        <Section legend={t('contract.sections.patient')}>
          <PersonFields prefix="insured" today={today} />
        </Section>
      );
    case 'travel-assistance':
      return (
        <Stack gap="lg">
          <Grid>
            <ChoiceField
              name="trip_type"
              label={label('trip_type')}
              placeholder={choose}
              data={tripOptions}
            />
            <TextField name="destination" label={label('destination')} />
          </Grid>
          <Section legend={t('contract.sections.travellers')}>
            <TravellersFields today={today} />
          </Section>
        </Stack>
      );
    case 'home':
      return <AddressFields />;
    case 'store':
      return (
        <Stack gap="md">
          <AddressFields />
          <TextField name="business_activity" label={label('business_activity')} />
        </Stack>
      );
    case 'bag':
      return (
        <TextareaField
          name="description"
          label={label('description')}
          description={t('contract.hints.optional')}
          maxLength={200}
        />
      );
    case 'protected-purchase':
      return (
        <Grid>
          <TextField name="product_description" label={label('product_description')} />
          <TextField name="store_name" label={label('store_name')} />
          <DateField name="purchase_date" label={label('purchase_date')} max={today} />
          <MoneyField name="insured_amount_cents" label={label('insured_amount_cents')} />
        </Grid>
      );
  }
}
