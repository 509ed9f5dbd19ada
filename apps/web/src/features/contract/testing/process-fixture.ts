/** A contract in progress as the API answers it, for the tests of this feature. */
import { type InsuranceProcess, RISK_TYPES, type RiskTypeCode, stepsFor } from '@cubierto/contracts';

export function processOf(code: RiskTypeCode, changes: Partial<InsuranceProcess> = {}): InsuranceProcess {
  const steps = stepsFor(code);
  return {
    id: 12,
    status: 'in_progress',
    risk_type: { short_code: code, name: RISK_TYPES[code].name },
    coverage: {
      id: 30,
      policy_id: 4,
      public_name: 'Básica',
      public_description: 'Lo esencial.',
      description: {},
      description_more: {},
      risk_type: { short_code: code },
      premium_from: {
        amount_cents: 406_560,
        amount_nice: '$ 4.065,60',
        period: 'mes',
        periods: 1,
        insured_amount_cents: null,
        insured_amount_nice: null,
        trip_type: null,
      },
      price_terms: {
        pricing: { kind: 'fixed_monthly', monthly_cents: 320_000 },
        surcharge_bps: 500,
        tax_bps: 2100,
      },
    },
    policy: {
      id: 4,
      name: 'Póliza de prueba',
      special_clauses: RISK_TYPES[code].specialClauses ? 'Cláusula de no repetición.' : null,
    },
    steps,
    answers: {},
    next_step: steps[0] ?? 'quote',
    insurance_id: null,
    created_at: '2026-01-10T12:00:00.000Z',
    updated_at: '2026-01-10T12:00:00.000Z',
    ...changes,
  };
}
