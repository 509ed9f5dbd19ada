/**
 * What each step's form starts with: the answers already saved (resuming on any device), otherwise blank
 * fields of the step's body shape. Money stays in centavos here; the inputs show pesos.
 */
import {
  addDays,
  type Entity,
  type InsuranceProcess,
  type RiskTypeCode,
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

export function blankRisk(code: RiskTypeCode, user?: User): StepValues {
  switch (code) {
    case 'cell-phone':
      return { brand: '', model: '', imei: '', serial_number: '', insured_amount_cents: undefined };
    case 'bicycle':
      return { brand: '', model: '', frame_number: '', wheel_size: undefined };
    case 'motorcycle':
      return {
        brand: '',
        model: '',
        year: undefined,
        engine_number: '',
        chassis_number: '',
        plate: '',
      };
    case 'specific-vehicle-cargo':
      return { plate: '', cargo_description: '' };
    case 'personal-accident':
      return {
        insured: blankPerson(user),
        activity: '',
        beneficiaries: [],
        special_clauses_accepted: false,
      };
    case 'life':
      return { insured: blankPerson(user), beneficiaries: [blankBeneficiary()] };
    case 'telemedicine':
      return { insured: blankPerson(user) };
    case 'travel-assistance':
      return { trip_type: undefined, destination: '', travellers: [blankPerson(user)] };
    case 'home':
      return { address: blankAddress() };
    case 'store':
      return { address: blankAddress(), business_activity: '' };
    case 'bag':
      return { description: '' };
    case 'protected-purchase':
      return { product_description: '', store_name: '', purchase_date: '', insured_amount_cents: undefined };
  }
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
          end_date: addDays(context.today, code === 'travel-assistance' ? 7 : 30),
        }
      );
    case 'taker': {
      const personal = context.entities?.[0]?.id;
      return saved ?? { taker_entity_id: personal, billing_entity_id: personal };
    }
  }
}
