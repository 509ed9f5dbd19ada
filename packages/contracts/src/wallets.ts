/**
 * The customer's two wallets, 'Mi dinero' (money) and 'Mi crédito' (credit): GET /customers/money-wallet
 * and /customers/credit-wallet, their movements, and the top-up body. Amounts are integer centavos, signed
 * on a movement (credits positive, debits negative). A balance goes below zero only when a provider took
 * back money it had credited (a chargeback) or a referral reward was clawed back, and the balance did not
 * cover it: the negative balance is the customer's debt, settled by the next money in (DOMAIN "Reversals").
 */
import { z } from 'zod';

export const WALLET_KINDS = ['money', 'credit'] as const;
export type WalletKind = (typeof WALLET_KINDS)[number];

/** The API path segment of each wallet under /customers (also the web route). */
export const WALLET_PATHS: Record<WalletKind, string> = {
  money: 'money-wallet',
  credit: 'credit-wallet',
};

export const WalletSchema = z.object({
  id: z.number().int(),
  kind: z.enum(WALLET_KINDS),
  /** 'Mi dinero' or 'Mi crédito'. */
  name: z.string(),
  /** Negative when the customer owes money (a reversal the balance did not cover). */
  balance_cents: z.number().int(),
  balance_nice: z.string(),
});
export type Wallet = z.infer<typeof WalletSchema>;

export const WALLET_MOVEMENT_KINDS = [
  'top_up',
  'insurance_payment',
  'refund',
  'referral_reward',
  'claim_payout',
  'import_payment',
  'adjustment',
  /** Money a provider took back (a refund, cancellation or chargeback we did not ask for). */
  'reversal',
  /** A referral reward taken back (its payment was reversed, or the insurance withdrawn). */
  'referral_clawback',
] as const;
export type WalletMovementKind = (typeof WALLET_MOVEMENT_KINDS)[number];

export const WalletMovementSchema = z.object({
  id: z.number().int(),
  wallet_id: z.number().int(),
  kind: z.enum(WALLET_MOVEMENT_KINDS),
  description: z.string(),
  /** Signed: credits positive, debits negative. */
  amount_cents: z.number().int(),
  amount_nice: z.string(),
  balance_after_cents: z.number().int(),
  balance_after_nice: z.string(),
  payment_id: z.number().int().nullable(),
  insurance_id: z.number().int().nullable(),
  created_at: z.string(),
});
export type WalletMovement = z.infer<typeof WalletMovementSchema>;

/**
 * GET /admin/wallet-debts: the wallets a reversal left below zero (what customers owe), most owed first,
 * for operators to follow up.
 */
export const WalletDebtSchema = z.object({
  wallet_id: z.number().int(),
  wallet_kind: z.enum(WALLET_KINDS),
  user_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  balance_cents: z.number().int(),
  balance_nice: z.string(),
  owed_cents: z.number().int(),
  owed_nice: z.string(),
  /** When the balance went below zero last (its latest reversal). */
  since: z.string().nullable(),
});
export type WalletDebt = z.infer<typeof WalletDebtSchema>;

/** POST /customers/{money,credit}-wallet/top-ups; answers PayResultSchema (payments.ts) with its checkout. */
export const TopUpBodySchema = z.strictObject({
  amount_cents: z
    .number({ error: 'Ingresá el importe.' })
    .int({ error: 'Ingresá un importe en centavos.' })
    .min(100_00, { error: 'El mínimo es $ 100.' })
    .max(5_000_000_00, { error: 'El máximo es $ 5.000.000.' }),
  method: z.enum(['sandbox', 'mercadopago', 'uala'], { error: 'Elegí un medio de pago.' }),
});
export type TopUpBody = z.infer<typeof TopUpBodySchema>;
