/**
 * Referrals ("Referidos"): each customer's invite code and share link; registering with a code links the
 * new customer to the inviter. The reward cannot be farmed (DOMAIN.md "Referral rewards", decision 022):
 *
 * - The invitee's first paid insurance makes the referral `pending`, due on the first day past the
 *   withdrawal window (Ley 24.240 art. 34: 10 calendar days after contracting) on which the cover has
 *   also started. The referral job (`referralJobs`) credits the inviter's Mi dinero on that day if the
 *   insurance is still in force, and refuses the reward if it ended before.
 * - A reward is clawed back (a `referral_clawback` debit of the inviter's Mi dinero) when that payment is
 *   reversed or the insurance withdrawn or voided: `clawBackReferralReward`, called in the transaction that
 *   does it; the job also finds a rewarded insurance voided since, whoever voided it.
 * - A DNI, device (X-Device-Id) or payer already seen on an earlier invitee earns nothing: the referral is
 *   recorded, `refused` with its reason, so operators see it in the referral graph.
 *
 * Lock order, the same as every money transaction's: the payer's wallet, the insurance, the referral,
 * the inviter's wallet last.
 * Self-referral cannot happen: a code is only accepted when a new account is created, and an account is
 * refused a code when its DNI is the inviter's or already belongs to a customer.
 */

import { randomInt } from 'node:crypto';
import {
  addDays,
  formatArs,
  REFERRAL_CODE_ALPHABET,
  REFERRAL_CODE_LENGTH,
  REFERRAL_REWARD_CENTS,
  type Referral,
  type ReferralReason,
  todayInArgentina,
  withdrawalDeadline,
} from '@cubierto/contracts';
import {
  and,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  lte,
  ne,
  or,
  type Placeholder,
  type SQL,
  sql,
  sum,
} from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import {
  entities,
  insurances,
  payments,
  referralCodes,
  referralRewards,
  referrals,
  rightsRequests,
  users,
  wallets,
} from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { JobHandlers } from '../../lib/outbox.ts';
import { hashToken } from '../../lib/tokens.ts';
import { notify } from '../notifications/notify.ts';
import { InsufficientFundsError, postMovement } from '../wallets/service.ts';

type ReferralRow = typeof referrals.$inferSelect;
type InsuranceRow = typeof insurances.$inferSelect;

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

/** How many of the caller's invitations the Referidos page lists. */
const INVITATIONS_SHOWN = 50;

/** GET /customers/referral: the caller's code (made the first time), share link, rewards and invitations. */
export async function findReferral(
  deps: { db: DbOrTx; config: { publicUrl: string } },
  input: { userId: number },
): Promise<Referral> {
  const { db } = deps;
  const code = await ensureReferralCode(db, input.userId);
  const [[invited], [rewarded], [pending], invitations] = await Promise.all([
    db.select({ n: count() }).from(referrals).where(eq(referrals.inviterUserId, input.userId)),
    db
      .select({ n: count(), cents: sum(referralRewards.amountCents) })
      .from(referralRewards)
      .innerJoin(referrals, eq(referrals.id, referralRewards.referralId))
      .where(and(eq(referralRewards.inviterUserId, input.userId), eq(referrals.status, 'rewarded'))),
    db
      .select({ n: count() })
      .from(referrals)
      .where(and(eq(referrals.inviterUserId, input.userId), eq(referrals.status, 'pending'))),
    db
      .select({
        id: referrals.id,
        name: users.name,
        status: referrals.status,
        reason: referrals.reason,
        dueOn: referrals.dueOn,
        createdAt: referrals.createdAt,
      })
      .from(referrals)
      .innerJoin(users, eq(users.id, referrals.inviteeUserId))
      .where(eq(referrals.inviterUserId, input.userId))
      .orderBy(desc(referrals.id))
      .limit(INVITATIONS_SHOWN),
  ]);
  const earned = Number(rewarded?.cents ?? 0);
  const pendingCents = (pending?.n ?? 0) * REFERRAL_REWARD_CENTS;
  return {
    code,
    link: referralLink(deps.config.publicUrl, code),
    reward_cents: REFERRAL_REWARD_CENTS,
    reward_nice: formatArs(REFERRAL_REWARD_CENTS),
    invited_count: invited?.n ?? 0,
    rewarded_count: rewarded?.n ?? 0,
    earned_cents: earned,
    earned_nice: formatArs(earned),
    pending_count: pending?.n ?? 0,
    pending_cents: pendingCents,
    pending_nice: formatArs(pendingCents),
    invitations: invitations.map((row) => ({
      id: row.id,
      name: row.name,
      status: row.status,
      reason: row.reason,
      due_on: row.status === 'pending' ? row.dueOn : null,
      created_at: row.createdAt.toISOString(),
    })),
  };
}

const refuse = (message: string) =>
  new AppError('validation_failed', { validations: { referral_code: [message] } });

/**
 * Serializes, per DNI, device or payer, the check "was this already an invitee?" and the write that
 * answers it, so two accounts of one person created at the same moment cannot both earn.
 */
async function lockIdentity(tx: DbOrTx, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(-1807, hashtext(${`referral:${key}`}))`);
}

/** The hash kept of an app's device id (the same as sessions keep). */
export const deviceHashOf = (deviceId: string | undefined | null) => (deviceId ? hashToken(deviceId) : null);

/** Whether an invitation other than `exceptId` already has this value in `column`. */
async function seenBefore(
  tx: DbOrTx,
  column: typeof referrals.inviteeDni | typeof referrals.inviteeDeviceHash | typeof referrals.payerKey,
  value: string,
  exceptId?: number,
): Promise<boolean> {
  const [row] = await tx
    .select({ id: referrals.id })
    .from(referrals)
    .where(and(eq(column, value), exceptId === undefined ? undefined : ne(referrals.id, exceptId)))
    .limit(1);
  return Boolean(row);
}

/**
 * Links a customer being registered to the owner of the code; runs inside the registration transaction,
 * so a refused code leaves no account behind (the form keeps what was typed and shows the message).
 * A DNI or device already seen on an invitee is linked all the same, refused: it earns nothing.
 */
export async function linkReferral(
  tx: DbOrTx,
  input: { inviteeUserId: number; inviteeDni: string; code: string; deviceId?: string | undefined },
): Promise<void> {
  const inviterUserId = await checkReferralCode(tx, input);
  const deviceHash = deviceHashOf(input.deviceId);
  await lockIdentity(tx, `dni:${input.inviteeDni}`);
  if (deviceHash) await lockIdentity(tx, `device:${deviceHash}`);
  const reason: ReferralReason | null = (await seenBefore(tx, referrals.inviteeDni, input.inviteeDni))
    ? 'same_dni'
    : deviceHash && (await seenBefore(tx, referrals.inviteeDeviceHash, deviceHash))
      ? 'same_device'
      : null;
  await tx.insert(referrals).values({
    inviterUserId,
    inviteeUserId: input.inviteeUserId,
    inviteeDni: input.inviteeDni,
    inviteeDeviceHash: deviceHash,
    code: input.code,
    status: reason ? 'refused' : 'registered',
    reason,
    decidedAt: reason ? new Date() : null,
  });
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
 * The first day the reward for an insurance contracted on `contractedOn` may be credited: the day after
 * the last day of the withdrawal window, or the cover's first day if it starts later.
 */
export function referralRewardDueOn(contractedOn: string, startsOn: string | null): string {
  const pastWindow = addDays(withdrawalDeadline(contractedOn), 1);
  return startsOn && startsOn > pastWindow ? startsOn : pastWindow;
}

/**
 * The invitee's referral status (null when they were invited by nobody), as an expression another
 * statement can carry: the payment's invoice reads it along with its own facts (after-payment.ts), whose
 * text is built once (the invitee then a placeholder).
 */
export function inviteeReferralStatus(inviteeUserId: number | Placeholder): SQL<string | null> {
  const { status, inviteeUserId: invitee } = referrals;
  return sql<string | null>`(select ${status} from ${referrals} where ${invitee} = ${inviteeUserId})`;
}

/**
 * The invitee's first insurance is paid: the referral becomes `pending`, due on `referralRewardDueOn`
 * (nothing is credited now). Call it inside the transaction that confirms an insurance payment, with the
 * insurance locked. `payerKey` names who paid (`mercadopago:{payer id}`) when the provider tells it: a
 * payer already seen on an earlier invitee makes it `refused`. Later payments of the invitee change
 * nothing.
 */
export async function recordInviteeFirstPayment(
  tx: DbOrTx,
  input: {
    inviteeUserId: number;
    insuranceId: number;
    paymentId?: number | null;
    payerKey?: string | null;
    now: Date;
    /** The referral's status as the caller already read it (inviteeReferralStatus): not read again. */
    seenStatus?: string | null;
  },
): Promise<void> {
  // Most payments are not an invitee's first: read before taking any lock.
  const seenStatus =
    input.seenStatus !== undefined
      ? input.seenStatus
      : (
          await tx
            .select({ status: referrals.status })
            .from(referrals)
            .where(eq(referrals.inviteeUserId, input.inviteeUserId))
        )[0]?.status;
  if (seenStatus !== 'registered') return;
  if (input.payerKey) await lockIdentity(tx, `payer:${input.payerKey}`);
  const [referral] = await tx
    .select()
    .from(referrals)
    .where(eq(referrals.inviteeUserId, input.inviteeUserId))
    .for('update');
  if (referral?.status !== 'registered') return;
  const [insurance] = await tx
    .select({ startsOn: insurances.startsOn })
    .from(insurances)
    .where(eq(insurances.id, input.insuranceId));
  const dueOn = referralRewardDueOn(todayInArgentina(input.now), insurance?.startsOn ?? null);
  const samePayer =
    input.payerKey !== undefined &&
    input.payerKey !== null &&
    (await seenBefore(tx, referrals.payerKey, input.payerKey, referral.id));
  await tx
    .update(referrals)
    .set({
      status: samePayer ? 'refused' : 'pending',
      reason: samePayer ? 'same_payment_method' : null,
      decidedAt: samePayer ? input.now : null,
      insuranceId: input.insuranceId,
      paymentId: input.paymentId ?? null,
      payerKey: input.payerKey ?? null,
      dueOn,
    })
    .where(eq(referrals.id, referral.id));
}

/**
 * Why the invitee's first payment no longer counts, if it does not: the provider took it back, the
 * invitee withdrew (arrepentimiento), or an operator voided or rejected the insurance (all refunded).
 */
async function undoneBy(
  tx: DbOrTx,
  referral: ReferralRow,
  insurance: Pick<InsuranceRow, 'id' | 'status'>,
): Promise<ReferralReason | null> {
  if (referral.paymentId) {
    const [payment] = await tx
      .select({ reversedAt: payments.reversedAt })
      .from(payments)
      .where(eq(payments.id, referral.paymentId));
    if (payment?.reversedAt) return 'payment_reversed';
  }
  const [withdrawal] = await tx
    .select({ id: rightsRequests.id })
    .from(rightsRequests)
    .where(
      and(
        eq(rightsRequests.insuranceId, insurance.id),
        eq(rightsRequests.kind, 'withdrawal'),
        eq(rightsRequests.status, 'aplicada'),
      ),
    )
    .limit(1);
  if (withdrawal) return 'insurance_withdrawn';
  if (insurance.status === 'anulado' || insurance.status === 'invalido') return 'insurance_voided';
  return null;
}

/** Why a pending reward can no longer be earned (null: it may be, on its day). */
async function endedBeforeDue(
  tx: DbOrTx,
  referral: ReferralRow & { dueOn: string },
  insurance: Pick<InsuranceRow, 'id' | 'status' | 'updatedAt'>,
): Promise<ReferralReason | null> {
  const undone = await undoneBy(tx, referral, insurance);
  if (undone === 'payment_reversed' || undone === 'insurance_withdrawn') return undone;
  if (undone) return 'insurance_ended';
  // Cancelled by the customer: it counts only if it was still in force on the day the reward was due.
  if (insurance.status === 'cancelado' && todayInArgentina(insurance.updatedAt) < referral.dueOn)
    return 'insurance_ended';
  return null;
}

async function decide(
  tx: DbOrTx,
  referral: ReferralRow,
  change: { status: 'refused' | 'clawed_back'; reason: ReferralReason; now: Date },
) {
  await tx
    .update(referrals)
    .set({ status: change.status, reason: change.reason, decidedAt: change.now })
    .where(eq(referrals.id, referral.id));
}

/** Credits the inviter's Mi dinero for a pending referral whose day has come, and tells both. */
async function grantReward(tx: DbOrTx, referral: ReferralRow, insuranceId: number, now: Date) {
  const [[invitee], [inviter]] = await Promise.all([
    tx.select({ name: users.name }).from(users).where(eq(users.id, referral.inviteeUserId)),
    tx.select({ name: users.name }).from(users).where(eq(users.id, referral.inviterUserId)),
  ]);
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
    insuranceId,
    amountCents: REFERRAL_REWARD_CENTS,
    walletMovementId: movement.id,
  });
  await tx.update(referrals).set({ status: 'rewarded', decidedAt: now }).where(eq(referrals.id, referral.id));
  await notify(tx, {
    userId: referral.inviterUserId,
    title: '¡Ganaste un premio por invitar!',
    body: `El primer seguro de ${invitee!.name} pasó el plazo de arrepentimiento: te acreditamos ${amount} en Mi dinero.`,
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

/** What the inviter is told took their reward back. */
const CLAWBACK_CAUSE: Record<ReferralReason, (name: string) => string> = {
  payment_reversed: (name) => `Se revirtió el pago del primer seguro de ${name}`,
  insurance_withdrawn: (name) => `${name} se arrepintió de su primer seguro`,
  insurance_voided: (name) => `El primer seguro de ${name} fue anulado y se le devolvió lo pagado`,
  insurance_ended: (name) => `El primer seguro de ${name} terminó con la devolución de lo pagado`,
  same_dni: (name) => `${name} ya había sido invitado antes`,
  same_device: (name) => `${name} usó un dispositivo de otra persona invitada`,
  same_payment_method: (name) => `${name} pagó con el medio de pago de otra persona invitada`,
  inviter_deleted: (name) => `La invitación de ${name} ya no vale`,
};

/**
 * Takes a credited reward back from the inviter's Mi dinero. When the balance does not cover it, the
 * wallet keeps a negative balance (the inviter's debt) where the wallets module allows it for a
 * `referral_clawback`; otherwise what there is is debited and the rest recorded as outstanding.
 */
async function takeRewardBack(tx: DbOrTx, referral: ReferralRow, reason: ReferralReason, now: Date) {
  const [reward] = await tx
    .select()
    .from(referralRewards)
    .where(eq(referralRewards.referralId, referral.id))
    .for('update');
  if (!reward || reward.clawedBackAt) return;
  const [invitee] = await tx
    .select({ name: users.name })
    .from(users)
    .where(eq(users.id, referral.inviteeUserId));
  const debit = (amountCents: number) =>
    postMovement(tx, {
      userId: referral.inviterUserId,
      kind: 'money',
      amountCents: -amountCents,
      movement: 'referral_clawback',
      description: `Devolución del premio por invitar a ${invitee!.name}`,
    });
  let movement: Awaited<ReturnType<typeof debit>> | null = null;
  let outstanding = 0;
  try {
    movement = await debit(reward.amountCents);
  } catch (error) {
    if (!(error instanceof InsufficientFundsError)) throw error;
    // The balance check runs before any write, so the transaction is still good.
    const [wallet] = await tx
      .select({ balance: wallets.balanceCents })
      .from(wallets)
      .where(and(eq(wallets.userId, referral.inviterUserId), eq(wallets.kind, 'money')));
    const available = Math.max(0, Math.min(reward.amountCents, wallet?.balance ?? 0));
    if (available > 0) movement = await debit(available);
    outstanding = reward.amountCents - available;
  }
  await tx
    .update(referralRewards)
    .set({
      clawedBackAt: now,
      clawbackMovementId: movement?.id ?? null,
      clawbackOutstandingCents: outstanding,
    })
    .where(eq(referralRewards.id, reward.id));
  await decide(tx, referral, { status: 'clawed_back', reason, now });
  await notify(tx, {
    userId: referral.inviterUserId,
    title: 'Descontamos un premio por invitar',
    body: `${CLAWBACK_CAUSE[reason](invitee!.name)}: descontamos de Mi dinero los ${formatArs(reward.amountCents)} del premio.`,
    action: movement
      ? { type: 'WalletMovement', walletId: movement.walletId, walletMovementId: movement.id }
      : { type: 'Referral' },
    key: `referral:${referral.id}:clawback`,
  });
}

/**
 * The invitee's first payment was reversed (`payment_reversed`), or their first insurance withdrawn
 * (`insurance_withdrawn`) or voided (`insurance_voided`): a pending reward is refused, a credited one
 * clawed back from the inviter's Mi dinero. Call it in the transaction that reverses the payment or ends
 * the insurance, after locking the insurance. Anything else (not an invitee's first insurance or payment,
 * already refused or clawed back) changes nothing, so calling it twice is harmless.
 */
export async function clawBackReferralReward(
  tx: DbOrTx,
  input: ({ insuranceId: number } | { paymentId: number }) & { reason: ReferralReason; now?: Date },
): Promise<void> {
  const now = input.now ?? new Date();
  const [referral] = await tx
    .select()
    .from(referrals)
    .where(
      'insuranceId' in input
        ? eq(referrals.insuranceId, input.insuranceId)
        : eq(referrals.paymentId, input.paymentId),
    )
    .for('update');
  if (!referral) return;
  if (referral.status === 'pending') {
    await decide(tx, referral, { status: 'refused', reason: input.reason, now });
  } else if (referral.status === 'rewarded') {
    await takeRewardBack(tx, referral, input.reason, now);
  }
}

export type ReferralSweepResult = { rewarded: number; refused: number; clawedBack: number };

/**
 * Settles one referral the sweep found: grants a pending reward whose day has come while the insurance
 * is in force (or ended by its own calendar), refuses one whose insurance ended before its day, claws
 * back a credited one whose insurance was voided since. Re-checked under the locks.
 */
async function settleReferral(
  db: Db,
  referralId: number,
  now: Date,
): Promise<keyof ReferralSweepResult | null> {
  return db.transaction(async (tx) => {
    const [seen] = await tx
      .select({ insuranceId: referrals.insuranceId })
      .from(referrals)
      .where(eq(referrals.id, referralId));
    if (!seen?.insuranceId) return null;
    const [insurance] = await tx
      .select()
      .from(insurances)
      .where(eq(insurances.id, seen.insuranceId))
      .for('update');
    const [referral] = await tx.select().from(referrals).where(eq(referrals.id, referralId)).for('update');
    if (!insurance || !referral?.dueOn) return null;
    if (referral.status === 'rewarded') {
      const undone = await undoneBy(tx, referral, insurance);
      if (!undone) return null;
      await takeRewardBack(tx, referral, undone, now);
      return 'clawedBack';
    }
    if (referral.status !== 'pending') return null;
    const ended = await endedBeforeDue(tx, { ...referral, dueOn: referral.dueOn }, insurance);
    if (ended) {
      await decide(tx, referral, { status: 'refused', reason: ended, now });
      return 'refused';
    }
    if (todayInArgentina(now) < referral.dueOn) return null;
    // Still pendiente (paid, not started) cannot be past its due day; anything else here was in force on it.
    if (insurance.status === 'pendiente') return null;
    const [inviter] = await tx
      .select({ deletedAt: users.deletedAt })
      .from(users)
      .where(eq(users.id, referral.inviterUserId));
    // An inviter who deleted the account (decision 016) has no wallet to credit any more.
    if (!inviter || inviter.deletedAt) {
      await decide(tx, referral, { status: 'refused', reason: 'inviter_deleted', now });
      return 'refused';
    }
    await grantReward(tx, referral, insurance.id, now);
    return 'rewarded';
  });
}

/**
 * The referral job: every pending referral that is due or whose insurance has closed, and every credited
 * one whose insurance was voided since, each in its own transaction. One that fails does not stop the
 * others; the sweep then throws so that its job is retried.
 */
export async function sweepReferralRewards(
  db: Db,
  options: { now?: Date; batchSize?: number } = {},
): Promise<ReferralSweepResult> {
  const now = options.now ?? new Date();
  const today = todayInArgentina(now);
  const batchSize = options.batchSize ?? 200;
  const result: ReferralSweepResult = { rewarded: 0, refused: 0, clawedBack: 0 };
  const failures: unknown[] = [];
  let afterId = 0;
  for (;;) {
    const due = await db
      .select({ id: referrals.id })
      .from(referrals)
      .innerJoin(insurances, eq(insurances.id, referrals.insuranceId))
      .leftJoin(payments, eq(payments.id, referrals.paymentId))
      .where(
        and(
          gt(referrals.id, afterId),
          or(
            and(
              eq(referrals.status, 'pending'),
              or(
                lte(referrals.dueOn, today),
                inArray(insurances.status, ['anulado', 'invalido', 'cancelado']),
              ),
            ),
            and(
              eq(referrals.status, 'rewarded'),
              or(inArray(insurances.status, ['anulado', 'invalido']), isNotNull(payments.reversedAt)),
            ),
          ),
        ),
      )
      .orderBy(referrals.id)
      .limit(batchSize);
    for (const { id } of due) {
      try {
        const outcome = await settleReferral(db, id, now);
        if (outcome) result[outcome] += 1;
      } catch (error) {
        failures.push(error);
      }
    }
    if (due.length < batchSize) break;
    afterId = due[due.length - 1]!.id;
  }
  if (failures.length > 0) {
    throw new AggregateError(failures, `${failures.length} referral(s) could not be settled`);
  }
  return result;
}

export const REFERRAL_SWEEP_JOB = 'referrals.rewards-sweep';
export const REFERRAL_SWEEP_EVERY_MS = 5 * 60_000;

/** The outbox jobs of this module, started by the server's worker. */
export const referralJobs: JobHandlers = {
  [REFERRAL_SWEEP_JOB]: {
    everyMs: REFERRAL_SWEEP_EVERY_MS,
    async run(_payload, { db, now, log }) {
      const settled = await sweepReferralRewards(db, { now });
      if (Object.values(settled).some((n) => n > 0)) log.info({ settled }, 'referral rewards settled');
    },
  },
};
