/**
 * The building blocks of the risk types' answers schemas (spec §5, DOMAIN.md): texts, dates, amounts,
 * people, beneficiaries, addresses and plates, with the Spanish messages the form and the API both show.
 * Each risk type's own module (`<code>.ts`) puts them together into its answers schema.
 */
import { z } from 'zod';
import { isValidDni, normalizeDigits } from '../identity.ts';
import { isValidPlate, normalizePlate } from '../objects.ts';

export const text = (label: string, max = 120) =>
  z
    .string({ error: `Ingresá ${label}.` })
    .trim()
    .min(1, { error: `Ingresá ${label}.` })
    .max(max, { error: `Máximo ${max} caracteres.` });

/**
 * A text the person may leave out: blank (or only spaces) is stored as absent, so the certificate and the
 * insurance page print no line for it.
 */
export const optionalText = (max = 120) =>
  z
    .string()
    .trim()
    .max(max, { error: `Máximo ${max} caracteres.` })
    .optional()
    .transform((v) => (v ? v : undefined));

export const isoDate = (label: string) =>
  z
    .string({ error: `Ingresá ${label}.` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: `Ingresá ${label} con el formato AAAA-MM-DD.` })
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), {
      error: `${label[0]?.toUpperCase()}${label.slice(1)} no es una fecha válida.`,
    });

export const GENDERS = ['m', 'f', 'b', 'not_declared'] as const;
export const GENDER_LABELS: Record<(typeof GENDERS)[number], string> = {
  m: 'Masculino',
  f: 'Femenino',
  b: 'No binario',
  not_declared: 'Prefiero no decirlo',
};

export const PersonSchema = z.strictObject({
  first_name: text('el nombre', 80),
  last_name: text('el apellido', 80),
  dni: z
    .string({ error: 'Ingresá el DNI.' })
    .transform(normalizeDigits)
    .refine(isValidDni, { error: 'El DNI debe tener 7 u 8 números.' }),
  birth_date: isoDate('la fecha de nacimiento'),
  gender: z.enum(GENDERS, { error: 'Elegí una opción.' }),
});
export type Person = z.infer<typeof PersonSchema>;

export const BeneficiarySchema = z.strictObject({
  first_name: text('el nombre', 80),
  last_name: text('el apellido', 80),
  dni: z
    .string({ error: 'Ingresá el DNI.' })
    .transform(normalizeDigits)
    .refine(isValidDni, { error: 'El DNI debe tener 7 u 8 números.' }),
  relationship: text('el parentesco', 40),
  percentage: z
    .number({ error: 'Ingresá el porcentaje.' })
    .int()
    .min(1, { error: 'Mínimo 1%.' })
    .max(100, { error: 'Máximo 100%.' }),
});

export const beneficiaries = (min: number) =>
  z
    .array(BeneficiarySchema)
    .min(min, { error: 'Agregá al menos un beneficiario.' })
    .max(5, { error: 'Podés indicar hasta 5 beneficiarios.' })
    .refine((list) => list.length === 0 || list.reduce((a, b) => a + b.percentage, 0) === 100, {
      error: 'Los porcentajes de los beneficiarios deben sumar 100%.',
    });

export const AddressSchema = z.strictObject({
  street: text('la calle', 120),
  street_number: text('la altura', 10),
  floor_block: z.string().trim().max(20).optional(),
  apartment_house: z.string().trim().max(20).optional(),
  state_id: z.number({ error: 'Elegí una provincia.' }).int().positive(),
  locality_id: z.number({ error: 'Elegí una localidad.' }).int().positive(),
  zip_code: z
    .string({ error: 'Ingresá el código postal.' })
    .trim()
    .regex(/^([A-Za-z]\d{4}[A-Za-z]{3}|\d{4})$/, {
      error: 'El código postal debe tener 4 números o el formato A1234ABC.',
    }),
});

export const amountCents = (label: string) =>
  z
    .number({ error: `Ingresá ${label}.` })
    .int({ error: 'Ingresá un importe en centavos.' })
    .positive({ error: `Ingresá ${label}.` });

export const WHEEL_SIZES = ['12', '14', '16', '20', '24', '26', '27.5', '28', '29'] as const;
export { TRIP_TYPE_LABELS, TRIP_TYPES } from './trip-types.ts';

export function motorcycleYearSchema(now = new Date()) {
  const year = now.getFullYear();
  return z
    .number({ error: 'Elegí el año.' })
    .int()
    .min(year - 29, { error: `El año debe estar entre ${year - 29} y ${year}.` })
    .max(year, { error: `El año debe estar entre ${year - 29} y ${year}.` });
}

/** Motorcycle year: from the current year minus 29 to the current year (spec §5, §9). */
export function motorcycleYears(now = new Date()): number[] {
  const current = now.getFullYear();
  return Array.from({ length: 30 }, (_, i) => current - i);
}

export const Plate = z
  .string({ error: 'Ingresá la patente.' })
  .transform(normalizePlate)
  .refine(isValidPlate, { error: 'La patente debe tener el formato ABC123 o AB123CD.' });
