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
/** A coverage as a row: its public name and description, its price, its amounts and further details. */
const plan = (
  publicName: string,
  publicDescription: string,
  pricing: Pricing,
  description: DemoCoverage['description'],
  descriptionMore?: DemoCoverage['descriptionMore'],
): DemoCoverage => ({
  publicName,
  publicDescription,
  description,
  pricing,
  ...(descriptionMore && { descriptionMore }),
});

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
      plan(
        'Robo',
        'Cubre el robo de tu celular en todo el país.',
        perMille(18, $(150_000), $(1_500_000)),
        { insured_amount: $(600_000), franchise: '10% del valor del equipo' },
        { Reposición: 'Reponemos un equipo de características similares.' },
      ),
      plan(
        'Robo y daño total',
        'Robo y daño total accidental, con franquicia reducida.',
        perMille(26, $(150_000), $(2_500_000)),
        { insured_amount: $(1_000_000), franchise: '5% del valor del equipo' },
      ),
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
      plan('Urbana', 'Para la bici de todos los días.', monthly(4_900), {
        total_robbery_amount: $(450_000),
        civil_liability_amount: $(2_000_000),
      }),
      plan('Premium', 'Bicicletas de alta gama y eléctricas.', monthly(12_500), {
        total_robbery_amount: $(1_800_000),
        civil_liability_amount: $(5_000_000),
      }),
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
      plan('Responsabilidad civil', 'El seguro obligatorio para circular.', monthly(9_800), {
        total_liability_amount: $(60_000_000),
      }),
      plan('RC + asistencia', 'Con grúa y asistencia mecánica.', monthly(14_900), {
        total_liability_amount: $(60_000_000),
      }),
    ],
  },
  {
    company: 'del-plata',
    riskType: 'motorcycle',
    name: 'Moto Total',
    includes: { 'Responsabilidad civil': 'Daños a terceros.', Robo: 'Robo total de la moto.' },
    excludes: { Delivery: 'Uso comercial de reparto.' },
    coverages: [
      plan('Terceros completo', 'Responsabilidad civil, robo e incendio total.', monthly(21_500), {
        total_liability_amount: $(60_000_000),
      }),
      plan('RC básica', 'La cobertura mínima obligatoria.', monthly(8_900), {
        total_liability_amount: $(60_000_000),
      }),
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
      plan('Básica', 'Protección esencial ante accidentes.', monthly(3_200), {
        death_amount: $(5_000_000),
        medical_expenses_amount: $(500_000),
        scope: 'Las 24 horas, en todo el país',
      }),
      plan('Ampliada', 'Más suma asegurada y gastos médicos.', monthly(7_400), {
        death_amount: $(15_000_000),
        medical_expenses_amount: $(1_500_000),
        scope: 'Las 24 horas, en todo el mundo',
      }),
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
      plan('Esencial', 'Un respaldo para tu familia.', monthly(5_600), {
        life_amount: $(10_000_000),
        serious_diseases_amount: $(2_000_000),
        daily_hospitalization_rent_amount: $(15_000),
      }),
      plan('Integral', 'Mayor suma y renta por internación.', monthly(13_900), {
        life_amount: $(30_000_000),
        serious_diseases_amount: $(6_000_000),
        daily_hospitalization_rent_amount: $(40_000),
      }),
    ],
  },
  {
    company: 'andina',
    riskType: 'bag',
    name: 'Bolso Protegido',
    includes: { Robo: 'Robo del bolso y su contenido en la vía pública.' },
    excludes: {},
    coverages: [
      plan('Bolso básico', 'Billetera, documentos y llaves.', monthly(2_100), {
        robbery_wallet_amount: $(60_000),
        robbery_documents_amount: $(40_000),
        robbery_keys_amount: $(30_000),
        robbery_cell_phone_amount: $(0),
      }),
      plan('Bolso con celular', 'Suma el robo del celular.', monthly(4_800), {
        robbery_wallet_amount: $(100_000),
        robbery_documents_amount: $(60_000),
        robbery_keys_amount: $(50_000),
        robbery_cell_phone_amount: $(400_000),
      }),
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
      plan('Individual', 'Consultas ilimitadas con clínicos.', monthly(3_900), {
        specialist_doctor_consultations_A: 2,
        specialist_doctor_consultations_B: 1,
        specialist_doctor_consultations_C: 0,
      }),
      plan('Familiar', 'Para hasta 5 integrantes.', monthly(9_900), {
        specialist_doctor_consultations_A: 6,
        specialist_doctor_consultations_B: 4,
        specialist_doctor_consultations_C: 2,
      }),
    ],
  },
  {
    company: 'andina',
    riskType: 'telemedicine',
    name: 'Médico en casa',
    includes: { Videoconsultas: 'Clínicos y pediatras.' },
    excludes: { Urgencias: 'Emergencias con riesgo de vida: llamá al 107.' },
    coverages: [
      plan('Plan 1', 'Clínica médica y pediatría.', monthly(2_500), {
        specialist_doctor_consultations_A: 1,
        specialist_doctor_consultations_B: 0,
        specialist_doctor_consultations_C: 0,
      }),
      plan('Plan 2', 'Suma especialistas.', monthly(5_200), {
        specialist_doctor_consultations_A: 3,
        specialist_doctor_consultations_B: 2,
        specialist_doctor_consultations_C: 1,
      }),
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
      plan('Departamento', 'Para departamentos de hasta 3 ambientes.', monthly(6_900), {
        building_fire_amount: $(30_000_000),
        contents_fire_amount: $(6_000_000),
        boundary_civil_liability_amount: $(3_000_000),
      }),
      plan('Casa', 'Para casas con jardín.', monthly(11_400), {
        building_fire_amount: $(60_000_000),
        contents_fire_amount: $(12_000_000),
        boundary_civil_liability_amount: $(6_000_000),
      }),
      plan(
        'Casa Plus',
        'Más suma y cristales.',
        monthly(16_800),
        {
          building_fire_amount: $(90_000_000),
          contents_fire_amount: $(20_000_000),
          boundary_civil_liability_amount: $(10_000_000),
        },
        { Cristales: 'Rotura de cristales hasta $ 300.000.' },
      ),
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
      plan('Local chico', 'Hasta 50 m².', monthly(9_500), {
        building_fire_amount: $(25_000_000),
        contents_fire_amount: $(10_000_000),
        comprehensive_civil_liability_amount: $(5_000_000),
      }),
      plan('Local grande', 'Hasta 300 m².', monthly(24_000), {
        building_fire_amount: $(80_000_000),
        contents_fire_amount: $(40_000_000),
        comprehensive_civil_liability_amount: $(15_000_000),
      }),
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
      plan(
        'Regional',
        'Argentina y países limítrofes.',
        {
          kind: 'travel_by_days',
          daily_cents: { one_trip: $(1_900), multi_trip: $(1_500), long_stay: $(1_100) },
        },
        {
          medical_assistance_preexisting_illness_amount: $(300_000),
          medical_assistance_non_preexisting_illness_amount: $(3_000_000),
          medical_assistance_ambulatory_medications_amount: $(150_000),
          assistance_phone: '0800-222-6342 (desde el exterior: +54 11 5235-0190, también por WhatsApp)',
        },
      ),
      plan(
        'Mundial',
        'Todo el mundo, incluido EE.UU.',
        {
          kind: 'travel_by_days',
          daily_cents: { one_trip: $(4_200), multi_trip: $(3_600), long_stay: $(2_700) },
        },
        {
          medical_assistance_preexisting_illness_amount: $(900_000),
          medical_assistance_non_preexisting_illness_amount: $(12_000_000),
          medical_assistance_ambulatory_medications_amount: $(400_000),
          assistance_phone: '0800-222-6342 (desde el exterior: +54 11 5235-0190, también por WhatsApp)',
        },
      ),
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
      plan('Electrónica', 'Notebooks, tablets, consolas y más.', perMille(12, $(50_000), $(3_000_000)), {
        robbery_amount: $(1_500_000),
        material_damage_amount: $(800_000),
      }),
      plan('Hogar', 'Electrodomésticos y muebles.', perMille(9, $(50_000), $(5_000_000)), {
        robbery_amount: $(2_500_000),
        material_damage_amount: $(1_200_000),
      }),
    ],
  },
  {
    company: 'ruta-sur',
    riskType: 'specific-vehicle-cargo',
    name: 'Carga Transportada',
    includes: { Carga: 'Daños a la mercadería transportada por el vehículo indicado.' },
    excludes: { 'Carga peligrosa': 'Materiales peligrosos sin habilitación.' },
    coverages: [
      plan('Utilitario', 'Furgones y utilitarios.', monthly(15_000), { insured_amount: $(8_000_000) }),
      plan('Camión', 'Camiones de hasta 20 toneladas.', monthly(42_000), { insured_amount: $(40_000_000) }),
    ],
  },
];
