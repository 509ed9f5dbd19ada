/**
 * The signed-in customer (spec §3 "User"): name, avatar, email, personal entity, taker entity, place.
 */
import { z } from 'zod';

export const EntitySchema = z.object({
  id: z.number(),
  kind: z.enum(['person', 'business']),
  name: z.string(),
  document_type: z.enum(['DNI', 'CUIT']),
  document_number: z.string(),
  tax_condition: z.string().nullable(),
});
export type Entity = z.infer<typeof EntitySchema>;

export const PlaceSchema = z.object({
  id: z.number(),
  state: z.object({ id: z.number(), name: z.string() }).nullable(),
  locality: z.object({ id: z.number(), name: z.string() }).nullable(),
  zip_code: z.string().nullable(),
});
export type Place = z.infer<typeof PlaceSchema>;

export const UserSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  context_id: z.number().nullable(),
  created_at: z.string(),
  entity: EntitySchema.optional(),
  takerEntity: EntitySchema.nullable().optional(),
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
