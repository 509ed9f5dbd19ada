/**
 * The customer's privacy rights from inside the app (decision 016): deleting the account (App Store
 * guideline 5.1.1(v), Google Play's account-deletion policy, Ley 25.326 art. 16) and downloading a copy of
 * their data (Ley 25.326 art. 14, right of access).
 */
import { z } from 'zod';
import { JsonRowSchema } from './common.ts';

/** What stops a deletion until the customer acts, each with the API's Spanish explanation. */
export const ACCOUNT_DELETION_BLOCKERS = [
  'insurance_in_force',
  'claim_open',
  'money_balance',
  'credit_balance',
  'payment_in_progress',
  'business_members',
] as const;
export type AccountDeletionBlocker = (typeof ACCOUNT_DELETION_BLOCKERS)[number];

/** How long a sign-in counts as fresh for an account without a password (social sign-in only). */
export const FRESH_SIGN_IN_MINUTES = 10;

export const AccountDeletionCheckSchema = z.object({
  /** True when the account has a password: the deletion asks for it. */
  requires_password: z.boolean(),
  /** Without a password: whether the current session is fresh enough (signed in within the last minutes). */
  recent_sign_in: z.boolean(),
  blockers: z.array(z.object({ code: z.enum(ACCOUNT_DELETION_BLOCKERS), message: z.string() })),
});
export type AccountDeletionCheck = z.infer<typeof AccountDeletionCheckSchema>;

export const AccountDeletionBodySchema = z.strictObject({
  /** The current password; required when the account has one. */
  password: z
    .string({ error: 'Ingresá tu contraseña.' })
    .min(1, { error: 'Ingresá tu contraseña.' })
    .max(200)
    .optional(),
});
export type AccountDeletionBody = z.infer<typeof AccountDeletionBodySchema>;

const Rows = z.array(JsonRowSchema);

/** Everything the account holds, as `GET /customers/user/export` answers it. */
export const DataExportSchema = z.object({
  generated_at: z.string(),
  profile: JsonRowSchema,
  entities: Rows,
  invoice_profile: JsonRowSchema.nullable(),
  insurance_processes: Rows,
  insurances: Rows,
  payments: Rows,
  wallets: Rows,
  claims: Rows,
  invoices: Rows,
  notifications: Rows,
  poll_responses: Rows,
  referrals: z.object({
    code: z.string().nullable(),
    invited: Rows,
    invited_by: z.object({ code: z.string(), created_at: z.string() }).nullable(),
  }),
  /** What the customer agreed to or linked: sign-in providers, devices that receive notifications, sessions. */
  consents: z.object({ social_sign_in: Rows, push_devices: Rows, sessions: Rows }),
});
export type DataExport = z.infer<typeof DataExportSchema>;
