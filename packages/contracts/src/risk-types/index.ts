/**
 * The risk-type registry (decision 021): the 12 risk types of spec §1, one definition each in this folder,
 * and the lookups every consumer loops over — the answers schemas, the contract form, the answer summary,
 * the certificate, the insurance page's facts, the CSV import columns. `registerRiskType` adds one more
 * (the 13th-risk-type test does; a new product line adds its module to BUILT_IN instead).
 */
import { z } from 'zod';
import { bag } from './bag.ts';
import { bicycle } from './bicycle.ts';
import { cellPhone } from './cell-phone.ts';
import type { RiskTypeRule } from './define.ts';
import { home } from './home.ts';
import { life } from './life.ts';
import { motorcycle } from './motorcycle.ts';
import { personalAccident } from './personal-accident.ts';
import { protectedPurchase } from './protected-purchase.ts';
import { specificVehicleCargo } from './specific-vehicle-cargo.ts';
import { store } from './store.ts';
import { telemedicine } from './telemedicine.ts';
import { travelAssistance } from './travel-assistance.ts';

export {
  AddressSchema,
  BeneficiarySchema,
  GENDER_LABELS,
  GENDERS,
  motorcycleYearSchema,
  motorcycleYears,
  type Person,
  PersonSchema,
  TRIP_TYPE_LABELS,
  TRIP_TYPES,
  WHEEL_SIZES,
} from './answers.ts';
export {
  ASSISTANCE_PHONE,
  assistancePhoneField,
  type CellKind,
  type CertificateLine,
  col,
  type DescriptionField,
  defineRiskType,
  type FlowGroup,
  type ImportColumn,
  type PricingKind,
  type RiskAnswersData,
  type RiskFact,
  type RiskFactSheet,
  type RiskField,
  type RiskFieldKind,
  type RiskPeople,
  type RiskTypeDefinition,
  type RiskTypeRule,
} from './define.ts';

const BUILT_IN = [
  personalAccident,
  life,
  bag,
  motorcycle,
  telemedicine,
  home,
  store,
  travelAssistance,
  protectedPurchase,
  specificVehicleCargo,
  bicycle,
  cellPhone,
] as const;

type BuiltIn = (typeof BUILT_IN)[number];
export type RiskTypeCode = BuiltIn['code'];

/** The codes of the built-in risk types, in the order of spec §1. */
export const RISK_TYPE_CODES = BUILT_IN.map((d) => d.code) as unknown as readonly [
  RiskTypeCode,
  ...RiskTypeCode[],
];

type Registry = { readonly [C in RiskTypeCode]: Extract<BuiltIn, { code: C }> };

const registry: Record<string, RiskTypeRule> = Object.fromEntries(BUILT_IN.map((d) => [d.code, d]));

/** Every risk type by code: the built-in ones typed one by one, registered ones found at run time. */
export const RISK_TYPES: Registry = registry as unknown as Registry;

/** The answers of a type's "risk" step, as its schema outputs them. */
export type RiskAnswersOf<C extends RiskTypeCode> = z.output<ReturnType<Registry[C]['answers']>>;
/** The answers of any risk type's "risk" step. */
export type RiskAnswers = { [C in RiskTypeCode]: RiskAnswersOf<C> }[RiskTypeCode];
/** A risk type's code with its answers, discriminated by the code. */
export type RiskTypeAnswers = {
  [C in RiskTypeCode]: { risk_type: C; answers: RiskAnswersOf<C> };
}[RiskTypeCode];

export function isRiskTypeCode(code: string): code is RiskTypeCode {
  return Object.hasOwn(registry, code);
}

/** A risk type's definition; throws on a code nobody registered (a catalogue row out of step). */
export function riskTypeRule(code: string): RiskTypeRule {
  const rule = registry[code];
  if (!rule) throw new Error(`Unknown risk type: ${code}`);
  return rule;
}

/** All risk types, built-in first, then the registered ones in the order they were registered. */
export function allRiskTypes(): RiskTypeRule[] {
  return Object.values(registry);
}

/**
 * Adds a risk type to the registry. Its code must be new. The type system still knows only the built-in
 * codes: callers cast the new code to `RiskTypeCode` where an API takes one.
 */
export function registerRiskType(rule: RiskTypeRule): void {
  if (Object.hasOwn(registry, rule.code)) throw new Error(`Risk type ${rule.code} is already registered`);
  registry[rule.code] = rule;
}

/** Removes a registered risk type (tests clean up after themselves); built-in ones stay. */
export function unregisterRiskType(code: string): void {
  if ((RISK_TYPE_CODES as readonly string[]).includes(code)) throw new Error(`${code} is built in`);
  delete registry[code];
}

/**
 * A risk-type code in a body or an answer: checked against the registry when parsed (so a registered type
 * passes), documented as the built-in codes.
 */
export const RiskTypeCodeSchema = z
  .string({ error: 'Elegí el tipo de riesgo.' })
  .refine(isRiskTypeCode, { error: 'Elegí el tipo de riesgo.' })
  .meta({ enum: [...RISK_TYPE_CODES] }) as unknown as z.ZodType<RiskTypeCode, string>;

export function flowGroupOf(code: RiskTypeCode): RiskTypeRule['flowGroup'] {
  return riskTypeRule(code).flowGroup;
}
