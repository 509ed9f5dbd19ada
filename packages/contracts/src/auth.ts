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
});
export type RegisterBody = z.infer<typeof RegisterBodySchema>;

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

export const FacebookExchangeQuerySchema = z.strictObject({
  code: z.string().min(1).max(2048),
  redirect_uri: z.url().optional(),
});

export const MessageResponseSchema = z.object({ message: z.string() });
