/**
 * Referrals ("Referidos"): a personal invite code, the link that carries it to the register page, and the
 * reward the inviter's money wallet receives when the invitee's first insurance is paid (decision 009).
 */
import { z } from 'zod';

/** $ 5.000 per invitee whose first insurance is paid, once per invitee. */
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

export const ReferralSchema = z.object({
  code: z.string(),
  /** The register page with the code: `{PUBLIC_URL}/register?ref={code}`. */
  link: z.string(),
  reward_cents: z.number(),
  reward_nice: z.string(),
  invited_count: z.number(),
  rewarded_count: z.number(),
  earned_cents: z.number(),
  earned_nice: z.string(),
});
export type Referral = z.infer<typeof ReferralSchema>;
