/**
 * Request and response schemas of /auth (spec §3 "Login response", §7).
 */
import { z } from 'zod';
import { COMMON_PASSWORDS } from './common-passwords.ts';
import { isValidDni, normalizeDigits } from './identity.ts';
import { ReferralCodeSchema } from './referrals.ts';

export const EmailSchema = z
  .string({ error: 'Ingresá tu email.' })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'Ingresá un email válido.' }).max(254, { error: 'El email es demasiado largo.' }));

export const PasswordSchema = z
  .string({ error: 'Ingresá una contraseña.' })
  .min(8, { error: 'La contraseña debe tener al menos 8 caracteres.' })
  .max(128, { error: 'La contraseña no puede superar los 128 caracteres.' })
  .refine((value) => !COMMON_PASSWORDS.has(value.toLowerCase()), {
    error: 'Esa contraseña es muy común. Elegí otra más difícil de adivinar.',
  });

export const DniSchema = z
  .string({ error: 'Ingresá tu DNI.' })
  .transform(normalizeDigits)
  .refine(isValidDni, { error: 'El DNI debe tener 7 u 8 números.' });

export const SocialProviderSchema = z.enum(['google', 'facebook', 'apple']);
export type SocialProvider = z.infer<typeof SocialProviderSchema>;

export const LoginBodySchema = z.strictObject({
  email: EmailSchema,
  password: z
    .string({ error: 'Ingresá tu contraseña.' })
    .min(1, { error: 'Ingresá tu contraseña.' })
    .max(128),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

export const TokenResponseSchema = z.object({
  token_type: z.literal('Bearer'),
  access_token: z.string(),
  renew_on: z.string(),
});
export type TokenResponse = z.infer<typeof TokenResponseSchema>;

export const RegisterBodySchema = z.strictObject({
  name: z
    .string({ error: 'Ingresá tu nombre.' })
    .trim()
    .min(2, { error: 'Ingresá tu nombre y apellido.' })
    .max(120, { error: 'El nombre no puede superar los 120 caracteres.' }),
  email: EmailSchema,
  password: PasswordSchema,
  dni: DniSchema,
  /** Completing a social sign-in: the provider and its token from the pending registration data. */
  social: SocialProviderSchema.optional(),
  social_token: z.string().min(1).max(8192).optional(),
  /** The inviter's code from a referral link (`/register?ref=CODE`). */
  referral_code: ReferralCodeSchema.optional(),
  /** The terms and the privacy policy (/terminos, /privacidad) accepted: no account without it. */
  accepted_terms: z.literal(true, {
    error: 'Aceptá los términos y la política de privacidad para continuar.',
  }),
});
export type RegisterBody = z.infer<typeof RegisterBodySchema>;

/**
 * The version of the terms and the privacy policy the registration form shows (their date): stored with
 * the account's acceptance. A new text changes it.
 */
export const TERMS_VERSION = '2026-11-26';

/** A DNI already in an account: the message under the field (the spec's words, nothing more revealed). */
export const documentTakenMessage = 'Ya hay una cuenta con ese DNI. Ingresá o recuperá tu contraseña.';

/**
 * Registering with a password: `POST /auth/register` answers 202 with this message whether or not the
 * e-mail already has an account (no enumeration); the account is created by `POST /auth/register/confirm`
 * with the 6-digit code mailed to that address (docs/decisions/019).
 */
export const registrationPendingMessage = (email: string) =>
  `Te enviamos un código a ${email} para confirmar tu cuenta.`;

export const RegistrationCodeSchema = z
  .string({ error: 'Ingresá el código.' })
  .trim()
  .regex(/^\d{6}$/, { error: 'El código tiene 6 números.' });

export const RegisterConfirmBodySchema = z.strictObject({
  email: EmailSchema,
  code: RegistrationCodeSchema,
});
export type RegisterConfirmBody = z.infer<typeof RegisterConfirmBodySchema>;

export const RegisterResendBodySchema = z.strictObject({ email: EmailSchema });
export type RegisterResendBody = z.infer<typeof RegisterResendBodySchema>;

/**
 * Device: a random id the app makes once and keeps in its storage, sent on auth calls in this header.
 * Registrations are limited per device, and a device that has signed in to an account before is let in
 * with the right password while the account's sign-in is locked for others (docs/DOMAIN.md "Device").
 */
export const DEVICE_ID_HEADER = 'x-device-id';
export const DeviceIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{16,128}$/, { error: 'El identificador del dispositivo no es válido.' });
export const DeviceHeadersSchema = z.object({ [DEVICE_ID_HEADER]: DeviceIdSchema.optional() });

export const ForgotPasswordBodySchema = z.strictObject({ email: EmailSchema });
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBodySchema>;

export const ResetPasswordBodySchema = z.strictObject({
  token: z.string({ error: 'El enlace no es válido.' }).min(20).max(200),
  password: PasswordSchema,
});
export type ResetPasswordBody = z.infer<typeof ResetPasswordBodySchema>;

export const SocialLoginBodySchema = z.strictObject({
  social_token: z.string({ error: 'Falta el token del proveedor.' }).min(1).max(8192),
  social: SocialProviderSchema,
});
export type SocialLoginBody = z.infer<typeof SocialLoginBodySchema>;

/** A social sign-in of an e-mail with no account: the app keeps the token and completes registration. */
export const SocialUnregisteredSchema = z.object({ email: z.string(), message: z.string() });

/** POST /auth/social: a session, or an e-mail with no account yet (see above). */
export const SocialLoginAnswerSchema = z.object({
  data: z.union([TokenResponseSchema, SocialUnregisteredSchema]),
});

export const FacebookExchangeQuerySchema = z.strictObject({
  code: z.string().min(1).max(2048),
  redirect_uri: z.url().optional(),
});

/** GET /auth/facebook/exchange: Facebook's redirect code turned into its access token. */
export const FacebookExchangeAnswerSchema = z.object({ data: z.object({ access_token: z.string() }) });

export const MessageResponseSchema = z.object({ message: z.string() });
