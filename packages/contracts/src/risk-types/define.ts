/**
 * What a risk type is, in one object (issue 17, decision 021): its flow and rules (spec §4–§5), its answers
 * schema, its fields (form, answer summary, import columns, identifier), its coverage description fields,
 * its certificate lines and the facts the insurance page shows. Each of the 12 lives in `<code>.ts` next to
 * this file; `index.ts` keeps the registry. Everything here is data or pure functions: the API and the web
 * both read it.
 */
import type { z } from 'zod';
import type { SsnBranch } from '../rights.ts';
import { GENDER_LABELS } from './answers.ts';

/** 1 = people-centred quick flow, 2 = object flow, 0 = standard flow (spec §4). */
export type FlowGroup = 0 | 1 | 2;

export type PricingKind = 'fixed_monthly' | 'by_insured_amount' | 'travel_by_days';

/** How an import cell is read before the flow's schema checks it. */
export type CellKind = 'text' | 'amount' | 'int' | 'date' | 'gender' | 'trip_type' | 'yes_no';

export type ImportColumn = {
  /** The header as it appears in the sample CSV (lowercase, no accents; matched loosely on upload). */
  header: string;
  /** Where the value goes in the step's answers: `risk.imei`, `risk.insured.dni`, `dates.start_date`. */
  path: string;
  kind: CellKind;
  required: boolean;
  example: string;
};

/** A CSV column; in a definition's fields the path is relative to the answers (`imei`, `insured.dni`). */
export const col = (
  header: string,
  path: string,
  kind: CellKind,
  example: string,
  required = true,
): ImportColumn => ({ header, path, kind, required, example });

/** The five columns of a person (the insured, the first traveller). */
export const personColumns = (prefix: string): ImportColumn[] => [
  col('nombre', `${prefix}.first_name`, 'text', 'Sofía'),
  col('apellido', `${prefix}.last_name`, 'text', 'Gómez'),
  col('dni', `${prefix}.dni`, 'text', '30123456'),
  col('fecha_nacimiento', `${prefix}.birth_date`, 'date', '12/04/1990'),
  col('genero', `${prefix}.gender`, 'gender', 'F'),
];

export const addressColumns: ImportColumn[] = [
  col('calle', 'address.street', 'text', 'Av. Corrientes'),
  col('altura', 'address.street_number', 'text', '1234'),
  col('piso', 'address.floor_block', 'text', '5', false),
  col('departamento', 'address.apartment_house', 'text', 'B', false),
  col('id_provincia', 'address.state_id', 'int', '1'),
  col('id_localidad', 'address.locality_id', 'int', '1'),
  col('codigo_postal', 'address.zip_code', 'text', 'C1043AAZ'),
];

/**
 * How a field is asked, summarised and identified:
 * - `text`, `textarea`: a string; `money`: centavos shown as pesos; `date`: a day up to today;
 * - `choice`: one of `options` (the option's label is what the summary shows); `year`: a motorcycle year;
 * - `person`: one person (the insured); `people`: a list of people (travellers); `beneficiaries`;
 * - `address`: street, number, province, locality, zip code; `accept`: the special clauses' checkbox.
 */
export type RiskFieldKind =
  | 'text'
  | 'textarea'
  | 'money'
  | 'date'
  | 'choice'
  | 'year'
  | 'person'
  | 'people'
  | 'beneficiaries'
  | 'address'
  | 'accept';

export type RiskField = {
  /** The key in the answers. */
  key: string;
  kind: RiskFieldKind;
  /** Translation key of the label; by default `contract.fields.<code>.<key>`, then `contract.fields.<key>`. */
  labelKey?: string;
  /** Translation key of the text under the input (for an identifier with `instructions`: the link's text). */
  hintKey?: string;
  /** The instructional modal of an identifier that is hard to find (spec §2 item 5). */
  instructions?: 'imei' | 'serial-number' | 'frame-number';
  /** The person may leave it empty: the form says "(opcional)" (its schema and CSV column say so too). */
  optional?: boolean;
  /** Masked as the person types (spec §5). */
  mask?: 'imei' | 'plate';
  maxLength?: number;
  inputMode?: 'numeric';
  /** Browsers should not offer what they remember (serial numbers nobody types twice). */
  autoComplete?: 'off';
  /** `choice`: the values and the labels shown for them. */
  options?: ReadonlyArray<{ value: string; label: string }>;
  /** `choice`: the option the form proposes to a customer who never answered it (the one most people pick). */
  proposed?: string;
  /**
   * `choice`: the form proposes what the customer's last contract of this type answered (contracts
   * suggestions' `choices`), before `proposed`.
   */
  remembered?: boolean;
  /** `people`, `beneficiaries`: how many at least (the form starts with that many, or one person). */
  min?: number;
  /** `person`, `people`, `beneficiaries`: the translation key of the section's legend. */
  legendKey?: string;
  /** This field says which insured object or person the answers are about (imports' duplicates). */
  identifies?: boolean;
  /** Its columns in the import CSV, in the sample's order (paths relative to the answers). */
  csv?: readonly ImportColumn[];
};

/** A coverage's description field: amounts are centavos and get a `_nice` twin, counts and texts do not. */
export type DescriptionField = { key: string; label: string; kind: 'amount' | 'count' | 'text' };

export const amount = (key: string, label: string): DescriptionField => ({ key, label, kind: 'amount' });

/**
 * The description key of a coverage's assistance / emergency phone (the insurer's 24 h line): the
 * certificate prints it first wherever a coverage has one; travel assistance asks for it.
 */
export const ASSISTANCE_PHONE = 'assistance_phone';

export const assistancePhoneField: DescriptionField = {
  key: ASSISTANCE_PHONE,
  label: 'Teléfono de asistencia (24 h)',
  kind: 'text',
};

export type CertificateLine = [label: string, value: string];

/** A fact of the insurance page; `label` (and `fallbackKey`) are keys under `insurances.risk`. */
export type RiskFact =
  | { label: string; text: string; fallbackKey?: string }
  | { label: string; cents: unknown }
  | { label: string; day: string };

/** People of the insurance page, titled by a key under `insurances.risk`. */
export type RiskPeople = {
  title: string;
  role: 'person' | 'beneficiary';
  people: Array<Record<string, unknown>>;
};

export type RiskFactSheet = { facts: RiskFact[]; people: RiskPeople[] };

export type RiskAnswersData = Record<string, unknown>;

/**
 * The standard flow's rules (spec §4–§5): the cover's date range (up to a year, a month proposed), no
 * photos, no special clauses, sold here, a fixed monthly premium. A definition spreads it and then says
 * only what is different.
 */
export const STANDARD_FLOW = {
  flowGroup: 0,
  dates: { kind: 'cover', maxDays: 366, defaultDays: 30 },
  twoPhotos: false,
  specialClauses: false,
  externalLink: false,
  pricing: 'fixed_monthly',
} as const;

export type RiskTypeDefinition<Code extends string = string, Answers extends z.ZodType = z.ZodType> = {
  code: Code;
  /** Spanish names shown to customers, singular and plural ("1 seguro de celular", "3 seguros de celular"). */
  name: string;
  plural: string;
  flowGroup: FlowGroup;
  /**
   * Which dates the flow asks (spec §5): `cover` dates (the date range), the `trip` dates of travel
   * assistance, or none (covered for a month from the day it is paid). `maxDays` is the longest cover,
   * `defaultDays` how long the form proposes.
   */
  dates: { kind: 'cover' | 'trip'; maxDays: number; defaultDays: number } | null;
  /** Two photos of the insured object before confirming (spec §5). */
  twoPhotos: boolean;
  /** The policy's special clauses are accepted in the risk step (spec §5). */
  specialClauses: boolean;
  /** A policy of this type may be sold on the insurer's own site (spec §5 external link). */
  externalLink: boolean;
  pricing: PricingKind;
  /** Exempt from IVA (Ley de IVA art. 7 h) 21: life insurance); every other cover pays 21 %. */
  ivaExempt?: boolean;
  /**
   * Its branch in the SSN's classification: the botón de baja covers the branches of Res. 360/2024 as
   * amended by Res. 435/2025 (contracts rights.ts `BAJA_BUTTON_BRANCHES`). Without one, it is not covered.
   */
  ssnBranch?: SsnBranch;
  /** The answers of the "risk" step (what or who is insured); `now` fixes year ranges. */
  answers: (now: Date) => Answers;
  /** The answers' fields in the order of the schema, the summary and the CSV. */
  fields: readonly RiskField[];
  /** The order of the fields in the form, when it is not the fields' own. */
  formOrder?: readonly string[];
  /** Answers an import fills itself (paths relative to the answers): the flow does it in the form. */
  importFixed?: Readonly<Record<string, unknown>>;
  descriptionFields: readonly DescriptionField[];
  /** The insured object or people on the certificate (spec §3 "Certificate labels"). */
  certificateLines: (data: RiskAnswersData) => CertificateLine[];
  /** The facts and people of the insurance page. */
  facts: (data: RiskAnswersData) => RiskFactSheet;
};

/** A definition as the registry keeps it: with the spec's "date range" flag spelled out. */
export type RiskTypeRule<Code extends string = string, Answers extends z.ZodType = z.ZodType> = Readonly<
  RiskTypeDefinition<Code, Answers> & { dateRange: boolean }
>;

export function defineRiskType<const Code extends string, Answers extends z.ZodType>(
  definition: RiskTypeDefinition<Code, Answers>,
): RiskTypeRule<Code, Answers> {
  return { ...definition, dateRange: definition.dates?.kind === 'cover' };
}

// Formatting shared by the definitions' certificate lines and facts.

/** A value as the certificate prints it, '—' when missing. */
export const dash = (v: unknown): string => (v === undefined || v === null || v === '' ? '—' : String(v));

/** A value as the insurance page shows it, '' when missing (the fact is then left out). */
export const plain = (v: unknown): string =>
  v === undefined || v === null || String(v).trim() === '' ? '' : String(v).trim();

export const joined = (sep: string, ...values: unknown[]): string =>
  values.map(plain).filter(Boolean).join(sep);

export const record = (value: unknown): RiskAnswersData =>
  value && typeof value === 'object' ? (value as RiskAnswersData) : {};

export const list = (value: unknown): RiskAnswersData[] => (Array.isArray(value) ? value.map(record) : []);

/** 'AAAA-MM-DD' → 'DD/MM/AAAA'. */
export function dateEs(iso: string | null): string {
  if (!iso) return '—';
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
}

export function personLine(p: RiskAnswersData): string {
  const gender = GENDER_LABELS[p.gender as keyof typeof GENDER_LABELS] ?? '—';
  return `${p.first_name} ${p.last_name} · DNI ${p.dni} · Nac. ${dateEs(String(p.birth_date))} · Género: ${gender}`;
}

export function beneficiaryLines(data: RiskAnswersData): CertificateLine[] {
  return list(data.beneficiaries).map((b) => [
    'Beneficiario',
    `${b.first_name} ${b.last_name} · DNI ${b.dni} · ${b.relationship} · ${b.percentage}%`,
  ]);
}

/** The address of a home or store; the detail already names its province and locality. */
export function addressLines(data: RiskAnswersData): CertificateLine[] {
  const a = record(data.address);
  return [
    ['Calle y altura', `${dash(a.street)} ${dash(a.street_number)}`],
    ['Piso / depto.', `${dash(a.floor_block)} / ${dash(a.apartment_house)}`],
    ['Localidad', `${dash(a.locality_name)}, ${dash(a.state_name)} (CP ${dash(a.zip_code)})`],
  ];
}

export function addressFacts(data: RiskAnswersData): RiskFact[] {
  const a = record(data.address);
  return [
    { label: 'street', text: joined(' ', a.street, a.street_number) },
    { label: 'floorApartment', text: joined(' / ', a.floor_block, a.apartment_house) },
    { label: 'locality', text: plain(a.locality_name) },
    { label: 'state', text: plain(a.state_name) },
    { label: 'zipCode', text: plain(a.zip_code) },
  ];
}

/** The insured person and the beneficiaries, as the insurance page lists them. */
export function insuredPeople(data: RiskAnswersData): RiskPeople[] {
  return [
    { title: 'insured', role: 'person', people: data.insured ? [record(data.insured)] : [] },
    { title: 'beneficiaries', role: 'beneficiary', people: list(data.beneficiaries) },
  ];
}
