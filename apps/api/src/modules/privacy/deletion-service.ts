/**
 * Account deletion started by the customer (decision 016; DOMAIN.md "Deleting an account"): what still
 * stops it, and the deletion itself in one transaction. Sessions are revoked (the database tells every
 * instance's session cache, migration 0015), push devices removed, personal data anonymised, open
 * processes ended; contracts, invoices, credit notes, payments and wallet movements stay, because the law
 * makes us keep them (Ley 25.326 art. 16 inc. 5: suppression does not apply where a legal duty to keep the
 * data exists). The address is freed: the same e-mail can register again as a new account.
 */
import { type AccountDeletionCheck, FRESH_SIGN_IN_MINUTES, formatArs } from '@cubierto/contracts';
import { verify } from '@node-rs/argon2';
import { and, eq, gt, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import {
  claims,
  entities,
  entityInvitations,
  entityProfiles,
  files,
  imports,
  insuranceProcesses,
  insurances,
  invoiceProfiles,
  notificationUsers,
  passwordResets,
  payments,
  places,
  pushSubscriptions,
  referralCodes,
  referralRewards,
  referrals,
  sessions,
  socialIdentities,
  userEntities,
  users,
  wallets,
} from '../../db/schema/index.ts';
import { AppError, validationError } from '../../lib/errors.ts';
import { escapeHtml, type Mailer } from '../../lib/mail.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { Storage } from '../../lib/storage.ts';
import { newToken } from '../../lib/tokens.ts';
import type { SessionCache } from '../auth/session-cache.ts';
import { revokeAllSessions } from '../auth/sessions.ts';
import { voidUnpaidInsurancesOf } from '../insurances/status.ts';

/** What an anonymised account shows where its name used to be. */
export const DELETED_NAME = 'Cuenta eliminada';
/** RFC 2606 reserves `.invalid`: the placeholder can never receive mail, and it frees the real address. */
const DELETED_EMAIL_DOMAIN = 'cuenta-eliminada.invalid';
/** A provider payment still pending this long may yet be approved (an unpaid contract waits 72 h too). */
const PENDING_PAYMENT_WINDOW_MS = 72 * 3_600_000;
/** Wrong passwords allowed per account and window before the deletion refuses for a while. */
const PASSWORD_ATTEMPTS = { max: 5, windowSeconds: 15 * 60 };

export const RETENTION_NOTE =
  'Guardamos, sin usarlos para nada más, tus contratos, facturas, notas de crédito, pagos y movimientos de dinero durante 10 años, porque la ley nos obliga (Código Civil y Comercial art. 328, Ley 11.683 y las normas de la Superintendencia de Seguros de la Nación).';

type Blocker = AccountDeletionCheck['blockers'][number];

function plural(n: number, one: string, many: string) {
  return n === 1 ? one : many;
}

/**
 * Everything that must be settled first, read under row locks when `tx` is a transaction that will
 * delete: the wallets and the insurances in force are locked, so money or cover cannot appear between
 * the check and the deletion.
 */
async function findBlockers(db: DbOrTx, userId: number, now: Date, lock: boolean): Promise<Blocker[]> {
  const blockers: Blocker[] = [];
  const inForceQuery = db
    .select({ number: insurances.number })
    .from(insurances)
    .where(
      and(
        eq(insurances.userId, userId),
        or(
          eq(insurances.status, 'vigente'),
          and(eq(insurances.status, 'pendiente'), isNotNull(insurances.paidAt)),
        ),
      ),
    )
    .orderBy(insurances.id);
  const inForce = lock ? await inForceQuery.for('update') : await inForceQuery;
  if (inForce.length > 0) {
    const numbers = inForce.map((row) => row.number).join(', ');
    blockers.push({
      code: 'insurance_in_force',
      message: `${plural(inForce.length, 'Tenés un seguro vigente', `Tenés ${inForce.length} seguros vigentes`)} (${numbers}). ${plural(inForce.length, 'Dalo', 'Dalos')} de baja en Mis contrataciones; cuando ${plural(inForce.length, 'termine', 'terminen')}, vas a poder eliminar tu cuenta.`,
    });
  }
  const open = await db
    .select({ id: claims.id })
    .from(claims)
    .where(and(eq(claims.userId, userId), inArray(claims.status, ['recibido', 'en_revision', 'aprobado'])));
  if (open.length > 0) {
    blockers.push({
      code: 'claim_open',
      message: `${plural(open.length, 'Tenés un reclamo abierto', `Tenés ${open.length} reclamos abiertos`)}. Esperá a que se resuelva para eliminar tu cuenta.`,
    });
  }
  const walletQuery = db
    .select({ kind: wallets.kind, balance: wallets.balanceCents })
    .from(wallets)
    .where(eq(wallets.userId, userId));
  for (const wallet of lock ? await walletQuery.for('update') : await walletQuery) {
    if (wallet.balance === 0) continue;
    // A debt (a reversal the balance did not cover) blocks it too: it would be lost with the account.
    const name = wallet.kind === 'money' ? 'Mi dinero' : 'Mi crédito';
    if (wallet.balance < 0) {
      blockers.push({
        code: wallet.kind === 'money' ? 'money_balance' : 'credit_balance',
        message: `Debés ${formatArs(-wallet.balance)} en ${name} por un pago que el medio de pago revirtió. Cuando ingreses ese dinero vas a poder eliminar tu cuenta.`,
      });
      continue;
    }
    blockers.push(
      wallet.kind === 'money'
        ? {
            code: 'money_balance',
            message: `Tenés ${formatArs(wallet.balance)} en Mi dinero. Usalo para pagar un seguro o pedinos la devolución a tu cuenta bancaria desde Ayuda; con el saldo en cero vas a poder eliminar tu cuenta.`,
          }
        : {
            code: 'credit_balance',
            message: `Tenés ${formatArs(wallet.balance)} en Mi crédito. Usalo para contratar seguros o pedinos la devolución desde Ayuda; con el saldo en cero vas a poder eliminar tu cuenta.`,
          },
    );
  }
  const [pending] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.userId, userId),
        eq(payments.status, 'pending'),
        inArray(payments.method, ['sandbox', 'mercadopago', 'uala']),
        gt(payments.createdAt, new Date(now.getTime() - PENDING_PAYMENT_WINDOW_MS)),
      ),
    )
    .limit(1);
  if (pending) {
    blockers.push({
      code: 'payment_in_progress',
      message:
        'Tenés un pago en proceso. Esperá a que se acredite o se rechace (puede tardar hasta 72 horas) para eliminar tu cuenta.',
    });
  }
  const others = db
    .select({ n: sql`1` })
    .from(userEntities)
    .where(and(eq(userEntities.entityId, entities.id), ne(userEntities.userId, userId)));
  const otherOwners = db
    .select({ n: sql`1` })
    .from(userEntities)
    .where(
      and(
        eq(userEntities.entityId, entities.id),
        ne(userEntities.userId, userId),
        eq(userEntities.role, 'owner'),
      ),
    );
  const businesses = await db
    .select({ name: entities.name })
    .from(userEntities)
    .innerJoin(entities, eq(entities.id, userEntities.entityId))
    .where(
      and(
        eq(userEntities.userId, userId),
        eq(userEntities.role, 'owner'),
        eq(entities.kind, 'business'),
        sql`exists (${others})`,
        sql`not exists (${otherOwners})`,
      ),
    );
  if (businesses.length > 0) {
    blockers.push({
      code: 'business_members',
      message: `Sos el único titular de ${businesses.map((b) => b.name).join(', ')} y tiene otros miembros. Quitalos en el Centro de negocios para eliminar tu cuenta.`,
    });
  }
  return blockers;
}

async function accountOf(db: DbOrTx, userId: number) {
  const [user] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      passwordHash: users.passwordHash,
      entityId: users.entityId,
      placeId: users.placeId,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user || user.deletedAt) throw new AppError('unauthenticated');
  return user;
}

async function signedInRecently(db: DbOrTx, sessionId: number, now: Date): Promise<boolean> {
  const [session] = await db
    .select({ createdAt: sessions.createdAt })
    .from(sessions)
    .where(eq(sessions.id, sessionId));
  return !!session && now.getTime() - session.createdAt.getTime() <= FRESH_SIGN_IN_MINUTES * 60_000;
}

/** What the deletion dialog shows before the customer confirms. */
export async function checkAccountDeletion(
  deps: { db: Db },
  input: { userId: number; sessionId: number; now?: Date },
): Promise<AccountDeletionCheck> {
  const { db } = deps;
  const now = input.now ?? new Date();
  const user = await accountOf(db, input.userId);
  return {
    requires_password: user.passwordHash !== null,
    recent_sign_in: await signedInRecently(db, input.sessionId, now),
    blockers: await findBlockers(db, input.userId, now, false),
  };
}

/**
 * Re-authentication: the current password, or, for an account that signs in only with Google, Apple or
 * Facebook, a sign-in made within the last minutes (the provider just confirmed who it is).
 */
async function reauthenticate(
  deps: { db: Db; rateLimiter: RateLimiter },
  user: { id: number; passwordHash: string | null },
  input: { sessionId: number; password: string | undefined; now: Date },
) {
  if (user.passwordHash === null) {
    if (!(await signedInRecently(deps.db, input.sessionId, input.now)))
      throw new AppError('recent_sign_in_required', {
        message: `Por seguridad, volvé a iniciar sesión y eliminá tu cuenta dentro de los ${FRESH_SIGN_IN_MINUTES} minutos.`,
      });
    return;
  }
  if (!input.password) throw validationError({ password: ['Ingresá tu contraseña.'] });
  const key = `delete-account:${user.id}`;
  const limit = await deps.rateLimiter.hit(key, PASSWORD_ATTEMPTS.max, PASSWORD_ATTEMPTS.windowSeconds);
  if (!limit.allowed)
    throw new AppError('too_many_requests', { headers: { 'retry-after': String(limit.retryAfterSeconds) } });
  if (!(await verify(user.passwordHash, input.password).catch(() => false)))
    throw validationError({ password: ['La contraseña no es correcta.'] });
  await deps.rateLimiter.reset(key);
}

/**
 * The personal entity stays as it is when a kept record needs to say who was insured or who claimed
 * (a paid insurance, a claim, an import); otherwise its name and document are replaced.
 */
async function personalEntityIsKept(tx: DbOrTx, entityId: number): Promise<boolean> {
  const [insured] = await tx
    .select({ id: insurances.id })
    .from(insurances)
    .where(
      and(
        or(eq(insurances.takerEntityId, entityId), eq(insurances.billingEntityId, entityId)),
        isNotNull(insurances.paidAt),
      ),
    )
    .limit(1);
  if (insured) return true;
  const [claimed] = await tx
    .select({ id: claims.id })
    .from(claims)
    .where(eq(claims.entityId, entityId))
    .limit(1);
  if (claimed) return true;
  const [imported] = await tx
    .select({ id: imports.id })
    .from(imports)
    .where(eq(imports.entityId, entityId))
    .limit(1);
  return !!imported;
}

export type DeletedAccount = { userId: number; email: string; name: string; avatarKeys: string[] };

/** Everything the deletion changes, in the caller's transaction; throws when something must be settled first. */
async function anonymiseAccount(
  tx: DbOrTx,
  user: Awaited<ReturnType<typeof accountOf>>,
  now: Date,
): Promise<DeletedAccount> {
  const userId = user.id;
  const blockers = await findBlockers(tx, userId, now, true);
  if (blockers.length > 0)
    throw new AppError('account_deletion_blocked', {
      message: blockers.map((b) => b.message).join(' '),
      validations: Object.fromEntries(blockers.map((b) => [b.code, [b.message]])),
    });

  // Sign-in ends everywhere at once: the sessions' trigger tells every instance's cache at commit.
  await revokeAllSessions(tx, userId, now);
  await tx.delete(passwordResets).where(eq(passwordResets.userId, userId));
  await tx.delete(socialIdentities).where(eq(socialIdentities.userId, userId));
  await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  await tx.delete(notificationUsers).where(eq(notificationUsers.userId, userId));

  // What was still open ends: processes are discarded with their answers, unpaid contracts voided
  // (nothing was paid, so nothing is refunded, as after 72 h unpaid).
  await tx
    .update(insuranceProcesses)
    .set({ status: 'discarded', answers: {}, updatedAt: now })
    .where(and(eq(insuranceProcesses.userId, userId), ne(insuranceProcesses.status, 'completed')));
  await voidUnpaidInsurancesOf(tx, userId, now);

  // Invitations: the code stops working; a referral without a reward keeps no DNI (a paid reward is a
  // movement's record and stays whole).
  await tx.delete(referralCodes).where(eq(referralCodes.userId, userId));
  const rewarded = tx.select({ id: referralRewards.referralId }).from(referralRewards);
  await tx
    .update(referrals)
    .set({ inviteeDni: sql`'eliminado-' || ${referrals.id}` })
    .where(and(eq(referrals.inviteeUserId, userId), sql`${referrals.id} not in (${rewarded})`));

  // Businesses: pending invitations sent by the customer are withdrawn; the customer leaves every
  // entity, and a business nobody acts for any more keeps no contact person.
  await tx
    .delete(entityInvitations)
    .where(and(eq(entityInvitations.invitedBy, userId), isNull(entityInvitations.acceptedAt)));
  const left = await tx
    .delete(userEntities)
    .where(eq(userEntities.userId, userId))
    .returning({ entityId: userEntities.entityId });
  const leftIds = left.map((row) => row.entityId);
  if (leftIds.length > 0) {
    const stillUsed = tx
      .select({ n: sql`1` })
      .from(userEntities)
      .where(eq(userEntities.entityId, entityProfiles.entityId));
    await tx
      .update(entityProfiles)
      .set({ contactName: null, contactEmail: null, contactPhone: null, updatedAt: now })
      .where(and(inArray(entityProfiles.entityId, leftIds), sql`not exists (${stillUsed})`));
  }

  await tx.delete(invoiceProfiles).where(eq(invoiceProfiles.userId, userId));

  const placeIds: number[] = user.placeId ? [user.placeId] : [];
  if (user.entityId && !(await personalEntityIsKept(tx, user.entityId))) {
    const [entity] = await tx
      .update(entities)
      .set({ name: DELETED_NAME, documentNumber: 'eliminado', taxCondition: null, placeId: null })
      .where(and(eq(entities.id, user.entityId), eq(entities.kind, 'person')))
      .returning({ id: entities.id });
    if (entity) await tx.delete(entityProfiles).where(eq(entityProfiles.entityId, entity.id));
  }

  const avatars = await tx
    .select({ id: files.id, key: files.storageKey })
    .from(files)
    .where(and(eq(files.ownerUserId, userId), eq(files.kind, 'avatar')));
  await tx
    .update(users)
    .set({
      name: DELETED_NAME,
      email: `eliminada-${userId}-${newToken().slice(0, 12).toLowerCase()}@${DELETED_EMAIL_DOMAIN}`,
      passwordHash: null,
      avatarFileId: null,
      placeId: null,
      contextId: null,
      deletedAt: now,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
  if (avatars.length > 0)
    await tx.delete(files).where(
      inArray(
        files.id,
        avatars.map((a) => a.id),
      ),
    );
  for (const placeId of placeIds) {
    const usedByUser = tx.select({ n: sql`1` }).from(users).where(eq(users.placeId, places.id));
    const usedByEntity = tx.select({ n: sql`1` }).from(entities).where(eq(entities.placeId, places.id));
    await tx
      .delete(places)
      .where(and(eq(places.id, placeId), sql`not exists (${usedByUser})`, sql`not exists (${usedByEntity})`));
  }
  return { userId, email: user.email, name: user.name, avatarKeys: avatars.map((a) => a.key) };
}

/**
 * Deletes the caller's account: re-authenticated, then one transaction; afterwards the avatar files go
 * (through the storage interface, so a rolled-back deletion never loses them) and a confirmation mail is
 * sent to the address the account had. A failed mail or file removal is logged, never undoes the deletion.
 */
export async function deleteAccount(
  deps: {
    db: Db;
    rateLimiter: RateLimiter;
    storage: Storage;
    mailer: Mailer;
    sessions: Pick<SessionCache, 'evict'>;
    log: { error(obj: object, msg: string): void };
  },
  input: { userId: number; sessionId: number; password: string | undefined; now?: Date },
): Promise<DeletedAccount> {
  const now = input.now ?? new Date();
  const user = await accountOf(deps.db, input.userId);
  await reauthenticate(deps, user, { sessionId: input.sessionId, password: input.password, now });
  const deleted = await deps.db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, input.userId), isNull(users.deletedAt)))
      .for('update');
    if (!locked) throw new AppError('unauthenticated');
    return anonymiseAccount(tx, await accountOf(tx, input.userId), now);
  });
  // Other instances hear it from the database (migration 0015); this one forgets before answering.
  deps.sessions.evict(`user:${input.userId}`);
  for (const key of deleted.avatarKeys) {
    await deps.storage
      .remove(key)
      .catch((error: unknown) => deps.log.error({ err: error, key }, 'account deletion: avatar not removed'));
  }
  await deps.mailer
    .send(deletionMail(deleted))
    .catch((error: unknown) =>
      deps.log.error({ err: error }, 'account deletion: confirmation mail not sent'),
    );
  return deleted;
}

function deletionMail(deleted: DeletedAccount) {
  const lines = [
    `Hola ${deleted.name}:`,
    'Eliminamos tu cuenta de Cubierto como nos pediste. Cerramos todas tus sesiones, dejamos de enviarte notificaciones y borramos tus datos personales: nombre, email, foto, domicilio y datos de facturación.',
    RETENTION_NOTE,
    'Si querés volver, podés crear una cuenta nueva con este mismo email cuando quieras.',
    'Si no fuiste vos, escribinos ya a privacidad@cubierto.com.ar.',
    'Cubierto',
  ];
  return {
    to: deleted.email,
    subject: 'Eliminamos tu cuenta de Cubierto',
    text: lines.join('\n\n'),
    html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join(''),
  };
}
