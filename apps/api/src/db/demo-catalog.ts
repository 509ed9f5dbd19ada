/**
 * The demo catalogue of the embedded default: four insurers, at least one policy per risk type, two or
 * three coverages each, with realistic ARS amounts (centavos). Real deployments load theirs from the back office.
 */
import type { RiskTypeCode } from '@cubierto/contracts';
import type { Pricing } from './schema/catalog.ts';

export type DemoCompany = { key: string; name: string; legalName: string; colour: string; initials: string };

export const DEMO_COMPANIES: DemoCompany[] = [
  {
    key: 'del-plata',
    name: 'Del Plata Seguros',
    legalName: 'Aseguradora Del Plata S.A.',
    colour: '#0b6e7f',
    initials: 'DP',
  },
  {
    key: 'andina',
    name: 'Andina Seguros',
    legalName: 'Andina Compañía Argentina de Seguros S.A.',
    colour: '#7a3e9d',
    initials: 'AS',
  },
  {
    key: 'ruta-sur',
    name: 'Ruta Sur',
    legalName: 'Ruta Sur Seguros Patrimoniales S.A.',
    colour: '#c2571a',
    initials: 'RS',
  },
  {
    key: 'salud-ya',
    name: 'SaludYa',
    legalName: 'SaludYa Asistencia Médica S.A.',
    colour: '#1f8a4c',
    initials: 'SY',
  },
];

export function logoSvg(company: DemoCompany): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="80" viewBox="0 0 240 80" role="img"><rect width="240" height="80" rx="14" fill="${company.colour}"/><circle cx="40" cy="40" r="24" fill="#ffffff" opacity="0.18"/><text x="40" y="48" font-family="Arial, Helvetica, sans-serif" font-size="22" font-weight="700" fill="#ffffff" text-anchor="middle">${company.initials}</text><text x="76" y="47" font-family="Arial, Helvetica, sans-serif" font-size="19" font-weight="600" fill="#ffffff">${company.name}</text></svg>`;
}

type DemoCoverage = {
  publicName: string;
  publicDescription: string;
  description: Record<string, number | string>;
  descriptionMore?: Record<string, string>;
  pricing: Pricing;
};

export type DemoPolicy = {
  company: string;
  riskType: RiskTypeCode;
  name: string;
  includes: Record<string, string>;
  excludes: Record<string, string>;
  externalUrl?: string;
  specialClauses?: string;
  coverages: DemoCoverage[];
};

const $ = (pesos: number) => pesos * 100;
const monthly = (pesos: number): Pricing => ({ kind: 'fixed_monthly', monthly_cents: $(pesos) });
/** A premium of `rate` per mille of the insured amount a month, for amounts from `min` to `max` centavos. */
const perMille = (rate: number, min: number, max: number): Pricing => ({
  kind: 'by_insured_amount',
  monthly_rate_per_mille: rate,
  min_insured_cents: min,
  max_insured_cents: max,
});
/** A coverage as a row: its public name and description, its price, its description's values, more details. */
type PlanRow = [
  publicName: string,
  publicDescription: string,
  pricing: Pricing,
  values: Array<number | string>,
  descriptionMore?: Record<string, string>,
];

/** A policy's coverages as a table: the description's fields named once, then a row per coverage. */
const plans = (fields: readonly string[], rows: PlanRow[]): DemoCoverage[] =>
  rows.map(([publicName, publicDescription, pricing, values, descriptionMore]) => ({
    publicName,
    publicDescription,
    description: Object.fromEntries(fields.map((field, i) => [field, values[i]!])),
    pricing,
    ...(descriptionMore && { descriptionMore }),
  }));

/** The travel-assistance plans' 24 h line (printed on their certificates). */
const ASSISTANCE_PHONE = '0800-222-6342 (desde el exterior: +54 11 5235-0190, también por WhatsApp)';

export const DEMO_POLICIES: DemoPolicy[] = [
  {
    company: 'del-plata',
    riskType: 'cell-phone',
    name: 'Celular Protegido',
    includes: {
      Robo: 'Robo total del equipo con violencia en las personas.',
      'Daño accidental': 'Rotura de pantalla y daños por caída.',
    },
    excludes: { Hurto: 'Pérdida o hurto sin violencia.', Desgaste: 'Desgaste natural de la batería.' },
    coverages: plans(
      ['insured_amount', 'franchise'],
      [
        [
          'Robo',
          'Cubre el robo de tu celular en todo el país.',
          perMille(18, $(150_000), $(1_500_000)),
          [$(600_000), '10% del valor del equipo'],
          { Reposición: 'Reponemos un equipo de características similares.' },
        ],
        [
          'Robo y daño total',
          'Robo y daño total accidental, con franquicia reducida.',
          perMille(26, $(150_000), $(2_500_000)),
          [$(1_000_000), '5% del valor del equipo'],
        ],
      ],
    ),
  },
  {
    company: 'andina',
    riskType: 'bicycle',
    name: 'Bici Segura',
    includes: {
      Robo: 'Robo total de la bicicleta, aun estacionada con candado.',
      'Responsabilidad civil': 'Daños a terceros al circular.',
    },
    excludes: { Competencias: 'Uso en competencias deportivas.' },
    coverages: plans(
      ['total_robbery_amount', 'civil_liability_amount'],
      [
        ['Urbana', 'Para la bici de todos los días.', monthly(4_900), [$(450_000), $(2_000_000)]],
        ['Premium', 'Bicicletas de alta gama y eléctricas.', monthly(12_500), [$(1_800_000), $(5_000_000)]],
      ],
    ),
  },
  {
    company: 'ruta-sur',
    riskType: 'motorcycle',
    name: 'Moto Responsabilidad Civil',
    includes: { 'Responsabilidad civil': 'Daños a personas y cosas de terceros, obligatoria por ley.' },
    excludes: { 'Daños propios': 'Daños a la propia moto.' },
    externalUrl: 'https://www.rutasur.example/cotizar-moto',
    coverages: plans(
      ['total_liability_amount'],
      [
        ['Responsabilidad civil', 'El seguro obligatorio para circular.', monthly(9_800), [$(60_000_000)]],
        ['RC + asistencia', 'Con grúa y asistencia mecánica.', monthly(14_900), [$(60_000_000)]],
      ],
    ),
  },
  {
    company: 'del-plata',
    riskType: 'motorcycle',
    name: 'Moto Total',
    includes: { 'Responsabilidad civil': 'Daños a terceros.', Robo: 'Robo total de la moto.' },
    excludes: { Delivery: 'Uso comercial de reparto.' },
    coverages: plans(
      ['total_liability_amount'],
      [
        [
          'Terceros completo',
          'Responsabilidad civil, robo e incendio total.',
          monthly(21_500),
          [$(60_000_000)],
        ],
        ['RC básica', 'La cobertura mínima obligatoria.', monthly(8_900), [$(60_000_000)]],
      ],
    ),
  },
  {
    company: 'andina',
    riskType: 'personal-accident',
    name: 'Accidentes Personales',
    includes: {
      Muerte: 'Muerte accidental.',
      Invalidez: 'Invalidez total y parcial permanente.',
      'Gastos médicos': 'Gastos de atención médica por accidente.',
    },
    excludes: { 'Deportes de riesgo': 'Paracaidismo, alpinismo y deportes motorizados.' },
    specialClauses:
      'Cláusula de no repetición a favor del empleador o contratante indicado. Cobertura in itinere incluida.',
    coverages: plans(
      ['death_amount', 'medical_expenses_amount', 'scope'],
      [
        [
          'Básica',
          'Protección esencial ante accidentes.',
          monthly(3_200),
          [$(5_000_000), $(500_000), 'Las 24 horas, en todo el país'],
        ],
        [
          'Ampliada',
          'Más suma asegurada y gastos médicos.',
          monthly(7_400),
          [$(15_000_000), $(1_500_000), 'Las 24 horas, en todo el mundo'],
        ],
      ],
    ),
  },
  {
    company: 'del-plata',
    riskType: 'life',
    name: 'Vida Plena',
    includes: {
      Fallecimiento: 'Fallecimiento por cualquier causa.',
      'Enfermedades graves': 'Adelanto ante diagnóstico de enfermedad grave.',
    },
    excludes: { Suicidio: 'Suicidio durante el primer año.' },
    coverages: plans(
      ['life_amount', 'serious_diseases_amount', 'daily_hospitalization_rent_amount'],
      [
        [
          'Esencial',
          'Un respaldo para tu familia.',
          monthly(5_600),
          [$(10_000_000), $(2_000_000), $(15_000)],
        ],
        [
          'Integral',
          'Mayor suma y renta por internación.',
          monthly(13_900),
          [$(30_000_000), $(6_000_000), $(40_000)],
        ],
      ],
    ),
  },
  {
    company: 'andina',
    riskType: 'bag',
    name: 'Bolso Protegido',
    includes: { Robo: 'Robo del bolso y su contenido en la vía pública.' },
    excludes: {},
    coverages: plans(
      [
        'robbery_wallet_amount',
        'robbery_documents_amount',
        'robbery_keys_amount',
        'robbery_cell_phone_amount',
      ],
      [
        [
          'Bolso básico',
          'Billetera, documentos y llaves.',
          monthly(2_100),
          [$(60_000), $(40_000), $(30_000), $(0)],
        ],
        [
          'Bolso con celular',
          'Suma el robo del celular.',
          monthly(4_800),
          [$(100_000), $(60_000), $(50_000), $(400_000)],
        ],
      ],
    ),
  },
  {
    company: 'salud-ya',
    riskType: 'telemedicine',
    name: 'Telemedicina 24 h',
    includes: {
      Guardia: 'Médico clínico por videollamada las 24 horas.',
      Recetas: 'Recetas electrónicas válidas en todo el país.',
    },
    excludes: {},
    externalUrl: 'https://www.saludya.example/alta',
    coverages: plans(
      [
        'specialist_doctor_consultations_A',
        'specialist_doctor_consultations_B',
        'specialist_doctor_consultations_C',
      ],
      [
        ['Individual', 'Consultas ilimitadas con clínicos.', monthly(3_900), [2, 1, 0]],
        ['Familiar', 'Para hasta 5 integrantes.', monthly(9_900), [6, 4, 2]],
      ],
    ),
  },
  {
    company: 'andina',
    riskType: 'telemedicine',
    name: 'Médico en casa',
    includes: { Videoconsultas: 'Clínicos y pediatras.' },
    excludes: { Urgencias: 'Emergencias con riesgo de vida: llamá al 107.' },
    coverages: plans(
      [
        'specialist_doctor_consultations_A',
        'specialist_doctor_consultations_B',
        'specialist_doctor_consultations_C',
      ],
      [
        ['Plan 1', 'Clínica médica y pediatría.', monthly(2_500), [1, 0, 0]],
        ['Plan 2', 'Suma especialistas.', monthly(5_200), [3, 2, 1]],
      ],
    ),
  },
  {
    company: 'del-plata',
    riskType: 'home',
    name: 'Hogar Integral',
    includes: {
      Incendio: 'Incendio del edificio y del contenido.',
      'Responsabilidad civil': 'Daños a linderos.',
    },
    excludes: { Inundación: 'Inundación por desborde de cursos de agua.' },
    coverages: plans(
      ['building_fire_amount', 'contents_fire_amount', 'boundary_civil_liability_amount'],
      [
        [
          'Departamento',
          'Para departamentos de hasta 3 ambientes.',
          monthly(6_900),
          [$(30_000_000), $(6_000_000), $(3_000_000)],
        ],
        ['Casa', 'Para casas con jardín.', monthly(11_400), [$(60_000_000), $(12_000_000), $(6_000_000)]],
        [
          'Casa Plus',
          'Más suma y cristales.',
          monthly(16_800),
          [$(90_000_000), $(20_000_000), $(10_000_000)],
          { Cristales: 'Rotura de cristales hasta $ 300.000.' },
        ],
      ],
    ),
  },
  {
    company: 'ruta-sur',
    riskType: 'store',
    name: 'Comercio Seguro',
    includes: {
      Incendio: 'Edificio y mercadería.',
      'Responsabilidad civil': 'Comprensiva, por clientes y proveedores.',
    },
    excludes: { 'Mercadería a la intemperie': 'Bienes fuera del local.' },
    coverages: plans(
      ['building_fire_amount', 'contents_fire_amount', 'comprehensive_civil_liability_amount'],
      [
        ['Local chico', 'Hasta 50 m².', monthly(9_500), [$(25_000_000), $(10_000_000), $(5_000_000)]],
        ['Local grande', 'Hasta 300 m².', monthly(24_000), [$(80_000_000), $(40_000_000), $(15_000_000)]],
      ],
    ),
  },
  {
    company: 'andina',
    riskType: 'travel-assistance',
    name: 'Asistencia al Viajero',
    includes: {
      'Asistencia médica': 'Por enfermedad o accidente en viaje.',
      Medicamentos: 'Medicamentos ambulatorios.',
    },
    excludes: { Tratamientos: 'Tratamientos programados antes del viaje.' },
    coverages: plans(
      [
        'medical_assistance_preexisting_illness_amount',
        'medical_assistance_non_preexisting_illness_amount',
        'medical_assistance_ambulatory_medications_amount',
        'assistance_phone',
      ],
      [
        [
          'Regional',
          'Argentina y países limítrofes.',
          {
            kind: 'travel_by_days',
            daily_cents: { one_trip: $(1_900), multi_trip: $(1_500), long_stay: $(1_100) },
          },
          [$(300_000), $(3_000_000), $(150_000), ASSISTANCE_PHONE],
        ],
        [
          'Mundial',
          'Todo el mundo, incluido EE.UU.',
          {
            kind: 'travel_by_days',
            daily_cents: { one_trip: $(4_200), multi_trip: $(3_600), long_stay: $(2_700) },
          },
          [$(900_000), $(12_000_000), $(400_000), ASSISTANCE_PHONE],
        ],
      ],
    ),
  },
  {
    company: 'del-plata',
    riskType: 'protected-purchase',
    name: 'Compra Protegida',
    includes: {
      Robo: 'Robo del producto comprado.',
      'Daño material': 'Daño accidental en los primeros 12 meses.',
    },
    excludes: { Usados: 'Productos usados o reacondicionados.' },
    coverages: plans(
      ['robbery_amount', 'material_damage_amount'],
      [
        [
          'Electrónica',
          'Notebooks, tablets, consolas y más.',
          perMille(12, $(50_000), $(3_000_000)),
          [$(1_500_000), $(800_000)],
        ],
        [
          'Hogar',
          'Electrodomésticos y muebles.',
          perMille(9, $(50_000), $(5_000_000)),
          [$(2_500_000), $(1_200_000)],
        ],
      ],
    ),
  },
  {
    company: 'ruta-sur',
    riskType: 'specific-vehicle-cargo',
    name: 'Carga Transportada',
    includes: { Carga: 'Daños a la mercadería transportada por el vehículo indicado.' },
    excludes: { 'Carga peligrosa': 'Materiales peligrosos sin habilitación.' },
    coverages: plans(
      ['insured_amount'],
      [
        ['Utilitario', 'Furgones y utilitarios.', monthly(15_000), [$(8_000_000)]],
        ['Camión', 'Camiones de hasta 20 toneladas.', monthly(42_000), [$(40_000_000)]],
      ],
    ),
  },
];
