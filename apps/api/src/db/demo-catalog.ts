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
    coverages: [
      {
        publicName: 'Robo',
        publicDescription: 'Cubre el robo de tu celular en todo el país.',
        description: { insured_amount: $(600_000), franchise: '10% del valor del equipo' },
        descriptionMore: { Reposición: 'Reponemos un equipo de características similares.' },
        pricing: {
          kind: 'by_insured_amount',
          monthly_rate_per_mille: 18,
          min_insured_cents: $(150_000),
          max_insured_cents: $(1_500_000),
        },
      },
      {
        publicName: 'Robo y daño total',
        publicDescription: 'Robo y daño total accidental, con franquicia reducida.',
        description: { insured_amount: $(1_000_000), franchise: '5% del valor del equipo' },
        pricing: {
          kind: 'by_insured_amount',
          monthly_rate_per_mille: 26,
          min_insured_cents: $(150_000),
          max_insured_cents: $(2_500_000),
        },
      },
    ],
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
    coverages: [
      {
        publicName: 'Urbana',
        publicDescription: 'Para la bici de todos los días.',
        description: { total_robbery_amount: $(450_000), civil_liability_amount: $(2_000_000) },
        pricing: monthly(4_900),
      },
      {
        publicName: 'Premium',
        publicDescription: 'Bicicletas de alta gama y eléctricas.',
        description: { total_robbery_amount: $(1_800_000), civil_liability_amount: $(5_000_000) },
        pricing: monthly(12_500),
      },
    ],
  },
  {
    company: 'ruta-sur',
    riskType: 'motorcycle',
    name: 'Moto Responsabilidad Civil',
    includes: { 'Responsabilidad civil': 'Daños a personas y cosas de terceros, obligatoria por ley.' },
    excludes: { 'Daños propios': 'Daños a la propia moto.' },
    externalUrl: 'https://www.rutasur.example/cotizar-moto',
    coverages: [
      {
        publicName: 'Responsabilidad civil',
        publicDescription: 'El seguro obligatorio para circular.',
        description: { total_liability_amount: $(60_000_000) },
        pricing: monthly(9_800),
      },
      {
        publicName: 'RC + asistencia',
        publicDescription: 'Con grúa y asistencia mecánica.',
        description: { total_liability_amount: $(60_000_000) },
        pricing: monthly(14_900),
      },
    ],
  },
  {
    company: 'del-plata',
    riskType: 'motorcycle',
    name: 'Moto Total',
    includes: { 'Responsabilidad civil': 'Daños a terceros.', Robo: 'Robo total de la moto.' },
    excludes: { Delivery: 'Uso comercial de reparto.' },
    coverages: [
      {
        publicName: 'Terceros completo',
        publicDescription: 'Responsabilidad civil, robo e incendio total.',
        description: { total_liability_amount: $(60_000_000) },
        pricing: monthly(21_500),
      },
      {
        publicName: 'RC básica',
        publicDescription: 'La cobertura mínima obligatoria.',
        description: { total_liability_amount: $(60_000_000) },
        pricing: monthly(8_900),
      },
    ],
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
    coverages: [
      {
        publicName: 'Básica',
        publicDescription: 'Protección esencial ante accidentes.',
        description: {
          death_amount: $(5_000_000),
          medical_expenses_amount: $(500_000),
          scope: 'Las 24 horas, en todo el país',
        },
        pricing: monthly(3_200),
      },
      {
        publicName: 'Ampliada',
        publicDescription: 'Más suma asegurada y gastos médicos.',
        description: {
          death_amount: $(15_000_000),
          medical_expenses_amount: $(1_500_000),
          scope: 'Las 24 horas, en todo el mundo',
        },
        pricing: monthly(7_400),
      },
    ],
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
    coverages: [
      {
        publicName: 'Esencial',
        publicDescription: 'Un respaldo para tu familia.',
        description: {
          life_amount: $(10_000_000),
          serious_diseases_amount: $(2_000_000),
          daily_hospitalization_rent_amount: $(15_000),
        },
        pricing: monthly(5_600),
      },
      {
        publicName: 'Integral',
        publicDescription: 'Mayor suma y renta por internación.',
        description: {
          life_amount: $(30_000_000),
          serious_diseases_amount: $(6_000_000),
          daily_hospitalization_rent_amount: $(40_000),
        },
        pricing: monthly(13_900),
      },
    ],
  },
  {
    company: 'andina',
    riskType: 'bag',
    name: 'Bolso Protegido',
    includes: { Robo: 'Robo del bolso y su contenido en la vía pública.' },
    excludes: {},
    coverages: [
      {
        publicName: 'Bolso básico',
        publicDescription: 'Billetera, documentos y llaves.',
        description: {
          robbery_wallet_amount: $(60_000),
          robbery_documents_amount: $(40_000),
          robbery_keys_amount: $(30_000),
          robbery_cell_phone_amount: $(0),
        },
        pricing: monthly(2_100),
      },
      {
        publicName: 'Bolso con celular',
        publicDescription: 'Suma el robo del celular.',
        description: {
          robbery_wallet_amount: $(100_000),
          robbery_documents_amount: $(60_000),
          robbery_keys_amount: $(50_000),
          robbery_cell_phone_amount: $(400_000),
        },
        pricing: monthly(4_800),
      },
    ],
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
    coverages: [
      {
        publicName: 'Individual',
        publicDescription: 'Consultas ilimitadas con clínicos.',
        description: {
          specialist_doctor_consultations_A: 2,
          specialist_doctor_consultations_B: 1,
          specialist_doctor_consultations_C: 0,
        },
        pricing: monthly(3_900),
      },
      {
        publicName: 'Familiar',
        publicDescription: 'Para hasta 5 integrantes.',
        description: {
          specialist_doctor_consultations_A: 6,
          specialist_doctor_consultations_B: 4,
          specialist_doctor_consultations_C: 2,
        },
        pricing: monthly(9_900),
      },
    ],
  },
  {
    company: 'andina',
    riskType: 'telemedicine',
    name: 'Médico en casa',
    includes: { Videoconsultas: 'Clínicos y pediatras.' },
    excludes: { Urgencias: 'Emergencias con riesgo de vida: llamá al 107.' },
    coverages: [
      {
        publicName: 'Plan 1',
        publicDescription: 'Clínica médica y pediatría.',
        description: {
          specialist_doctor_consultations_A: 1,
          specialist_doctor_consultations_B: 0,
          specialist_doctor_consultations_C: 0,
        },
        pricing: monthly(2_500),
      },
      {
        publicName: 'Plan 2',
        publicDescription: 'Suma especialistas.',
        description: {
          specialist_doctor_consultations_A: 3,
          specialist_doctor_consultations_B: 2,
          specialist_doctor_consultations_C: 1,
        },
        pricing: monthly(5_200),
      },
    ],
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
    coverages: [
      {
        publicName: 'Departamento',
        publicDescription: 'Para departamentos de hasta 3 ambientes.',
        description: {
          building_fire_amount: $(30_000_000),
          contents_fire_amount: $(6_000_000),
          boundary_civil_liability_amount: $(3_000_000),
        },
        pricing: monthly(6_900),
      },
      {
        publicName: 'Casa',
        publicDescription: 'Para casas con jardín.',
        description: {
          building_fire_amount: $(60_000_000),
          contents_fire_amount: $(12_000_000),
          boundary_civil_liability_amount: $(6_000_000),
        },
        pricing: monthly(11_400),
      },
      {
        publicName: 'Casa Plus',
        publicDescription: 'Más suma y cristales.',
        description: {
          building_fire_amount: $(90_000_000),
          contents_fire_amount: $(20_000_000),
          boundary_civil_liability_amount: $(10_000_000),
        },
        descriptionMore: { Cristales: 'Rotura de cristales hasta $ 300.000.' },
        pricing: monthly(16_800),
      },
    ],
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
    coverages: [
      {
        publicName: 'Local chico',
        publicDescription: 'Hasta 50 m².',
        description: {
          building_fire_amount: $(25_000_000),
          contents_fire_amount: $(10_000_000),
          comprehensive_civil_liability_amount: $(5_000_000),
        },
        pricing: monthly(9_500),
      },
      {
        publicName: 'Local grande',
        publicDescription: 'Hasta 300 m².',
        description: {
          building_fire_amount: $(80_000_000),
          contents_fire_amount: $(40_000_000),
          comprehensive_civil_liability_amount: $(15_000_000),
        },
        pricing: monthly(24_000),
      },
    ],
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
    coverages: [
      {
        publicName: 'Regional',
        publicDescription: 'Argentina y países limítrofes.',
        description: {
          medical_assistance_preexisting_illness_amount: $(300_000),
          medical_assistance_non_preexisting_illness_amount: $(3_000_000),
          medical_assistance_ambulatory_medications_amount: $(150_000),
        },
        pricing: {
          kind: 'travel_by_days',
          daily_cents: { one_trip: $(1_900), multi_trip: $(1_500), long_stay: $(1_100) },
        },
      },
      {
        publicName: 'Mundial',
        publicDescription: 'Todo el mundo, incluido EE.UU.',
        description: {
          medical_assistance_preexisting_illness_amount: $(900_000),
          medical_assistance_non_preexisting_illness_amount: $(12_000_000),
          medical_assistance_ambulatory_medications_amount: $(400_000),
        },
        pricing: {
          kind: 'travel_by_days',
          daily_cents: { one_trip: $(4_200), multi_trip: $(3_600), long_stay: $(2_700) },
        },
      },
    ],
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
    coverages: [
      {
        publicName: 'Electrónica',
        publicDescription: 'Notebooks, tablets, consolas y más.',
        description: { robbery_amount: $(1_500_000), material_damage_amount: $(800_000) },
        pricing: {
          kind: 'by_insured_amount',
          monthly_rate_per_mille: 12,
          min_insured_cents: $(50_000),
          max_insured_cents: $(3_000_000),
        },
      },
      {
        publicName: 'Hogar',
        publicDescription: 'Electrodomésticos y muebles.',
        description: { robbery_amount: $(2_500_000), material_damage_amount: $(1_200_000) },
        pricing: {
          kind: 'by_insured_amount',
          monthly_rate_per_mille: 9,
          min_insured_cents: $(50_000),
          max_insured_cents: $(5_000_000),
        },
      },
    ],
  },
  {
    company: 'ruta-sur',
    riskType: 'specific-vehicle-cargo',
    name: 'Carga Transportada',
    includes: { Carga: 'Daños a la mercadería transportada por el vehículo indicado.' },
    excludes: { 'Carga peligrosa': 'Materiales peligrosos sin habilitación.' },
    coverages: [
      {
        publicName: 'Utilitario',
        publicDescription: 'Furgones y utilitarios.',
        description: { insured_amount: $(8_000_000) },
        pricing: monthly(15_000),
      },
      {
        publicName: 'Camión',
        publicDescription: 'Camiones de hasta 20 toneladas.',
        description: { insured_amount: $(40_000_000) },
        pricing: monthly(42_000),
      },
    ],
  },
];
