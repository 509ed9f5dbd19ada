/**
 * Contracting: the answers of each step of a risk type's flow, validated by the same schemas in the form
 * and on the server (spec §5, DOMAIN.md), and the shapes of processes, quotes and insurances.
 */
import { z } from 'zod';
import { CoverageSchema } from './catalog.ts';
import { isValidCuit, isValidDni, normalizeDigits } from './identity.ts';
import { isoDate } from './risk-types/answers.ts';
import { type RiskTypeCode, RiskTypeCodeSchema, riskTypeRule } from './risk-types/index.ts';

const Photos = z
  .array(z.number().int().positive(), { error: 'Subí las dos fotos.' })
  .length(2, { error: 'Tenés que subir dos imágenes para confirmar.' })
  .refine((ids) => ids[0] !== ids[1], { error: 'Las dos fotos deben ser distintas.' });

/** The insured object or people of each risk type: the "risk" step (its definition's answers schema). */
export function riskAnswersSchema(code: RiskTypeCode, now = new Date()) {
  return riskTypeRule(code).answers(now);
}

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

/** Whether a risk type asks for dates: its cover date range, or the dates of a trip. */
export function asksForDates(code: RiskTypeCode): boolean {
  return riskTypeRule(code).dates !== null;
}

/** The dates schema of a risk type that asks for them: at most its longest cover. */
export function datesSchemaFor(code: RiskTypeCode, today: string) {
  return datesSchema(today, riskTypeRule(code).dates?.maxDays);
}

/**
 * The steps of a risk type, in order (spec §4 flow groups): the standard flow (0) asks the dates first;
 * the people (1) and object (2) flows start with who or what is covered, then photos where required.
 * Types without dates are covered for a month from the day they are paid.
 */
export function stepsFor(code: RiskTypeCode): StepName[] {
  const rule = riskTypeRule(code);
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
      return datesSchemaFor(code, today);
    case 'taker':
      return TakerAnswersSchema;
  }
}

const AnswerScalarSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
const AnswerGroupSchema = z.record(z.string(), AnswerScalarSchema);
/**
 * One step's answers as they were saved, of any risk type (its own schema, above, checked them on the way
 * in): each answer is a value, a group of values (an address, a person) or a list of either (photos,
 * travellers, beneficiaries).
 */
export const StoredAnswersSchema = z.record(
  z.string(),
  z.union([AnswerScalarSchema, AnswerGroupSchema, z.array(z.union([AnswerScalarSchema, AnswerGroupSchema]))]),
);
export type StoredAnswers = z.infer<typeof StoredAnswersSchema>;

/** A contract in progress (GET /customers/insurance-processes/{id}): its answers by step, resumable. */
export const InsuranceProcessSchema = z.object({
  id: z.number(),
  status: z.enum(['in_progress', 'completed', 'discarded']),
  risk_type: z.object({ short_code: RiskTypeCodeSchema, name: z.string() }),
  coverage: CoverageSchema,
  policy: z.object({ id: z.number(), name: z.string(), special_clauses: z.string().nullable() }),
  steps: z.array(z.enum(STEP_NAMES)),
  answers: z.partialRecord(z.enum(STEP_NAMES), StoredAnswersSchema),
  next_step: z.union([z.enum(STEP_NAMES), z.literal('quote')]),
  /** The insurance the process issued once confirmed (its summary then offers to pay it); null before. */
  insurance_id: z.number().nullable(),
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

/** POST /customers/insurance-processes: start contracting a coverage. */
export const StartProcessBodySchema = z.strictObject({
  coverage_id: z.number({ error: 'Elegí una cobertura.' }).int().positive(),
});
export type StartProcessBody = z.infer<typeof StartProcessBodySchema>;

/** PUT /customers/insurance-processes/{id}/steps/{step}: the step's own schema (stepSchema) checks it. */
export const StepBodySchema = z.record(z.string(), z.unknown());

/** POST /customers/insurance-processes/{id}/confirm: issue the insurance from this quote. */
export const ConfirmProcessBodySchema = z.strictObject({ quote_id: z.number().int().positive() });
export type ConfirmProcessBody = z.infer<typeof ConfirmProcessBodySchema>;

/** POST /customers/insurances/{id}/cancel: now, or with the paid period (the default, 'baja programada'). */
export const CancelInsuranceBodySchema = z
  .strictObject({ mode: z.enum(['now', 'end_of_period'], { error: 'Elegí cuándo dar de baja.' }) })
  .partial()
  .nullish();
export type CancelInsuranceBody = z.infer<typeof CancelInsuranceBodySchema>;
