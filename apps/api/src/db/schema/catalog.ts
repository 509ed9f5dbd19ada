/**
 * The catalogue: insurers (companies), the 12 risk types, policies (an insurer's product for one risk
 * type), coverages (its plans, with amounts and rates), applications (storefronts) and the policies each links.
 */
import type { Pricing } from '@cubierto/contracts';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, id, moment, ref } from './columns.ts';

export const companies = pgTable('companies', {
  id: id(),
  name: text('name').notNull().unique(),
  legalName: text('legal_name').notNull(),
  logoFilename: text('logo_filename'),
  createdAt: createdAt(),
});

export const riskTypes = pgTable('risk_types', {
  id: id(),
  shortCode: text('short_code').notNull().unique(),
  name: text('name').notNull(),
  plural: text('plural').notNull(),
  flowGroup: integer('flow_group').notNull(),
});

export type { Pricing };

export const policies = pgTable(
  'policies',
  {
    id: id(),
    companyId: ref('company_id', () => companies.id),
    riskTypeId: ref('risk_type_id', () => riskTypes.id),
    name: text('name').notNull(),
    includes: jsonb('includes').$type<Record<string, string>>().notNull().default({}),
    excludes: jsonb('excludes').$type<Record<string, string>>().notNull().default({}),
    status: text('status', { enum: ['active', 'inactive'] })
      .notNull()
      .default('active'),
    /** Products sold on the insurer's own site: the app hands the customer over ('Aviso de redireccionamiento'). */
    externalUrl: text('external_url'),
    /** Special clauses the customer accepts (personal accident). */
    specialClauses: text('special_clauses'),
    createdAt: createdAt(),
  },
  (t) => [index('policies_risk_type_idx').on(t.riskTypeId), index('policies_company_idx').on(t.companyId)],
);

export const coverages = pgTable(
  'coverages',
  {
    id: id(),
    policyId: ref('policy_id', () => policies.id),
    publicName: text('public_name').notNull(),
    publicDescription: text('public_description').notNull(),
    /** Amount fields of the risk type in centavos (counts and texts as they are). */
    description: jsonb('description').$type<Record<string, number | string>>().notNull(),
    descriptionMore: jsonb('description_more').$type<Record<string, string>>().notNull().default({}),
    pricing: jsonb('pricing').$type<Pricing>().notNull(),
    /** Surcharges ("recargos") and taxes ("impuestos") in basis points of the net premium / of net + surcharges. */
    surchargeBps: integer('surcharge_bps').notNull().default(0),
    taxBps: integer('tax_bps').notNull().default(0),
    status: text('status', { enum: ['active', 'inactive'] })
      .notNull()
      .default('active'),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    index('coverages_policy_idx').on(t.policyId),
    check('coverages_rates_nonnegative', sql`${t.surchargeBps} >= 0 and ${t.taxBps} >= 0`),
  ],
);

export const applications = pgTable('applications', {
  id: id(),
  name: text('name').notNull(),
  active: boolean('active').notNull().default(true),
});

export const applicationPolicies = pgTable(
  'application_policies',
  {
    applicationId: ref('application_id', () => applications.id),
    policyId: ref('policy_id', () => policies.id),
    linkedAt: moment('linked_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.applicationId, t.policyId] })],
);
