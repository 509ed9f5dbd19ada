/**
 * The answers of a step as the summary before confirming shows them: a label and a readable value per
 * field (money in pesos, calendar days in words, choices by their labels, one row per person). The risk
 * step's fields are read by their kind in the risk type's definition (contracts' registry). Labels are
 * named after the body's fields, with a risk type's own wording where it differs.
 */
import {
  type Entity,
  GENDER_LABELS,
  type RiskField,
  type RiskTypeCode,
  riskTypeRule,
  type StepName,
  stepSchema,
  todayInArgentina,
} from '@cubierto/contracts';
import type { TFunction } from 'i18next';
import { formatCents, formatDay } from '../../../shared/format/format.ts';

export type SummaryRow = { label: string; value: string };

export type SummaryLookups = {
  entities?: Entity[] | undefined;
  provinceName?: ((id: number) => string | undefined) | undefined;
  localityName?: ((id: number) => string | undefined) | undefined;
};

/**
 * A field's label: the key its definition names, else the risk type's wording
 * (`contract.fields.<code>.<field>`), else the general one.
 */
export function fieldLabel(t: TFunction, code: RiskTypeCode, field: string, labelKey?: string): string {
  const keys = [`contract.fields.${code}.${field}`, `contract.fields.${field}`];
  return t(labelKey ? [labelKey, ...keys] : keys);
}

type Person = { first_name: string; last_name: string; dni: string; birth_date?: string; gender?: string };

function personLine(t: TFunction, person: Person): string {
  const parts = [`${person.first_name} ${person.last_name}`, t('contract.summary.dni', { dni: person.dni })];
  if (person.birth_date) parts.push(formatDay(person.birth_date));
  if (person.gender) parts.push(GENDER_LABELS[person.gender as keyof typeof GENDER_LABELS] ?? person.gender);
  return parts.join(' · ');
}

type Address = {
  street: string;
  street_number: string;
  floor_block?: string;
  apartment_house?: string;
  state_id: number;
  locality_id: number;
  zip_code: string;
};

function addressLine(address: Address, lookups: SummaryLookups): string {
  const unit = [address.floor_block, address.apartment_house].filter(Boolean).join(' ');
  const place = [lookups.localityName?.(address.locality_id), lookups.provinceName?.(address.state_id)]
    .filter(Boolean)
    .join(', ');
  return [`${address.street} ${address.street_number}`, unit, place, `CP ${address.zip_code}`]
    .filter(Boolean)
    .join(', ');
}

/** How a taker or billing party is named: name, document type and number. */
export function entityLabel(entity: Entity): string {
  return `${entity.name} · ${entity.document_type} ${entity.document_number}`;
}

function entityLine(t: TFunction, id: number, lookups: SummaryLookups): string {
  const entity = lookups.entities?.find((e) => e.id === id);
  return entity ? entityLabel(entity) : t('contract.summary.entity', { id });
}

type Beneficiary = Person & { relationship: string; percentage: number };

/** The rows of a risk field, by its kind. */
function riskRows(
  t: TFunction,
  field: RiskField,
  label: string,
  value: unknown,
  lookups: SummaryLookups,
): SummaryRow[] {
  switch (field.kind) {
    case 'person':
      return [{ label, value: personLine(t, value as Person) }];
    case 'people':
      return (value as Person[]).map((person, i) => ({
        label: t('contract.travellers.item', { n: i + 1 }),
        value: personLine(t, person),
      }));
    case 'beneficiaries': {
      const list = value as Beneficiary[];
      if (!list.length) return [{ label, value: t('contract.beneficiaries.none') }];
      return list.map((b, i) => ({
        label: t('contract.beneficiaries.item', { n: i + 1 }),
        value: `${b.first_name} ${b.last_name} · ${t('contract.summary.dni', { dni: b.dni })} · ${b.relationship} · ${b.percentage} %`,
      }));
    }
    case 'address':
      return [{ label, value: addressLine(value as Address, lookups) }];
    case 'money':
      return [{ label, value: formatCents(value as number) }];
    case 'date':
      return [{ label, value: formatDay(value as string) }];
    case 'choice': {
      const option = field.options?.find((o) => o.value === value);
      return [{ label, value: option?.label ?? String(value) }];
    }
    case 'accept':
      return [{ label, value: t('contract.specialClauses.accepted') }];
    case 'text':
    case 'textarea':
    case 'year':
      return [{ label, value: String(value) }];
  }
}

function rowsOf(
  t: TFunction,
  code: RiskTypeCode,
  step: StepName,
  key: string,
  value: unknown,
  lookups: SummaryLookups,
): SummaryRow[] {
  if (value === undefined || value === null || value === '') return [];
  const field = step === 'risk' ? riskTypeRule(code).fields.find((f) => f.key === key) : undefined;
  const label = fieldLabel(t, code, key, field?.labelKey);
  if (field) return riskRows(t, field, label, value, lookups);
  switch (key) {
    case 'start_date':
    case 'end_date':
      return [{ label, value: formatDay(value as string) }];
    case 'taker_entity_id':
    case 'billing_entity_id':
      return [{ label, value: entityLine(t, value as number, lookups) }];
    default:
      return [{ label, value: String(value) }];
  }
}

/** The fields of a step in the order of its schema (the risk step: its definition's fields, the same order). */
function fieldOrder(code: RiskTypeCode, step: StepName): string[] {
  if (step === 'risk') return riskTypeRule(code).fields.map((f) => f.key);
  const shape = (stepSchema(code, step, todayInArgentina()) as { shape?: object }).shape;
  return shape ? Object.keys(shape) : [];
}

export function summarizeStep(
  t: TFunction,
  code: RiskTypeCode,
  step: StepName,
  answers: Record<string, unknown> | undefined,
  lookups: SummaryLookups = {},
): SummaryRow[] {
  if (!answers) return [];
  // Stored answers come back with their keys in any order.
  const order = fieldOrder(code, step);
  const keys = Object.keys(answers).sort((a, b) => order.indexOf(a) - order.indexOf(b));
  return keys.flatMap((key) => rowsOf(t, code, step, key, answers[key], lookups));
}
