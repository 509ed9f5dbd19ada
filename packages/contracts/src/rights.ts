/**
 * The customer's rights over a contract made online (DOMAIN.md): the botón de arrepentimiento (Ley 24.240
 * art. 34: revoked within 10 calendar days of contracting, everything back to the way it was paid) and
 * the botón de baja (SSN Res. 360/2024 as amended by Res. 435/2025: ended now, for the branches it lists,
 * the unused part back to Mi dinero). Both are asked signed in (applied at once) or signed out (contract
 * number, document and e-mail; applied when the e-mailed link is followed), and both answer a request
 * number at once.
 *
 *   POST /rights/withdrawals | /rights/bajas            (public)  → 202 RightsRequestReceived
 *   POST /rights/withdrawals/confirm | /rights/bajas/confirm     → 200 RightsRequest
 *   GET  /customers/rights/eligible?kind=withdrawal|baja         → 200 RightsEligibleInsurance[]
 *   POST /customers/rights/withdrawals | /customers/rights/bajas → 201 RightsRequest
 */
import { z } from 'zod';
import type { RiskTypeRule } from './risk-types/define.ts';

export const RIGHTS_KINDS = ['withdrawal', 'baja'] as const;
export type RightsKind = (typeof RIGHTS_KINDS)[number];

export const RIGHTS_REQUEST_STATUSES = ['pendiente_confirmacion', 'aplicada', 'rechazada'] as const;
export type RightsRequestStatus = (typeof RIGHTS_REQUEST_STATUSES)[number];

/** Where the refund went: the payment's own method for a withdrawal, Mi dinero for a baja. */
export const REFUND_METHODS = ['money_wallet', 'mercadopago', 'uala', 'credit_wallet'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];

/**
 * How a refund stands: credited to a wallet at once (`acreditada`), asked of the provider and waiting
 * for its confirmation (`en_curso`), confirmed by the provider (`devuelta`), or nothing to give back.
 */
export const REFUND_STATUSES = ['acreditada', 'en_curso', 'devuelta', 'sin_devolucion'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** An online request's confirmation link lives this long (and is used once). */
export const RIGHTS_CONFIRMATION_HOURS = 24;

/**
 * The SSN branches the botón de baja is mandatory for (Res. 360/2024 as amended by Res. 435/2025):
 * Automotores, Motovehículos, Combinado Familiar e Integral, Robo y Riesgos Similares, Otros Riesgos de
 * Daños Patrimoniales and Accidentes Personales. Each risk type names its branch in its definition.
 */
export const SSN_BRANCHES = [
  'automotores',
  'motovehiculos',
  'combinado_familiar_integral',
  'robo',
  'otros_danos_patrimoniales',
  'accidentes_personales',
  'vida',
  'salud',
  'asistencia',
  'transporte',
] as const;
export type SsnBranch = (typeof SSN_BRANCHES)[number];

export const BAJA_BUTTON_BRANCHES: readonly SsnBranch[] = [
  'automotores',
  'motovehiculos',
  'combinado_familiar_integral',
  'robo',
  'otros_danos_patrimoniales',
  'accidentes_personales',
];

/** Whether the botón de baja covers insurances of this risk type (by its SSN branch). */
export function bajaButtonCovers(rule: Pick<RiskTypeRule, 'ssnBranch'>): boolean {
  return rule.ssnBranch !== undefined && BAJA_BUTTON_BRANCHES.includes(rule.ssnBranch);
}

const trimmed = (message: string) => z.string({ error: message }).trim().min(1, { error: message });

/** Signed out: what identifies the contract (nothing more, as the regulation asks). */
export const PublicRightsBodySchema = z.strictObject({
  insurance_number: trimmed('Ingresá el número de contratación.').max(40),
  document_number: trimmed('Ingresá tu DNI o CUIT.')
    .transform((v) => v.replace(/[\s.-]/g, ''))
    .pipe(z.string().regex(/^\d{7,11}$/, { error: 'Ingresá tu DNI o CUIT, solo números.' })),
  email: z
    .string({ error: 'Ingresá tu e-mail.' })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: 'Ingresá un e-mail válido.' }).max(200)),
});
export type PublicRightsBody = z.infer<typeof PublicRightsBodySchema>;

/** The answer of a signed-out request: its number at once; the e-mailed link confirms it. */
export const RightsRequestReceivedSchema = z.object({
  request_number: z.string(),
  status: z.literal('pendiente_confirmacion'),
});
export type RightsRequestReceived = z.infer<typeof RightsRequestReceivedSchema>;

export const RightsConfirmBodySchema = z.strictObject({
  token: z.string({ error: 'Falta el código del enlace.' }).min(10).max(200),
});

/** Signed in: the insurance, one of those GET /customers/rights/eligible lists. */
export const CustomerRightsBodySchema = z.strictObject({
  insurance_id: z.number({ error: 'Elegí la contratación.' }).int().positive(),
});

export const RightsEligibleQuerySchema = z.object({ kind: z.enum(RIGHTS_KINDS) });

export const RightsRequestSchema = z.object({
  request_number: z.string(),
  kind: z.enum(RIGHTS_KINDS),
  status: z.enum(RIGHTS_REQUEST_STATUSES),
  insurance_number: z.string().nullable(),
  refund_cents: z.number().int(),
  refund_nice: z.string(),
  /** null when nothing comes back. */
  refund_method: z.enum(REFUND_METHODS).nullable(),
  refund_status: z.enum(REFUND_STATUSES),
  /** The last day of cover. */
  ends_on: z.string().nullable(),
  /** Why it was not applied (status `rechazada`). */
  refusal: z.string().nullable(),
  created_at: z.string(),
});
export type RightsRequest = z.infer<typeof RightsRequestSchema>;

/**
 * GET /admin/rights-requests: every request as an operator follows it up, newest first — unmatched
 * signed-out ones included (what the person typed), with the refund's state.
 */
export const OperatorRightsRequestSchema = RightsRequestSchema.extend({
  id: z.number().int(),
  channel: z.enum(['account', 'public']),
  user_id: z.number().int().nullable(),
  given_insurance_number: z.string().nullable(),
  given_document_number: z.string().nullable(),
  given_email: z.string().nullable(),
  requested_on: z.string(),
  applied_at: z.string().nullable(),
});
export type OperatorRightsRequest = z.infer<typeof OperatorRightsRequestSchema>;

export const OperatorRightsQuerySchema = z.object({
  kind: z.enum(RIGHTS_KINDS).optional(),
  status: z.enum(RIGHTS_REQUEST_STATUSES).optional(),
});

/** An insurance the right applies to now, with what exercising it would do (the same figures it applies). */
export const RightsEligibleInsuranceSchema = z.object({
  insurance_id: z.number().int(),
  insurance_number: z.string(),
  risk_type: z.string(),
  /** The risk type's name ("Bolso protegido"). */
  risk_type_name: z.string(),
  policy_name: z.string(),
  status: z.string(),
  starts_on: z.string().nullable(),
  ends_on: z.string().nullable(),
  paid_cents: z.number().int(),
  paid_nice: z.string(),
  /** Withdrawal: the last day it can be asked for (10 calendar days after contracting); baja: null. */
  deadline: z.string().nullable(),
  terms: z.object({
    ends_on: z.string(),
    refund_cents: z.number().int(),
    refund_nice: z.string(),
    kept_cents: z.number().int(),
    refund_method: z.enum(REFUND_METHODS).nullable(),
  }),
});
export type RightsEligibleInsurance = z.infer<typeof RightsEligibleInsuranceSchema>;
