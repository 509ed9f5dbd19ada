/**
 * Referrals ("Referidos"): a personal invite code, the link that carries it to the register page, and the
 * reward the inviter's money wallet receives for an invitee (decisions 009 and 022, DOMAIN.md "Referral
 * rewards"). The reward is credited only once the invitee's first paid insurance has been in force past
 * the withdrawal window; it is clawed back if that payment is reversed or the insurance withdrawn; and a
 * DNI, device or payer already seen on an invitee earns nothing a second time.
 */
import { z } from 'zod';
import { pageOf } from './common.ts';

/** $ 5.000 per invitee whose first insurance stays in force past the withdrawal window, once per invitee. */
export const REFERRAL_REWARD_CENTS = 5_000_00;

/** Codes use no 0/O or 1/I/L, so one read aloud or copied by hand is not mistaken. */
export const REFERRAL_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const REFERRAL_CODE_LENGTH = 8;

export const ReferralCodeSchema = z
  .string({ error: 'Ingresá el código de invitación.' })
  .trim()
  .toUpperCase()
  .regex(new RegExp(`^[${REFERRAL_CODE_ALPHABET}]{${REFERRAL_CODE_LENGTH}}$`), {
    error: 'El código de invitación no es válido.',
  });

/**
 * Where an invitation stands:
 * - `registered`: the invitee has an account and has not paid an insurance yet;
 * - `pending`: their first insurance is paid; the reward is credited on `due_on` if it is still in force;
 * - `rewarded`: credited to the inviter's Mi dinero;
 * - `refused`: it earns nothing (`reason`);
 * - `clawed_back`: it was credited and taken back (`reason`).
 */
export const REFERRAL_STATUSES = ['registered', 'pending', 'rewarded', 'refused', 'clawed_back'] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];

/**
 * Why an invitation earns nothing: an earlier invitee had the same DNI, registered from the same device
 * or paid with the same payer.
 */
export const REFERRAL_DUPLICATE_REASONS = ['same_dni', 'same_device', 'same_payment_method'] as const;
/**
 * Why an invitation earns nothing, or loses what it earned, because its first insurance did not hold:
 * - `insurance_ended`: it ended (cancelled, withdrawn, voided) before the reward was due;
 * - `payment_reversed`: the provider took the first payment back (refund, cancellation, chargeback);
 * - `insurance_withdrawn`: the invitee used the botón de arrepentimiento;
 * - `insurance_voided`: an operator voided or rejected it, refunding everything;
 * - `inviter_deleted`: the inviter deleted the account before the reward was due.
 */
export const REFERRAL_LAPSE_REASONS = [
  'insurance_ended',
  'payment_reversed',
  'insurance_withdrawn',
  'insurance_voided',
  'inviter_deleted',
] as const;
/** Why an invitation earns nothing, or lost what it earned. */
export const REFERRAL_REASONS = [...REFERRAL_DUPLICATE_REASONS, ...REFERRAL_LAPSE_REASONS] as const;
export type ReferralReason = (typeof REFERRAL_REASONS)[number];

/** One invitation as its inviter sees it on the Referidos page. */
export const ReferralInvitationSchema = z.object({
  id: z.number().int(),
  /** The invitee's name. */
  name: z.string(),
  status: z.enum(REFERRAL_STATUSES),
  reason: z.enum(REFERRAL_REASONS).nullable(),
  /** Pending: the day the reward is credited if the insurance is still in force (YYYY-MM-DD). */
  due_on: z.string().nullable(),
  created_at: z.string(),
});
export type ReferralInvitation = z.infer<typeof ReferralInvitationSchema>;

export const ReferralSchema = z.object({
  code: z.string(),
  /** The register page with the code: `{PUBLIC_URL}/register?ref={code}`. */
  link: z.string(),
  reward_cents: z.number(),
  reward_nice: z.string(),
  invited_count: z.number(),
  /** Rewards credited and not clawed back. */
  rewarded_count: z.number(),
  earned_cents: z.number(),
  earned_nice: z.string(),
  /** Rewards waiting for the invitee's first insurance to pass the withdrawal window. */
  pending_count: z.number(),
  pending_cents: z.number(),
  pending_nice: z.string(),
  /** The caller's invitations, newest first (at most the last 50). */
  invitations: z.array(ReferralInvitationSchema),
});
export type Referral = z.infer<typeof ReferralSchema>;

/** An invitee in the back office's referral graph. */
export const AdminReferralInviteeSchema = z.object({
  referral_id: z.number().int(),
  user_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  dni: z.string(),
  status: z.enum(REFERRAL_STATUSES),
  reason: z.enum(REFERRAL_REASONS).nullable(),
  insurance_id: z.number().int().nullable(),
  insurance_number: z.string().nullable(),
  due_on: z.string().nullable(),
  decided_at: z.string().nullable(),
  /** Clawed back: what the inviter's balance could not cover (owed). */
  clawback_outstanding_cents: z.number().int(),
  /** Another invitation has the same DNI, device or payer. */
  shared_dni: z.boolean(),
  shared_device: z.boolean(),
  shared_payer: z.boolean(),
  created_at: z.string(),
});
export type AdminReferralInvitee = z.infer<typeof AdminReferralInviteeSchema>;

/** An inviter and their invitees: one row of the back office's referral graph. */
export const AdminReferralInviterSchema = z.object({
  /** The inviter's user id. */
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  dni: z.string().nullable(),
  invited_count: z.number().int(),
  rewarded_count: z.number().int(),
  pending_count: z.number().int(),
  refused_count: z.number().int(),
  clawed_back_count: z.number().int(),
  earned_cents: z.number().int(),
  earned_nice: z.string(),
  /** Some invitee shares a DNI, device or payer with another invitation. */
  flagged: z.boolean(),
  invitees: z.array(AdminReferralInviteeSchema),
});
export type AdminReferralInviter = z.infer<typeof AdminReferralInviterSchema>;

export const AdminReferralPageSchema = pageOf(AdminReferralInviterSchema);
