/**
 * The 12 risk types and their rules (spec §1, §3, §4, §5; DOMAIN.md "Risk types and their rules").
 * Pure data shared by the API (validation, pricing, certificates) and the web app (flows, labels).
 */

export const RISK_TYPE_CODES = [
  'personal-accident',
  'life',
  'bag',
  'motorcycle',
  'telemedicine',
  'home',
  'store',
  'travel-assistance',
  'protected-purchase',
  'specific-vehicle-cargo',
  'bicycle',
  'cell-phone',
] as const;
export type RiskTypeCode = (typeof RISK_TYPE_CODES)[number];

/** 1 = people-centred quick flow, 2 = object flow, 0 = standard flow (spec §4). */
export type FlowGroup = 0 | 1 | 2;

export type PricingKind = 'fixed_monthly' | 'by_insured_amount' | 'travel_by_days';

export type RiskTypeRule = {
  code: RiskTypeCode;
  /** Spanish names shown to customers, singular and plural ("1 seguro de celular", "3 seguros de celular"). */
  name: string;
  plural: string;
  flowGroup: FlowGroup;
  dateRange: boolean;
  twoPhotos: boolean;
  specialClauses: boolean;
  /** Fields of a coverage's `description`; amounts are centavos and get a `_nice` twin, counts do not. */
  descriptionFields: ReadonlyArray<{ key: string; label: string; kind: 'amount' | 'count' | 'text' }>;
  pricing: PricingKind;
};

const amount = (key: string, label: string) => ({ key, label, kind: 'amount' as const });

export const RISK_TYPES: Readonly<Record<RiskTypeCode, RiskTypeRule>> = {
  'personal-accident': {
    code: 'personal-accident',
    name: 'Accidentes personales',
    plural: 'Accidentes personales',
    flowGroup: 1,
    dateRange: false,
    twoPhotos: false,
    specialClauses: true,
    descriptionFields: [
      amount('death_amount', 'Muerte accidental'),
      amount('medical_expenses_amount', 'Gastos médicos'),
      { key: 'scope', label: 'Alcance', kind: 'text' },
    ],
    pricing: 'fixed_monthly',
  },
  life: {
    code: 'life',
    name: 'Vida',
    plural: 'Vida',
    flowGroup: 0,
    dateRange: true,
    twoPhotos: false,
    specialClauses: false,
    descriptionFields: [
      amount('life_amount', 'Suma asegurada por fallecimiento'),
      amount('serious_diseases_amount', 'Enfermedades graves'),
      amount('daily_hospitalization_rent_amount', 'Renta diaria por internación'),
    ],
    pricing: 'fixed_monthly',
  },
  bag: {
    code: 'bag',
    name: 'Bolso protegido',
    plural: 'Bolsos protegidos',
    flowGroup: 0,
    dateRange: true,
    twoPhotos: false,
    specialClauses: false,
    descriptionFields: [
      amount('robbery_wallet_amount', 'Robo de billetera'),
      amount('robbery_documents_amount', 'Robo de documentos'),
      amount('robbery_keys_amount', 'Robo de llaves'),
      amount('robbery_cell_phone_amount', 'Robo de celular'),
    ],
    pricing: 'fixed_monthly',
  },
  motorcycle: {
    code: 'motorcycle',
    name: 'Moto',
    plural: 'Motos',
    flowGroup: 2,
    dateRange: true,
    twoPhotos: false,
    specialClauses: false,
    descriptionFields: [amount('total_liability_amount', 'Responsabilidad civil total')],
    pricing: 'fixed_monthly',
  },
  telemedicine: {
    code: 'telemedicine',
    name: 'Telemedicina',
    plural: 'Telemedicina',
    flowGroup: 1,
    dateRange: true,
    twoPhotos: false,
    specialClauses: false,
    descriptionFields: [
      {
        key: 'specialist_doctor_consultations_A',
        label: 'Consultas con especialistas (grupo A)',
        kind: 'count',
      },
      {
        key: 'specialist_doctor_consultations_B',
        label: 'Consultas con especialistas (grupo B)',
        kind: 'count',
      },
      {
        key: 'specialist_doctor_consultations_C',
        label: 'Consultas con especialistas (grupo C)',
        kind: 'count',
      },
    ],
    pricing: 'fixed_monthly',
  },
  home: {
    code: 'home',
    name: 'Hogar',
    plural: 'Hogares',
    flowGroup: 0,
    dateRange: true,
    twoPhotos: false,
    specialClauses: false,
    descriptionFields: [
      amount('building_fire_amount', 'Incendio del edificio'),
      amount('contents_fire_amount', 'Incendio del contenido'),
      amount('boundary_civil_liability_amount', 'Responsabilidad civil linderos'),
    ],
    pricing: 'fixed_monthly',
  },
  store: {
    code: 'store',
    name: 'Comercio',
    plural: 'Comercios',
    flowGroup: 0,
    dateRange: true,
    twoPhotos: false,
    specialClauses: false,
    descriptionFields: [
      amount('building_fire_amount', 'Incendio del edificio'),
      amount('contents_fire_amount', 'Incendio del contenido'),
      amount('comprehensive_civil_liability_amount', 'Responsabilidad civil comprensiva'),
    ],
    pricing: 'fixed_monthly',
  },
  'travel-assistance': {
    code: 'travel-assistance',
    name: 'Asistencia al viajero',
    plural: 'Asistencias al viajero',
    flowGroup: 1,
    dateRange: false,
    twoPhotos: false,
    specialClauses: false,
    descriptionFields: [
      amount(
        'medical_assistance_preexisting_illness_amount',
        'Asistencia médica por enfermedad preexistente',
      ),
      amount(
        'medical_assistance_non_preexisting_illness_amount',
        'Asistencia médica por enfermedad no preexistente',
      ),
      amount('medical_assistance_ambulatory_medications_amount', 'Medicamentos ambulatorios'),
    ],
    pricing: 'travel_by_days',
  },
  'protected-purchase': {
    code: 'protected-purchase',
    name: 'Compra protegida',
    plural: 'Compras protegidas',
    flowGroup: 0,
    dateRange: true,
    twoPhotos: false,
    specialClauses: false,
    descriptionFields: [amount('robbery_amount', 'Robo'), amount('material_damage_amount', 'Daño material')],
    pricing: 'by_insured_amount',
  },
  'specific-vehicle-cargo': {
    code: 'specific-vehicle-cargo',
    name: 'Carga por vehículo',
    plural: 'Cargas por vehículo',
    flowGroup: 0,
    dateRange: false,
    twoPhotos: false,
    specialClauses: false,
    descriptionFields: [amount('insured_amount', 'Suma asegurada')],
    pricing: 'fixed_monthly',
  },
  bicycle: {
    code: 'bicycle',
    name: 'Bicicleta',
    plural: 'Bicicletas',
    flowGroup: 2,
    dateRange: true,
    twoPhotos: true,
    specialClauses: false,
    descriptionFields: [
      amount('total_robbery_amount', 'Robo total'),
      amount('civil_liability_amount', 'Responsabilidad civil'),
    ],
    pricing: 'fixed_monthly',
  },
  'cell-phone': {
    code: 'cell-phone',
    name: 'Celular',
    plural: 'Celulares',
    flowGroup: 2,
    dateRange: true,
    twoPhotos: true,
    specialClauses: false,
    descriptionFields: [
      amount('insured_amount', 'Suma asegurada'),
      { key: 'franchise', label: 'Franquicia', kind: 'text' },
    ],
    pricing: 'by_insured_amount',
  },
};

export function flowGroupOf(code: RiskTypeCode): FlowGroup {
  return RISK_TYPES[code].flowGroup;
}

/** Motorcycle year: from the current year minus 29 to the current year (spec §5, §9). */
export function motorcycleYears(now = new Date()): number[] {
  const current = now.getFullYear();
  return Array.from({ length: 30 }, (_, i) => current - i);
}
