/**
 * Contracting: the answers of each step of a risk type's flow, validated by the same schemas in the form
 * and on the server (spec §5, DOMAIN.md), and the shapes of processes, quotes and insurances.
 */
import { z } from 'zod';
import { CoverageSchema } from './catalog.ts';
import { isValidCuit, isValidDni, normalizeDigits } from './identity.ts';
import { isValidImei, isValidPlate, normalizePlate } from './objects.ts';
import { RISK_TYPE_CODES, RISK_TYPES, type RiskTypeCode } from './risk-types.ts';

const text = (label: string, max = 120) =>
  z
    .string({ error: `Ingresá ${label}.` })
    .trim()
    .min(1, { error: `Ingresá ${label}.` })
    .max(max, { error: `Máximo ${max} caracteres.` });

const isoDate = (label: string) =>
  z
    .string({ error: `Ingresá ${label}.` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: `Ingresá ${label} con el formato AAAA-MM-DD.` })
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), {
      error: `${label[0]?.toUpperCase()}${label.slice(1)} no es una fecha válida.`,
    });

export const GENDERS = ['m', 'f', 'b', 'not_declared'] as const;
export const GENDER_LABELS: Record<(typeof GENDERS)[number], string> = {
  m: 'Masculino',
  f: 'Femenino',
  b: 'No binario',
  not_declared: 'Prefiero no decirlo',
};

export const PersonSchema = z.strictObject({
  first_name: text('el nombre', 80),
  last_name: text('el apellido', 80),
  dni: z
    .string({ error: 'Ingresá el DNI.' })
    .transform(normalizeDigits)
    .refine(isValidDni, { error: 'El DNI debe tener 7 u 8 números.' }),
  birth_date: isoDate('la fecha de nacimiento'),
  gender: z.enum(GENDERS, { error: 'Elegí una opción.' }),
});
export type Person = z.infer<typeof PersonSchema>;

export const BeneficiarySchema = z.strictObject({
  first_name: text('el nombre', 80),
  last_name: text('el apellido', 80),
  dni: z
    .string({ error: 'Ingresá el DNI.' })
    .transform(normalizeDigits)
    .refine(isValidDni, { error: 'El DNI debe tener 7 u 8 números.' }),
  relationship: text('el parentesco', 40),
  percentage: z
    .number({ error: 'Ingresá el porcentaje.' })
    .int()
    .min(1, { error: 'Mínimo 1%.' })
    .max(100, { error: 'Máximo 100%.' }),
});

const beneficiaries = (min: number) =>
  z
    .array(BeneficiarySchema)
    .min(min, { error: 'Agregá al menos un beneficiario.' })
    .max(5, { error: 'Podés indicar hasta 5 beneficiarios.' })
    .refine((list) => list.length === 0 || list.reduce((a, b) => a + b.percentage, 0) === 100, {
      error: 'Los porcentajes de los beneficiarios deben sumar 100%.',
    });

export const AddressSchema = z.strictObject({
  street: text('la calle', 120),
  street_number: text('la altura', 10),
  floor_block: z.string().trim().max(20).optional(),
  apartment_house: z.string().trim().max(20).optional(),
  state_id: z.number({ error: 'Elegí una provincia.' }).int().positive(),
  locality_id: z.number({ error: 'Elegí una localidad.' }).int().positive(),
  zip_code: z
    .string({ error: 'Ingresá el código postal.' })
    .trim()
    .regex(/^([A-Za-z]\d{4}[A-Za-z]{3}|\d{4})$/, {
      error: 'El código postal debe tener 4 números o el formato A1234ABC.',
    }),
});

const amountCents = (label: string) =>
  z
    .number({ error: `Ingresá ${label}.` })
    .int({ error: 'Ingresá un importe en centavos.' })
    .positive({ error: `Ingresá ${label}.` });

const Photos = z
  .array(z.number().int().positive(), { error: 'Subí las dos fotos.' })
  .length(2, { error: 'Tenés que subir dos imágenes para confirmar.' })
  .refine((ids) => ids[0] !== ids[1], { error: 'Las dos fotos deben ser distintas.' });

export const WHEEL_SIZES = ['12', '14', '16', '20', '24', '26', '27.5', '28', '29'] as const;
export const TRIP_TYPES = ['one_trip', 'multi_trip', 'long_stay'] as const;
export const TRIP_TYPE_LABELS: Record<(typeof TRIP_TYPES)[number], string> = {
  one_trip: 'Un viaje',
  multi_trip: 'Multiviaje',
  long_stay: 'Larga estadía',
};

export function motorcycleYearSchema(now = new Date()) {
  const year = now.getFullYear();
  return z
    .number({ error: 'Elegí el año.' })
    .int()
    .min(year - 29, { error: `El año debe estar entre ${year - 29} y ${year}.` })
    .max(year, { error: `El año debe estar entre ${year - 29} y ${year}.` });
}

const Plate = z
  .string({ error: 'Ingresá la patente.' })
  .transform(normalizePlate)
  .refine(isValidPlate, { error: 'La patente debe tener el formato ABC123 o AB123CD.' });

/** The insured object or people of each risk type: the "risk" step. */
export function riskAnswersSchema(code: RiskTypeCode, now = new Date()) {
  switch (code) {
    case 'cell-phone':
      return z.strictObject({
        brand: text('la marca', 40),
        model: text('el modelo', 60),
        imei: z
          .string({ error: 'Ingresá el IMEI.' })
          .transform((v) => v.replace(/[\s-]/g, ''))
          .refine(isValidImei, {
            error: 'El IMEI debe tener 15 números y ser válido. Marcá *#06# para verlo.',
          }),
        serial_number: text('el número de serie (SN)', 40),
        insured_amount_cents: amountCents('el valor del equipo'),
      });
    case 'bicycle':
      return z.strictObject({
        brand: text('la marca', 40),
        model: text('el modelo', 60),
        frame_number: text('el número de cuadro', 40),
        wheel_size: z.enum(WHEEL_SIZES, { error: 'Elegí el rodado.' }),
      });
    case 'motorcycle':
      return z.strictObject({
        brand: text('la marca', 40),
        model: text('el modelo', 60),
        year: motorcycleYearSchema(now),
        engine_number: text('el número de motor', 40),
        chassis_number: text('el número de chasis', 40),
        plate: Plate,
      });
    case 'specific-vehicle-cargo':
      return z.strictObject({ plate: Plate, cargo_description: text('qué carga transporta', 200) });
    case 'personal-accident':
      return z.strictObject({
        insured: PersonSchema,
        activity: text('la actividad', 80),
        beneficiaries: beneficiaries(0),
        special_clauses_accepted: z.literal(true, { error: 'Tenés que aceptar las cláusulas especiales.' }),
      });
    case 'life':
      return z.strictObject({ insured: PersonSchema, beneficiaries: beneficiaries(1) });
    case 'telemedicine':
      return z.strictObject({ insured: PersonSchema });
    case 'travel-assistance':
      return z.strictObject({
        trip_type: z.enum(TRIP_TYPES, { error: 'Elegí el tipo de viaje.' }),
        destination: text('el destino', 80),
        travellers: z
          .array(PersonSchema)
          .min(1, { error: 'Agregá al menos un viajero.' })
          .max(6, { error: 'Podés agregar hasta 6 viajeros.' }),
      });
    case 'home':
      return z.strictObject({ address: AddressSchema });
    case 'store':
      return z.strictObject({ address: AddressSchema, business_activity: text('el rubro del comercio', 80) });
    case 'bag':
      return z.strictObject({ description: z.string().trim().max(200).optional() });
    case 'protected-purchase':
      return z.strictObject({
        product_description: text('el producto', 120),
        store_name: text('dónde lo compraste', 80),
        purchase_date: isoDate('la fecha de compra'),
        insured_amount_cents: amountCents('el precio de compra'),
      });
  }
}

export type RiskAnswers = Record<string, unknown>;

/** Cover dates: from today on, at most a year; travel uses trip dates instead (DOMAIN.md). */
export function datesSchema(today: string, maxDays = 366) {
  return z
    .strictObject({ start_date: isoDate('la fecha de inicio'), end_date: isoDate('la fecha de fin') })
    .superRefine((v, ctx) => {
      if (v.start_date < today)
        ctx.addIssue({
          code: 'custom',
          path: ['start_date'],
          message: 'La fecha de inicio no puede ser anterior a hoy.',
        });
      if (v.end_date <= v.start_date)
        ctx.addIssue({
          code: 'custom',
          path: ['end_date'],
          message: 'La fecha de fin debe ser posterior a la de inicio.',
        });
      else if (daysBetween(v.start_date, v.end_date) > maxDays)
        ctx.addIssue({
          code: 'custom',
          path: ['end_date'],
          message: 'La cobertura puede durar hasta un año.',
        });
    });
}

/** Today in Argentina (UTC−3, no daylight saving), as YYYY-MM-DD: cover dates are local calendar days. */
export function todayInArgentina(now = new Date()): string {
  return new Date(now.getTime() - 3 * 3_600_000).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export const PhotosAnswersSchema = z.strictObject({ photos: Photos });

export const TakerAnswersSchema = z.strictObject({
  taker_entity_id: z.number({ error: 'Elegí el tomador.' }).int().positive(),
  billing_entity_id: z.number({ error: 'Elegí el contratante designado.' }).int().positive(),
});

export const STEP_NAMES = ['risk', 'photos', 'dates', 'taker'] as const;
export type StepName = (typeof STEP_NAMES)[number];

/** Whether a risk type asks for cover dates: its date range, or the trip dates of travel assistance. */
export function asksForDates(code: RiskTypeCode): boolean {
  return RISK_TYPES[code].dateRange || code === 'travel-assistance';
}

/**
 * The steps of a risk type, in order (spec §4 flow groups): the standard flow (0) asks the dates first;
 * the people (1) and object (2) flows start with who or what is covered, then photos where required.
 * Types without dates are covered for a month from the day they are paid.
 */
export function stepsFor(code: RiskTypeCode): StepName[] {
  const rule = RISK_TYPES[code];
  const dates: StepName[] = asksForDates(code) ? ['dates'] : [];
  if (rule.flowGroup === 0) return [...dates, 'risk', 'taker'];
  return ['risk', ...(rule.twoPhotos ? (['photos'] as StepName[]) : []), ...dates, 'taker'];
}

export function stepSchema(code: RiskTypeCode, step: StepName, today: string, now = new Date()) {
  switch (step) {
    case 'risk':
      return riskAnswersSchema(code, now);
    case 'photos':
      return PhotosAnswersSchema;
    case 'dates':
      return datesSchema(today, code === 'travel-assistance' ? 365 : 366);
    case 'taker':
      return TakerAnswersSchema;
  }
}

/** A contract in progress (GET /customers/insurance-processes/{id}): its answers by step, resumable. */
export const InsuranceProcessSchema = z.object({
  id: z.number(),
  status: z.enum(['in_progress', 'completed', 'discarded']),
  risk_type: z.object({ short_code: z.enum(RISK_TYPE_CODES), name: z.string() }),
  coverage: CoverageSchema,
  policy: z.object({ id: z.number(), name: z.string(), special_clauses: z.string().nullable() }),
  steps: z.array(z.enum(STEP_NAMES)),
  answers: z.partialRecord(z.enum(STEP_NAMES), z.record(z.string(), z.unknown())),
  next_step: z.union([z.enum(STEP_NAMES), z.literal('quote')]),
  created_at: z.string(),
  updated_at: z.string(),
});
export type InsuranceProcess = z.infer<typeof InsuranceProcessSchema>;

export const INSURANCE_STATUSES = [
  'pendiente',
  'vigente',
  'finalizado',
  'cancelado',
  'anulado',
  'invalido',
] as const;
export type InsuranceStatus = (typeof INSURANCE_STATUSES)[number];
export const INSURANCE_STATUS_LABELS: Record<InsuranceStatus, string> = {
  pendiente: 'Pendiente de pago',
  vigente: 'Vigente',
  finalizado: 'Finalizado',
  cancelado: 'Cancelado',
  anulado: 'Anulado',
  invalido: 'Inválido',
};

/** Shown instead of 'Pendiente de pago' while a paid insurance waits for its start date (DOMAIN.md). */
export const PAID_NOT_STARTED_LABEL = 'Pagada, aún no comenzó';

/** The label of an insurance's status: a `pendiente` one already paid is not "pending payment". */
export function insuranceStatusLabel(status: InsuranceStatus, paid: boolean): string {
  return status === 'pendiente' && paid ? PAID_NOT_STARTED_LABEL : INSURANCE_STATUS_LABELS[status];
}

export const PremiumSchema = z.object({
  net_cents: z.number().int(),
  surcharges_cents: z.number().int(),
  taxes_cents: z.number().int(),
  total_cents: z.number().int(),
  net_nice: z.string(),
  surcharges_nice: z.string(),
  taxes_nice: z.string(),
  total_nice: z.string(),
});
export type Premium = z.infer<typeof PremiumSchema>;

export const EntitySearchQuerySchema = z.strictObject({
  document: z
    .string({ error: 'Ingresá un DNI o CUIT.' })
    .transform(normalizeDigits)
    .refine((v) => isValidDni(v) || isValidCuit(v), {
      error: 'Ingresá un DNI de 7 u 8 números o un CUIT válido.',
    }),
});

/** The price of a process's saved answers (POST …/quote), valid until `expires_at`. */
export const QuoteSchema = z.object({
  id: z.number(),
  process_id: z.number(),
  premium: PremiumSchema,
  expires_at: z.string(),
});
export type Quote = z.infer<typeof QuoteSchema>;
