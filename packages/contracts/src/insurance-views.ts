/**
 * What the API answers about contracted insurances ("Mis contrataciones"): the list item, the detail with
 * its parties and risks, the counts per risk type, and the public certificate check behind the QR code.
 */
import { z } from 'zod';
import { CANCELLATION_MODES } from './cancellation.ts';
import { CompanySchema, CoverageSchema } from './catalog.ts';
import { INSURANCE_STATUSES, PremiumSchema, StoredAnswersSchema } from './insurance.ts';
import { RiskTypeCodeSchema } from './risk-types.ts';
import { EntitySchema } from './user.ts';

const InsuranceRiskTypeSchema = z.object({
  short_code: RiskTypeCodeSchema,
  name: z.string(),
  plural: z.string(),
});

/** YYYY-MM-DD; null where the insurance has no dates yet. */
const Day = z.string().nullable();

export const InsuranceSchema = z.object({
  id: z.number(),
  number: z.string(),
  status: z.enum(INSURANCE_STATUSES),
  status_label: z.string(),
  risk_type: InsuranceRiskTypeSchema,
  coverage: CoverageSchema,
  policy: z.object({ id: z.number(), name: z.string(), company: CompanySchema }),
  starts_on: Day,
  ends_on: Day,
  premium: PremiumSchema,
  /** Set when the customer asked to cancel an insurance in force ('baja programada'). */
  cancels_on: Day,
  paid_at: z.string().nullable(),
  created_at: z.string(),
});
export type Insurance = z.infer<typeof InsuranceSchema>;

/** The insured object or people: the answers of the contract's "risk" step, as they were issued. */
export const InsuranceRiskSchema = z.object({
  id: z.number(),
  kind: z.string(),
  data: StoredAnswersSchema,
  photo_file_ids: z.array(z.number()),
});
export type InsuranceRisk = z.infer<typeof InsuranceRiskSchema>;

export const InsuranceDetailSchema = InsuranceSchema.extend({
  taker: EntitySchema,
  /** The designated billing party ("contratante designado"). */
  billing_party: EntitySchema,
  risks: z.array(InsuranceRiskSchema),
  special_clauses: z.string().nullable(),
  verification_code: z.string(),
  /** The contract process it was issued from (its summary is where it is paid); null for an import. */
  process_id: z.number().nullable(),
});
export type InsuranceDetail = z.infer<typeof InsuranceDetailSchema>;

/**
 * One way to end an insurance, as `cancellationTerms` (cancellation.ts) computes it for today: the last day
 * of cover and what comes back to Mi dinero (with its credit note's IVA split). The preview shows these
 * before the customer confirms; the cancellation answers the one it applied.
 */
export const CancellationOptionSchema = z.object({
  mode: z.enum(CANCELLATION_MODES),
  /** The last day of cover (YYYY-MM-DD). */
  ends_on: z.string(),
  refund_cents: z.number().int(),
  refund_nice: z.string(),
  kept_cents: z.number().int(),
  kept_nice: z.string(),
  refund_net_cents: z.number().int(),
  refund_iva_cents: z.number().int(),
});
export type CancellationOption = z.infer<typeof CancellationOptionSchema>;

/** GET /customers/insurances/{id}/cancellation-terms: the ways this insurance may end, today. */
export const CancellationPreviewSchema = z.object({
  insurance_id: z.number(),
  /** The Argentine calendar day the figures are for. */
  today: z.string(),
  paid_cents: z.number().int(),
  paid_nice: z.string(),
  /** The end already scheduled ('baja programada'), if any: then only ending now is offered. */
  cancels_on: Day,
  options: z.array(CancellationOptionSchema),
});
export type CancellationPreview = z.infer<typeof CancellationPreviewSchema>;

/** POST /customers/insurances/{id}/cancel: the insurance as it is now, and the terms that were applied. */
export const CancellationAnswerSchema = z.object({
  data: InsuranceDetailSchema,
  cancellation: CancellationOptionSchema,
});
export type CancellationAnswer = z.infer<typeof CancellationAnswerSchema>;

/** Spec §9: '1 Celular', '3 Celulares', or 'baja programada' when every one of them is leaving. */
export const InsuranceGroupSchema = z.object({
  risk_type: InsuranceRiskTypeSchema,
  count: z.number(),
  scheduled_cancellations: z.number(),
  label: z.string(),
});
export type InsuranceGroup = z.infer<typeof InsuranceGroupSchema>;

/** GET /common/verify/{code}: whether a certificate's cover is in force today, with initials only. */
export const CertificateCheckSchema = z.object({
  number: z.string(),
  in_force: z.boolean(),
  status: z.enum(INSURANCE_STATUSES),
  status_label: z.string(),
  risk_type: z.string(),
  policy: z.string(),
  company: z.string(),
  starts_on: Day,
  ends_on: Day,
  /** Paid, but its cover starts later: the day it will be in force from ('Vigente desde el …'). */
  in_force_from: Day,
  holder_initials: z.string(),
  checked_on: z.string(),
});
export type CertificateCheck = z.infer<typeof CertificateCheckSchema>;

/** A file named after its policy: ('Celular Protegido', 'csv') → 'celular-protegido.csv' (spec §7). */
export function policyFilename(policyName: string, extension: string): string {
  const slug = policyName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();
  return `${slug || 'cubierto'}.${extension}`;
}

/** The certificate's file name, after its policy: 'Celular Protegido' → 'celular-protegido.pdf'. */
export function certificateFilename(policyName: string): string {
  return policyFilename(policyName, 'pdf');
}

/** An insurance as the back office lists it (GET /admin/insurances, /admin/insurances/{id}). */
export const OperatorInsuranceSchema = z.object({
  id: z.number(),
  number: z.string(),
  status: z.enum(INSURANCE_STATUSES),
  status_label: z.string(),
  customer: z.object({ id: z.number(), name: z.string(), email: z.string() }),
  taker: z.object({ name: z.string(), document: z.string() }),
  risk_type_name: z.string(),
  coverage_name: z.string(),
  identifiers: z.array(z.string()),
  total_cents: z.number(),
  total_nice: z.string(),
  paid_at: z.string().nullable(),
  starts_on: Day,
  ends_on: Day,
  created_at: z.string(),
});
export type OperatorInsurance = z.infer<typeof OperatorInsuranceSchema>;
