/**
 * What each step's form starts with: the answers already saved (resuming on any device), otherwise blank
 * fields of the step's body shape. Money stays in centavos here; the inputs show pesos.
 */
import {
  addDays,
  type ContractSuggestions,
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
  /** What the customer answered in their last contracts (GET …/suggestions), when it loaded. */
  suggestions?: ContractSuggestions | undefined;
};

const digits = (value: unknown) => String(value ?? '').replace(/\D/g, '');

/** The customer's own DNI (their account's person), digits only; '' without one. */
export function ownDni(user?: User): string {
  return user?.entity?.document_type === 'DNI' ? digits(user.entity.document_number) : '';
}

/** The insured person, prefilled with the customer's own name and DNI. */
export function blankPerson(user?: User): StepValues {
  const [first = '', ...rest] = (user?.name ?? '').trim().split(/\s+/);
  return {
    first_name: first,
    last_name: rest.join(' '),
    dni: user?.entity?.document_type === 'DNI' ? user.entity.document_number : '',
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

/**
 * A field's first value by its kind: blank, a choice's proposal (the last contract's answer where the
 * type remembers it, issue 19), the customer as the insured person; as the first traveller, the
 * customer's own person from their last contracts, complete (issue 19), else their name and DNI.
 */
function blankField(code: RiskTypeCode, field: RiskField, context: Omit<StepContext, 'today'>): unknown {
  const { user, suggestions } = context;
  switch (field.kind) {
    case 'text':
    case 'textarea':
    case 'date':
      return '';
    case 'choice': {
      const remembered = field.remembered ? suggestions?.choices[code]?.[field.key] : undefined;
      return remembered ?? field.proposed;
    }
    case 'money':
    case 'year':
      return undefined;
    case 'person':
      return blankPerson(user);
    case 'people': {
      const dni = ownDni(user);
      const own = dni ? suggestions?.people.find((person) => digits(person.dni) === dni) : undefined;
      return [own ? { ...own } : blankPerson(user)];
    }
    case 'beneficiaries':
      return Array.from({ length: field.min ?? 0 }, blankBeneficiary);
    case 'address':
      return blankAddress();
    case 'accept':
      return false;
  }
}

/** The risk step's first answers: one per field of the risk type's definition. */
export function blankRisk(code: RiskTypeCode, user?: User, suggestions?: ContractSuggestions): StepValues {
  return Object.fromEntries(
    riskTypeRule(code).fields.map((field) => [field.key, blankField(code, field, { user, suggestions })]),
  );
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
      return overlay(blankRisk(code, context.user, context.suggestions), saved ?? {});
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

/** One step of a screen and the form's keys that hold its answers. */
export type ScreenPart = { step: StepName; keys: string[] };

/**
 * The first values of a screen's form and which keys belong to which step: the steps' answers side by
 * side (their keys never clash: the risk's fields, `photos`, `start_date` and `end_date`), so the API's
 * paths are still the form's field names.
 */
export function screenDefaults(
  process: InsuranceProcess,
  steps: readonly StepName[],
  context: StepContext,
): { values: StepValues; parts: ScreenPart[] } {
  const values: StepValues = {};
  const parts = steps.map((step) => {
    const defaults = stepDefaults(process, step, context);
    Object.assign(values, defaults);
    return { step, keys: Object.keys(defaults) };
  });
  return { values, parts };
}

/** A step's answers out of a screen's values. */
export function partValues(values: StepValues, part: ScreenPart): StepValues {
  return Object.fromEntries(part.keys.map((key) => [key, values[key]]));
}
