/**
 * The back office (admin-login, DOMAIN.md "What the operator does"): operator sign-in with a TOTP second
 * factor, and the bodies of every operator form. The API validates with these and the forms reuse them.
 */
import { z } from 'zod';
import { EmailSchema, PasswordSchema } from './auth.ts';
import { JsonValueSchema, PlatformSchema } from './common.ts';
import { POLL_SCALE_STEPS, pollScale } from './polls.ts';
import { PricingSchema } from './pricing-schema.ts';
import { RiskTypeCodeSchema } from './risk-types.ts';

const text = (what: string, max: number) =>
  z
    .string({ error: `Ingresá ${what}.` })
    .trim()
    .min(1, { error: `Ingresá ${what}.` })
    .max(max, { error: `Máximo ${max} caracteres.` });

// ——— Operator sign-in ———

export const OperatorLoginBodySchema = z.strictObject({
  email: EmailSchema,
  password: z
    .string({ error: 'Ingresá tu contraseña.' })
    .min(1, { error: 'Ingresá tu contraseña.' })
    .max(128),
});
export type OperatorLoginBody = z.infer<typeof OperatorLoginBodySchema>;

/** After the password: give the TOTP code (or enrol first, when the account has none yet). */
export const OperatorChallengeSchema = z.object({
  challenge: z.string(),
  stage: z.enum(['totp', 'enroll']),
  /** Only while enrolling: what the authenticator app scans or types. */
  otpauth_uri: z.string().optional(),
  qr_data_url: z.string().optional(),
  secret: z.string().optional(),
});
export type OperatorChallenge = z.infer<typeof OperatorChallengeSchema>;

export const TotpCodeSchema = z
  .string({ error: 'Ingresá el código de 6 números.' })
  .trim()
  .regex(/^\d{6}$/, { error: 'El código tiene 6 números.' });

export const RecoveryCodeSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9]{5}-[a-z0-9]{5}$/, { error: 'El código de recuperación tiene la forma xxxxx-xxxxx.' });

export const OperatorSecondFactorBodySchema = z.union(
  [
    z.strictObject({ challenge: z.string().min(1).max(200), code: TotpCodeSchema }),
    z.strictObject({ challenge: z.string().min(1).max(200), recovery_code: RecoveryCodeSchema }),
  ],
  { error: 'Ingresá el código de 6 números.' },
);
export type OperatorSecondFactorBody = z.infer<typeof OperatorSecondFactorBodySchema>;

export const OperatorTokenSchema = z.object({
  token_type: z.literal('Bearer'),
  access_token: z.string(),
  expires_at: z.string(),
  /** Shown once, right after enrolment. */
  recovery_codes: z.array(z.string()).optional(),
});
export type OperatorToken = z.infer<typeof OperatorTokenSchema>;

export const OperatorSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  totp_enabled: z.boolean(),
  locked_until: z.string().nullable(),
  created_at: z.string(),
});
export type Operator = z.infer<typeof OperatorSchema>;

export const OperatorCreateBodySchema = z.strictObject({
  name: text('el nombre', 120),
  email: EmailSchema,
  password: PasswordSchema.refine((value) => value.length >= 12, {
    error: 'La contraseña de un operador debe tener al menos 12 caracteres.',
  }),
});
export type OperatorCreateBody = z.infer<typeof OperatorCreateBodySchema>;

// ——— Catalogue ———

export const CompanyBodySchema = z.strictObject({
  name: text('el nombre', 120),
  legal_name: text('la razón social', 200),
});
export type CompanyBody = z.infer<typeof CompanyBodySchema>;

const labelledTexts = z.record(
  z.string().trim().min(1, { error: 'Cada ítem necesita un título.' }).max(120),
  z.string().trim().min(1, { error: 'Cada ítem necesita un texto.' }).max(1000),
);

export const CatalogStatusSchema = z.enum(['active', 'inactive']);

export const PolicyBodySchema = z.strictObject({
  company_id: z.number({ error: 'Elegí la aseguradora.' }).int().positive({ error: 'Elegí la aseguradora.' }),
  risk_type: RiskTypeCodeSchema,
  name: text('el nombre', 160),
  includes: labelledTexts,
  excludes: labelledTexts,
  status: CatalogStatusSchema,
  external_url: z
    .url({ protocol: /^https$/, error: 'Ingresá una dirección https:// válida.' })
    .max(500)
    .nullable(),
  special_clauses: z.string().trim().max(5000).nullable(),
});
export type PolicyBody = z.infer<typeof PolicyBodySchema>;

export { PricingSchema };

const bps = z
  .number({ error: 'Ingresá la tasa.' })
  .int({ error: 'La tasa va en puntos básicos enteros.' })
  .min(0, { error: 'La tasa no puede ser negativa.' })
  .max(10_000, { error: 'La tasa no puede superar el 100 %.' });

export const CoverageBodySchema = z.strictObject({
  policy_id: z.number({ error: 'Elegí la póliza.' }).int().positive(),
  public_name: text('el nombre del plan', 120),
  public_description: text('la descripción', 1000),
  /** The risk type's description fields: amounts in centavos, counts, texts. */
  description: z.record(
    z.string().regex(/^[a-zA-Z_]+$/),
    z.union([z.number().int().nonnegative(), z.string().trim().max(500)]),
  ),
  description_more: z.record(z.string().max(120), z.string().max(1000)),
  pricing: PricingSchema,
  surcharge_bps: bps,
  tax_bps: bps,
  status: CatalogStatusSchema,
  sort_order: z.number().int().min(0).max(1000),
});
export type CoverageBody = z.infer<typeof CoverageBodySchema>;

// ——— App versions, maintenance, polls, customers ———

export const AppVersionBodySchema = z.strictObject({
  version: z
    .string({ error: 'Ingresá la versión.' })
    .trim()
    .regex(/^\d+\.\d+\.\d+$/, { error: 'La versión tiene la forma 2.1.11.' }),
  platform: PlatformSchema,
  active: z.boolean(),
  social: z.strictObject({ google: z.boolean(), facebook: z.boolean(), apple: z.boolean() }),
});
export type AppVersionBody = z.infer<typeof AppVersionBodySchema>;

export const MaintenanceBodySchema = z.strictObject({
  enabled: z.boolean(),
  message: z.string().trim().max(500, { error: 'Máximo 500 caracteres.' }).nullable(),
});
export type MaintenanceBody = z.infer<typeof MaintenanceBodySchema>;

export const PollQuestionBodySchema = z.strictObject({
  name: text('la pregunta', 300),
  values: z
    .string({ error: 'Ingresá la escala.' })
    .trim()
    .refine((v) => pollScale(v).length === POLL_SCALE_STEPS, {
      error: `La escala tiene ${POLL_SCALE_STEPS} valores separados por comas.`,
    }),
  position: z.number().int().min(0).max(1000),
  active: z.boolean(),
});
export type PollQuestionBody = z.infer<typeof PollQuestionBodySchema>;

export const CustomerLockBodySchema = z.strictObject({
  reason: text('el motivo', 500),
});
export type CustomerLockBody = z.infer<typeof CustomerLockBodySchema>;

/** DOMAIN.md: `anulado` (voided by the operator, all that was paid comes back) or `invalido` (its data was rejected). */
export const VoidInsuranceBodySchema = z.strictObject({
  status: z.enum(['anulado', 'invalido'], { error: 'Elegí anular o marcar como inválida.' }),
  reason: text('el motivo', 500),
});
export type VoidInsuranceBody = z.infer<typeof VoidInsuranceBodySchema>;

/** A message to a segment of customers, delivered as a notification (and a push where they allowed it). */
export const BroadcastBodySchema = z
  .strictObject({
    segment: z.enum(['all', 'in_force', 'risk_type'], { error: 'Elegí a quiénes se envía.' }),
    risk_type: RiskTypeCodeSchema.optional(),
    title: text('el título', 80),
    body: text('el mensaje', 500),
  })
  .refine((b) => b.segment !== 'risk_type' || b.risk_type, {
    path: ['risk_type'],
    error: 'Elegí el tipo de riesgo.',
  });
export type BroadcastBody = z.infer<typeof BroadcastBodySchema>;

// ——— Answers of the back office's own views: broadcast, audit log, dashboard ———

/** POST /admin/notifications/broadcast: the notification's id and how many customers got it. */
export const BroadcastResultSchema = z.object({ id: z.string(), recipients: z.number() });
export type BroadcastResult = z.infer<typeof BroadcastResultSchema>;

/** One change an operator (or the operations token) made: the record before and after, as JSON. */
export const AuditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  actor: z.enum(['operator', 'ops_token']),
  operator: z.object({ id: z.number(), name: z.string(), email: z.string() }).nullable(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string().nullable(),
  before: JsonValueSchema.nullable(),
  after: JsonValueSchema.nullable(),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

/** GET /admin/dashboard: per-day series over the last `days` days, and the totals of the period. */
export const DashboardSchema = z.object({
  days: z.array(z.string()),
  risk_types: z.array(z.string()),
  sales_per_day: z.array(z.record(z.string(), z.union([z.string(), z.number()]))),
  premiums_per_day: z.array(z.object({ day: z.string(), amount_cents: z.number() })),
  payment_failures_per_day: z.array(z.object({ day: z.string(), failures: z.number() })),
  open_claims_by_age: z.array(z.record(z.string(), z.union([z.string(), z.number()]))),
  totals: z.object({
    claims_open: z.number(),
    oldest_open_claim_days: z.number().nullable(),
    insurances_sold: z.number(),
    premiums_cents: z.number(),
    premiums_nice: z.string(),
    payment_failures: z.number(),
    insurances_pending: z.number(),
  }),
});
export type Dashboard = z.infer<typeof DashboardSchema>;
