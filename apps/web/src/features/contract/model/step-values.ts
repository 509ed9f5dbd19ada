/**
 * What each step's form starts with: the answers already saved (resuming on any device), otherwise blank
 * fields of the step's body shape. Money stays in centavos here; the inputs show pesos.
 */
import {
  addDays,
  type Entity,
  type InsuranceProcess,
  type RiskField,
  type RiskTypeCode,
  riskTypeRule,
  type StepName,
  type User,
} from '@cubierto/contracts';

export type StepValues = Record<string, unknown>;

export type StepContext = {
  today: string;
  user?: User | undefined;
  entities?: Entity[] | undefined;
};

/** The insured person, prefilled with the customer's own name and DNI. */
export function blankPerson(user?: User): StepValues {
  const [first = '', ...rest] = (user?.name ?? '').trim().split(/\s+/);
  const ownDni = user?.entity?.document_type === 'DNI' ? user.entity.document_number : '';
  return {
    first_name: first,
    last_name: rest.join(' '),
    dni: ownDni,
    birth_date: '',
    gender: undefined,
  };
}

export function blankBeneficiary(): StepValues {
  return { first_name: '', last_name: '', dni: '', relationship: '', percentage: undefined };
}

export function blankTraveller(): StepValues {
  return { first_name: '', last_name: '', dni: '', birth_date: '', gender: undefined };
}

const blankAddress = (): StepValues => ({
  street: '',
  street_number: '',
  floor_block: '',
  apartment_house: '',
  state_id: undefined,
  locality_id: undefined,
  zip_code: '',
});

/** A field's blank value by its kind; the insured person and the first traveller are the customer. */
function blankField(field: RiskField, user?: User): unknown {
  switch (field.kind) {
    case 'text':
    case 'textarea':
    case 'date':
      return '';
    case 'money':
    case 'choice':
    case 'year':
      return undefined;
    case 'person':
      return blankPerson(user);
    case 'people':
      return [blankPerson(user)];
    case 'beneficiaries':
      return Array.from({ length: field.min ?? 0 }, blankBeneficiary);
    case 'address':
      return blankAddress();
    case 'accept':
      return false;
  }
}

/** The risk step's blank answers: one per field of the risk type's definition. */
export function blankRisk(code: RiskTypeCode, user?: User): StepValues {
  return Object.fromEntries(riskTypeRule(code).fields.map((field) => [field.key, blankField(field, user)]));
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}

/** Saved answers over the blank shape, so optional fields left out when saving still have an input. */
function overlay(blank: StepValues, saved: StepValues): StepValues {
  const out: StepValues = { ...blank };
  for (const [key, value] of Object.entries(saved)) {
    const base = blank[key];
    out[key] = isPlainObject(base) && isPlainObject(value) ? overlay(base, value) : value;
  }
  return out;
}

export function stepDefaults(process: InsuranceProcess, step: StepName, context: StepContext): StepValues {
  const saved = process.answers[step];
  const code = process.risk_type.short_code;
  switch (step) {
    case 'risk':
      return overlay(blankRisk(code, context.user), saved ?? {});
    case 'photos':
      return { photos: (saved?.photos as number[] | undefined) ?? [] };
    case 'dates':
      return (
        saved ?? {
          start_date: context.today,
          end_date: addDays(context.today, riskTypeRule(code).dates?.defaultDays ?? 30),
        }
      );
    case 'taker': {
      const personal = context.entities?.[0]?.id;
      return saved ?? { taker_entity_id: personal, billing_entity_id: personal };
    }
  }
}
