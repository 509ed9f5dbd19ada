/** Catalogue and insurance answers as the API gives them, for the catalogue and "Mis contrataciones" tests. */
import type { Coverage, InsuranceDetail, Policy } from '@cubierto/contracts';

export const company = {
  id: 1,
  name: 'Del Plata Seguros',
  legal_name: 'Aseguradora Del Plata S.A.',
  logo_filename: 'del-plata.svg',
  logo_url: '/api/v4/files/logos/del-plata.svg',
};

export const riskType = {
  id: 12,
  short_code: 'cell-phone',
  name: 'Celular',
  plural: 'Celulares',
  flow_group: 2,
};

export function coverageOf(overrides: Partial<Coverage> = {}): Coverage {
  return {
    id: 1,
    policy_id: 1,
    public_name: 'Robo',
    public_description: 'Cubre el robo de tu celular en todo el país.',
    description: {
      insured_amount: 60_000_000,
      insured_amount_nice: '$ 600.000,00',
      franchise: '10% del valor del equipo',
    },
    description_more: { Reposición: 'Reponemos un equipo de características similares.' },
    risk_type: { short_code: 'cell-phone' },
    premium_from: {
      amount_cents: 343_035,
      amount_nice: '$ 3.430,35',
      period: 'mes',
      periods: 1,
      insured_amount_cents: 15_000_000,
      insured_amount_nice: '$ 150.000,00',
      trip_type: null,
    },
    price_terms: {
      pricing: {
        kind: 'by_insured_amount',
        monthly_rate_per_mille: 18,
        min_insured_cents: 15_000_000,
        max_insured_cents: 150_000_000,
      },
      surcharge_bps: 500,
      tax_bps: 2100,
    },
    ...overrides,
  };
}

export function policyOf(overrides: Partial<Policy> = {}): Policy {
  return {
    id: 1,
    name: 'Celular Protegido',
    includes: { Robo: 'Robo total del equipo con violencia en las personas.' },
    excludes: { Hurto: 'Pérdida o hurto sin violencia.' },
    status: 'active',
    external_url: null,
    special_clauses: null,
    risk_type: { short_code: 'cell-phone' },
    company,
    riskType,
    coverages: [coverageOf()],
    ...overrides,
  };
}

export const pageMeta = (total: number, perPage = 10, page = 1) => ({
  current_page: page,
  per_page: perPage,
  total,
  last_page: Math.max(1, Math.ceil(total / perPage)),
});

const premium = {
  net_cents: 1_080_000,
  surcharges_cents: 54_000,
  taxes_cents: 238_140,
  total_cents: 1_372_140,
  net_nice: '$ 10.800,00',
  surcharges_nice: '$ 540,00',
  taxes_nice: '$ 2.381,40',
  total_nice: '$ 13.721,40',
};

const person = (name: string, document: string) => ({
  id: 7,
  kind: 'person' as const,
  name,
  document_type: 'DNI' as const,
  document_number: document,
  tax_condition: 'consumidor_final',
});

export function insuranceOf(overrides: Partial<InsuranceDetail> = {}): InsuranceDetail {
  return {
    id: 21,
    number: 'CUB-2025-0000021',
    status: 'pendiente',
    status_label: 'Pendiente de pago',
    risk_type: { short_code: 'cell-phone', name: 'Celular', plural: 'Celulares' },
    coverage: coverageOf(),
    policy: { id: 1, name: 'Celular Protegido', company },
    starts_on: '2025-11-01',
    ends_on: '2026-04-30',
    premium,
    cancels_on: null,
    paid_at: null,
    created_at: '2025-10-23T15:00:00.000Z',
    taker: person('Sofía Demo', '30123456'),
    billing_party: { ...person('Estudio Demo SRL', '30712345671'), kind: 'business', document_type: 'CUIT' },
    risks: [
      {
        id: 3,
        kind: 'cell-phone',
        data: {
          brand: 'Samsung',
          model: 'Galaxy A54',
          imei: '490154203237518',
          serial_number: 'R58T12345XY',
          insured_amount_cents: 45_000_000,
        },
        photo_file_ids: [4, 5],
      },
    ],
    special_clauses: null,
    verification_code: 'abc123def456',
    process_id: 14,
    ...overrides,
  };
}
