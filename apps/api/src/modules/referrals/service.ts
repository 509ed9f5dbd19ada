/**
 * Referrals ("Referidos"): each customer's invite code and share link; registering with a code links the
 * new customer to the inviter; the invitee's first paid insurance credits the inviter's money wallet
 * once, in the transaction that confirms that payment, and tells both (decision 009).
 * Self-referral cannot happen: a code is only accepted when a new account is created, and an account is
 * refused a code when its DNI already belongs to a customer (the inviter included) or was invited before.
 */

import { randomInt } from 'node:crypto';
import {
  formatArs,
  REFERRAL_CODE_ALPHABET,
  REFERRAL_CODE_LENGTH,
  REFERRAL_REWARD_CENTS,
  type Referral,
} from '@cubierto/contracts';
import { and, count, eq, sql, sum } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { entities, referralCodes, referralRewards, referrals, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { notify } from '../notifications/notify.ts';
import { postMovement } from '../wallets/service.ts';

function randomCode(): string {
  let code = '';
  for (let i = 0; i < REFERRAL_CODE_LENGTH; i++)
    code += REFERRAL_CODE_ALPHABET[randomInt(REFERRAL_CODE_ALPHABET.length)];
  return code;
}

/** The caller's code, created the first time it is asked for. */
export async function ensureReferralCode(db: DbOrTx, userId: number): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [existing] = await db.select().from(referralCodes).where(eq(referralCodes.userId, userId));
    if (existing) return existing.code;
    // A code already taken by someone else (31^8 codes: rare) or a concurrent first call: try again.
    await db.insert(referralCodes).values({ userId, code: randomCode() }).onConflictDoNothing();
  }
  throw new AppError('internal');
}

export function referralLink(publicUrl: string, code: string): string {
  return `${publicUrl.replace(/\/$/, '')}/register?ref=${encodeURIComponent(code)}`;
}

/** GET /customers/referral: the caller's code (made the first time), share link and what it earned. */
export async function findReferral(
  deps: { db: DbOrTx; config: { publicUrl: string } },
  input: { userId: number },
): Promise<Referral> {
  const { db } = deps;
  const code = await ensureReferralCode(db, input.userId);
  const [[invited], [rewarded]] = await Promise.all([
    db.select({ n: count() }).from(referrals).where(eq(referrals.inviterUserId, input.userId)),
    db
      .select({ n: count(), cents: sum(referralRewards.amountCents) })
      .from(referralRewards)
      .where(eq(referralRewards.inviterUserId, input.userId)),
  ]);
  const earned = Number(rewarded?.cents ?? 0);
  return {
    code,
    link: referralLink(deps.config.publicUrl, code),
    reward_cents: REFERRAL_REWARD_CENTS,
    reward_nice: formatArs(REFERRAL_REWARD_CENTS),
    invited_count: invited?.n ?? 0,
    rewarded_count: rewarded?.n ?? 0,
    earned_cents: earned,
    earned_nice: formatArs(earned),
  };
}

const refuse = (message: string) =>
  new AppError('validation_failed', { validations: { referral_code: [message] } });

/**
 * Links a customer being registered to the owner of the code; runs inside the registration transaction,
 * so a refused code leaves no account behind (the form keeps what was typed and shows the message).
 */
export async function linkReferral(
  tx: DbOrTx,
  input: { inviteeUserId: number; inviteeDni: string; code: string },
): Promise<void> {
  const inviterUserId = await checkReferralCode(tx, input);
  const [linked] = await tx
    .insert(referrals)
    .values({
      inviterUserId,
      inviteeUserId: input.inviteeUserId,
      inviteeDni: input.inviteeDni,
      code: input.code,
    })
    .onConflictDoNothing()
    .returning({ id: referrals.id });
  if (!linked) throw refuse('Ese DNI ya fue invitado antes.');
}

/**
 * The inviter of a code a new customer (DNI) may use, or the refusal the form shows under the field.
 * Registration checks it before mailing a confirmation code, and again when it links the account.
 */
export async function checkReferralCode(
  tx: DbOrTx,
  input: { inviteeDni: string; code: string; inviteeUserId?: number },
): Promise<number> {
  const [owner] = await tx
    .select({ userId: referralCodes.userId, dni: entities.documentNumber })
    .from(referralCodes)
    .innerJoin(users, eq(users.id, referralCodes.userId))
    .leftJoin(entities, eq(entities.id, users.entityId))
    .where(eq(referralCodes.code, input.code));
  if (!owner) throw refuse('No encontramos ese código de invitación. Revisalo o registrate sin código.');
  if (owner.dni === input.inviteeDni) throw refuse('No podés usar tu propio código de invitación.');
  const [customer] = await tx
    .select({ id: users.id })
    .from(users)
    .innerJoin(entities, eq(entities.id, users.entityId))
    .where(
      and(
        eq(entities.documentType, 'DNI'),
        eq(entities.documentNumber, input.inviteeDni),
        input.inviteeUserId === undefined ? undefined : sql`${users.id} <> ${input.inviteeUserId}`,
      ),
    )
    .limit(1);
  if (customer)
    throw refuse('Ese DNI ya tiene una cuenta en Cubierto: el código es solo para clientes nuevos.');
  return owner.userId;
}

/**
 * The inviter's reward for the invitee's first paid insurance; call it inside the transaction that
 * confirms an insurance payment. The referral row is locked first, so two payments of one invitee
 * queue, and the second finds the reward already there (its unique index is the last word).
 */
export async function rewardReferrer(
  tx: DbOrTx,
  input: { inviteeUserId: number; insuranceId: number },
): Promise<void> {
  const [referral] = await tx
    .select()
    .from(referrals)
    .where(eq(referrals.inviteeUserId, input.inviteeUserId))
    .for('update');
  if (!referral) return;
  const [done] = await tx
    .select({ id: referralRewards.id })
    .from(referralRewards)
    .where(eq(referralRewards.referralId, referral.id));
  if (done) return;
  const [[invitee], [inviter]] = await Promise.all([
    tx.select({ name: users.name }).from(users).where(eq(users.id, referral.inviteeUserId)),
    tx
      .select({ name: users.name, deletedAt: users.deletedAt })
      .from(users)
      .where(eq(users.id, referral.inviterUserId)),
  ]);
  // An inviter who deleted the account (decision 016) has no wallet to credit any more.
  if (inviter!.deletedAt) return;
  const amount = formatArs(REFERRAL_REWARD_CENTS);
  const movement = await postMovement(tx, {
    userId: referral.inviterUserId,
    kind: 'money',
    amountCents: REFERRAL_REWARD_CENTS,
    movement: 'referral_reward',
    description: `Premio por invitar a ${invitee!.name}`,
  });
  await tx.insert(referralRewards).values({
    referralId: referral.id,
    inviterUserId: referral.inviterUserId,
    inviteeUserId: referral.inviteeUserId,
    insuranceId: input.insuranceId,
    amountCents: REFERRAL_REWARD_CENTS,
    walletMovementId: movement.id,
  });
  await notify(tx, {
    userId: referral.inviterUserId,
    title: '¡Ganaste un premio por invitar!',
    body: `${invitee!.name} pagó su primer seguro: te acreditamos ${amount} en Mi dinero.`,
    action: { type: 'WalletMovement', walletId: movement.walletId, walletMovementId: movement.id },
    key: `referral:${referral.id}:reward:inviter`,
  });
  await notify(tx, {
    userId: referral.inviteeUserId,
    title: 'Tu primer seguro sumó un premio',
    body: `Como llegaste invitado por ${inviter!.name}, le acreditamos ${amount} en Mi dinero. ¡Gracias por elegirnos!`,
    action: { type: 'Referral' },
    key: `referral:${referral.id}:reward:invitee`,
  });
}
