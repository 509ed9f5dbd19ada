/**
 * The signed-in customer (spec §3 "User"): name, avatar, email, personal entity, taker entity, place.
 */
import { z } from 'zod';
import { isValidCuit, isValidDni, normalizeDigits } from './identity.ts';

export const EntitySchema = z.object({
  id: z.number(),
  kind: z.enum(['person', 'business']),
  name: z.string(),
  document_type: z.enum(['DNI', 'CUIT']),
  document_number: z.string(),
  tax_condition: z.string().nullable(),
});
export type Entity = z.infer<typeof EntitySchema>;

/** Condition before VAT (IVA) of a taker or designated billing party. */
export const TAX_CONDITIONS = ['consumidor_final', 'monotributo', 'responsable_inscripto', 'exento'] as const;
export type TaxCondition = (typeof TAX_CONDITIONS)[number];
export const TAX_CONDITION_LABELS: Record<TaxCondition, string> = {
  consumidor_final: 'Consumidor final',
  monotributo: 'Monotributo',
  responsable_inscripto: 'Responsable inscripto',
  exento: 'Exento',
};

function documentParsed(payload: { issues: ReadonlyArray<{ path?: PropertyKey[] }> }): boolean {
  return !payload.issues.some((issue) => ['kind', 'document_number'].includes(String(issue.path?.[0])));
}

/** A new entity the customer acts for: a person by DNI or a business by CUIT (search-entity). */
export const NewEntitySchema = z
  .strictObject({
    kind: z.enum(['person', 'business'], { error: 'Elegí persona o empresa.' }),
    name: z
      .string({ error: 'Ingresá el nombre o razón social.' })
      .trim()
      .min(2, { error: 'Ingresá el nombre o razón social.' })
      .max(120, { error: 'Máximo 120 caracteres.' }),
    document_number: z.string({ error: 'Ingresá el documento.' }).transform(normalizeDigits),
    tax_condition: z.enum(TAX_CONDITIONS, { error: 'Elegí la condición frente al IVA.' }),
  })
  // Checked even while other fields are still empty, so the form shows every message at once.
  .refine((value) => value.kind !== 'person' || isValidDni(value.document_number), {
    path: ['document_number'],
    error: 'El DNI debe tener 7 u 8 números.',
    when: documentParsed,
  })
  .refine((value) => value.kind !== 'business' || isValidCuit(value.document_number), {
    path: ['document_number'],
    error: 'El CUIT no es válido.',
    when: documentParsed,
  });
export type NewEntity = z.input<typeof NewEntitySchema>;

/** The user's place: `zipCode` as spec §3 names it, `zip_code` the same value under our snake_case name. */
export const PlaceSchema = z.object({
  id: z.number(),
  state: z.object({ id: z.number(), name: z.string() }).nullable(),
  locality: z.object({ id: z.number(), name: z.string() }).nullable(),
  zip_code: z.string().nullable(),
  zipCode: z.string().nullable(),
});
export type Place = z.infer<typeof PlaceSchema>;

/**
 * Spec §3's userEntityPlace: which place goes with the user's personal entity (the address the profile
 * keeps for it), as ids; null while the user has no place. Loaded with the place.
 */
export const UserEntityPlaceSchema = z.object({
  user_id: z.number(),
  entity_id: z.number().nullable(),
  place_id: z.number(),
});
export type UserEntityPlace = z.infer<typeof UserEntityPlaceSchema>;

export const UserSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  context_id: z.number().nullable(),
  created_at: z.string(),
  entity: EntitySchema.optional(),
  takerEntity: EntitySchema.nullable().optional(),
  userEntityPlace: UserEntityPlaceSchema.nullable().optional(),
  place: PlaceSchema.nullable().optional(),
});
export type User = z.infer<typeof UserSchema>;

const ZipCodeSchema = z
  .string()
  .trim()
  .regex(/^([A-Za-z]\d{4}[A-Za-z]{3}|\d{4})$/, {
    error: 'El código postal debe tener 4 números o el formato A1234ABC.',
  });

/**
 * Profile update: multipart form-data (POST with _method=PUT, spec §7) or JSON PUT.
 * Form fields arrive as strings, so ids are coerced.
 */
export const ProfileUpdateSchema = z.strictObject({
  _method: z.literal('PUT').optional(),
  name: z
    .string()
    .trim()
    .min(2, { error: 'Ingresá tu nombre y apellido.' })
    .max(120, { error: 'El nombre no puede superar los 120 caracteres.' })
    .optional(),
  state_id: z.coerce.number({ error: 'Elegí una provincia.' }).int().positive().optional(),
  locality_id: z.coerce.number({ error: 'Elegí una localidad.' }).int().positive().optional(),
  zip_code: z.union([ZipCodeSchema, z.literal('')]).optional(),
  /** The avatar file (multipart only); checked by content on the server. */
  avatar: z.unknown().optional(),
});
export type ProfileUpdate = z.infer<typeof ProfileUpdateSchema>;

export const UpdateContextBodySchema = z.strictObject({ context_id: z.number().int().positive() });

/** A customer as the back office lists and shows them (GET /admin/customers, lock and unlock). */
export const AdminCustomerSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  dni: z.string().nullable(),
  locked_at: z.string().nullable(),
  insurances_count: z.number(),
  last_session_at: z.string().nullable(),
  created_at: z.string(),
});
export type AdminCustomer = z.infer<typeof AdminCustomerSchema>;
