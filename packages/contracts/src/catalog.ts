/** Catalogue answers: companies, risk types, policies and coverages (spec §2 dialog 1, §3). */
import { z } from 'zod';
import { PricingSchema } from './pricing-schema.ts';

export const CompanySchema = z.object({
  id: z.number(),
  name: z.string(),
  legal_name: z.string(),
  logo_filename: z.string().nullable(),
  /** Where the web app loads the logo from. */
  logo_url: z.string().nullable(),
});
export type Company = z.infer<typeof CompanySchema>;

export const RiskTypeSchema = z.object({
  id: z.number(),
  short_code: z.string(),
  name: z.string(),
  plural: z.string(),
  flow_group: z.number(),
});
export type RiskType = z.infer<typeof RiskTypeSchema>;

/**
 * "Desde" (DOMAIN.md "Money"): the premio of the cheapest quote the contract flow can give (pricing.ts
 * cheapestQuote), for `periods` months or days of trip, the insured amount and the trip type it assumes.
 */
export const PremiumFromSchema = z.object({
  amount_cents: z.number().int(),
  amount_nice: z.string(),
  period: z.enum(['mes', 'día']),
  periods: z.number().int().positive(),
  insured_amount_cents: z.number().int().nullable(),
  insured_amount_nice: z.string().nullable(),
  trip_type: z.enum(['one_trip', 'multi_trip', 'long_stay']).nullable(),
});
export type PremiumFrom = z.infer<typeof PremiumFromSchema>;

/** A coverage's price list, for the flow's live price (computed with quotePremium, as the quote is). */
export const PriceTermsSchema = z.object({
  pricing: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('fixed_monthly'), monthly_cents: z.number().int() }),
    z.object({
      kind: z.literal('by_insured_amount'),
      monthly_rate_per_mille: z.number(),
      min_insured_cents: z.number().int(),
      max_insured_cents: z.number().int(),
    }),
    z.object({
      kind: z.literal('travel_by_days'),
      daily_cents: z.object({
        one_trip: z.number().int(),
        multi_trip: z.number().int(),
        long_stay: z.number().int(),
      }),
    }),
  ]),
  surcharge_bps: z.number().int(),
  tax_bps: z.number().int(),
});
export type PriceTerms = z.infer<typeof PriceTermsSchema>;

export const CoverageSchema = z.object({
  id: z.number(),
  policy_id: z.number(),
  public_name: z.string(),
  public_description: z.string(),
  /** Amount fields in centavos, each with a `<field>_nice` es-AR twin; counts and texts as they are. */
  description: z.record(z.string(), z.union([z.number(), z.string()])),
  description_more: z.record(z.string(), z.string()),
  risk_type: z.object({ short_code: z.string() }),
  premium_from: PremiumFromSchema,
  price_terms: PriceTermsSchema,
});
export type Coverage = z.infer<typeof CoverageSchema>;

export const PolicySchema = z.object({
  id: z.number(),
  name: z.string(),
  includes: z.record(z.string(), z.string()),
  excludes: z.record(z.string(), z.string()),
  status: z.string(),
  external_url: z.string().nullable(),
  special_clauses: z.string().nullable(),
  risk_type: z.object({ short_code: z.string() }),
  linked: z.boolean().optional(),
  company: CompanySchema.optional(),
  riskType: RiskTypeSchema.optional(),
  coverages: z.array(CoverageSchema).optional(),
});
export type Policy = z.infer<typeof PolicySchema>;

// ——— The operator's catalogue (GET/POST/PUT /admin/companies, /admin/policies, /admin/coverages) ———

/** A company as the operator lists it: with how many policies it has (on the list only). */
export const OperatorCompanySchema = CompanySchema.extend({ policies_count: z.number().optional() });
export type OperatorCompany = z.infer<typeof OperatorCompanySchema>;

/** A policy as the operator sees it: `linked` to this application, and how many coverages it has (list). */
export const OperatorPolicySchema = PolicySchema.extend({
  linked: z.boolean().optional(),
  coverages_count: z.number().optional(),
});
export type OperatorPolicy = z.infer<typeof OperatorPolicySchema>;

/** A coverage as the operator edits it: its pricing, rates (basis points), status and order. */
export const OperatorCoverageSchema = CoverageSchema.extend({
  policy_name: z.string(),
  pricing: PricingSchema,
  surcharge_bps: z.number(),
  tax_bps: z.number(),
  status: z.string(),
  sort_order: z.number(),
});
export type OperatorCoverage = z.infer<typeof OperatorCoverageSchema>;
