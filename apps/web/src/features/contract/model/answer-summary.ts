/**
 * The answers of a step as the summary before confirming shows them: a label and a readable value per
 * field (money in pesos, calendar days in words, genders and trip types by their labels, one row per person).
 * Labels are named after the body's fields, with a risk type's own wording where it differs.
 */
import {
  type Entity,
  GENDER_LABELS,
  type RiskTypeCode,
  type StepName,
  stepSchema,
  TRIP_TYPE_LABELS,
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

/** A field's label: the risk type's wording (`contract.fields.<code>.<field>`) or the general one. */
export function fieldLabel(t: TFunction, code: RiskTypeCode, field: string): string {
  return t([`contract.fields.${code}.${field}`, `contract.fields.${field}`]);
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

function rowsOf(
  t: TFunction,
  code: RiskTypeCode,
  key: string,
  value: unknown,
  lookups: SummaryLookups,
): SummaryRow[] {
  const label = fieldLabel(t, code, key);
  if (value === undefined || value === null || value === '') return [];
  switch (key) {
    case 'insured':
      return [{ label, value: personLine(t, value as Person) }];
    case 'travellers':
      return (value as Person[]).map((person, i) => ({
        label: t('contract.travellers.item', { n: i + 1 }),
        value: personLine(t, person),
      }));
    case 'beneficiaries': {
      const list = value as Array<Person & { relationship: string; percentage: number }>;
      if (!list.length) return [{ label, value: t('contract.beneficiaries.none') }];
      return list.map((b, i) => ({
        label: t('contract.beneficiaries.item', { n: i + 1 }),
        value: `${b.first_name} ${b.last_name} · ${t('contract.summary.dni', { dni: b.dni })} · ${b.relationship} · ${b.percentage} %`,
      }));
    }
    case 'address':
      return [{ label, value: addressLine(value as Address, lookups) }];
    case 'insured_amount_cents':
      return [{ label, value: formatCents(value as number) }];
    case 'start_date':
    case 'end_date':
    case 'purchase_date':
      return [{ label, value: formatDay(value as string) }];
    case 'gender':
      return [{ label, value: GENDER_LABELS[value as keyof typeof GENDER_LABELS] }];
    case 'trip_type':
      return [{ label, value: TRIP_TYPE_LABELS[value as keyof typeof TRIP_TYPE_LABELS] }];
    case 'wheel_size':
      return [{ label, value: `R${value}` }];
    case 'special_clauses_accepted':
      return [{ label, value: t('contract.specialClauses.accepted') }];
    case 'taker_entity_id':
    case 'billing_entity_id':
      return [{ label, value: entityLine(t, value as number, lookups) }];
    default:
      return [{ label, value: String(value) }];
  }
}

/** The fields of a step in the order of its schema, which is the order of the form. */
function fieldOrder(code: RiskTypeCode, step: StepName): string[] {
  const schema = stepSchema(code, step, todayInArgentina());
  return 'shape' in schema ? Object.keys(schema.shape) : [];
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
  return keys.flatMap((key) => rowsOf(t, code, key, answers[key], lookups));
}
