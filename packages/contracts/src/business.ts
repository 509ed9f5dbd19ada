/**
 * Business center (spec §1, §2 business-center): an entity's fiscal address and contact, and the people
 * who act for it — the owner (edits it, invites and removes) and members (act for it when contracting
 * and importing). Shared by the API's validation and the web forms.
 */
import { z } from 'zod';
import { EntitySchema, TAX_CONDITIONS } from './user.ts';

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `Máximo ${max} caracteres.` })
    .transform((v) => v || null)
    .nullable()
    .optional();

export const EntityProfileSchema = z.strictObject({
  name: z
    .string({ error: 'Ingresá el nombre o razón social.' })
    .trim()
    .min(2, { error: 'Ingresá el nombre o razón social.' })
    .max(120, { error: 'Máximo 120 caracteres.' }),
  tax_condition: z.enum(TAX_CONDITIONS, { error: 'Elegí la condición frente al IVA.' }),
  street: optionalText(120),
  street_number: optionalText(10),
  locality: optionalText(80),
  province: optionalText(80),
  zip_code: z
    .string()
    .trim()
    .regex(/^(|[A-Za-z]\d{4}[A-Za-z]{3}|\d{4})$/, {
      error: 'El código postal debe tener 4 números o el formato A1234ABC.',
    })
    .transform((v) => v || null)
    .nullable()
    .optional(),
  contact_name: optionalText(120),
  contact_email: z
    .string()
    .trim()
    .refine((v) => v === '' || z.email().safeParse(v).success, { error: 'Ingresá un email válido.' })
    .transform((v) => v || null)
    .nullable()
    .optional(),
  contact_phone: z
    .string()
    .trim()
    .regex(/^(|\+?[\d\s()-]{6,20})$/, { error: 'Ingresá un teléfono válido, por ejemplo 11 4444-5555.' })
    .transform((v) => v || null)
    .nullable()
    .optional(),
});
export type EntityProfileInput = z.input<typeof EntityProfileSchema>;

export const ENTITY_ROLES = ['owner', 'member'] as const;
export type EntityRole = (typeof ENTITY_ROLES)[number];
export const ENTITY_ROLE_LABELS: Record<EntityRole, string> = { owner: 'Administrador', member: 'Miembro' };

export const EntityMemberSchema = z.object({
  user_id: z.number(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ENTITY_ROLES),
});
export type EntityMember = z.infer<typeof EntityMemberSchema>;

export const EntityInvitationSchema = z.object({
  id: z.number(),
  email: z.string(),
  expires_at: z.string(),
});
export type EntityInvitation = z.infer<typeof EntityInvitationSchema>;

export const EntityDetailSchema = EntitySchema.extend({
  role: z.enum(ENTITY_ROLES),
  street: z.string().nullable(),
  street_number: z.string().nullable(),
  locality: z.string().nullable(),
  province: z.string().nullable(),
  zip_code: z.string().nullable(),
  contact_name: z.string().nullable(),
  contact_email: z.string().nullable(),
  contact_phone: z.string().nullable(),
  members: z.array(EntityMemberSchema),
  /** Pending invitations to e-mails with no account yet (owners see them; members see none). */
  invitations: z.array(EntityInvitationSchema),
});
export type EntityDetail = z.infer<typeof EntityDetailSchema>;

/** The secret of an invitation link (`/business-invitation?token=…`). */
export const AcceptInvitationSchema = z.strictObject({
  token: z.string({ error: 'Falta el código de la invitación.' }).min(20).max(200),
});

export const InviteMemberSchema = z.strictObject({
  email: z
    .string({ error: 'Ingresá un email válido.' })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: 'Ingresá un email válido.' })),
});

/** An entity the caller acts for, with their role on it (GET /customers/entities, search, create). */
export const UserEntitySchema = EntitySchema.extend({ role: z.enum(ENTITY_ROLES) });
export type UserEntity = z.infer<typeof UserEntitySchema>;
