/**
 * Accounts: the account itself (user + personal entity in one transaction; a password registration
 * reaches it through its e-mailed code, registration.ts), password sign-in with rate limits per IP and
 * per IP and e-mail, password reset by e-mailed link, social sign-in.
 */
import {
  documentTakenMessage,
  type RegisterBody,
  type SocialProvider,
  TERMS_VERSION,
} from '@cubierto/contracts';
import { hash, verify } from '@node-rs/argon2';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { entities, passwordResets, socialIdentities, userEntities, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { escapeHtml, type Mailer } from '../../lib/mail.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { linkReferral } from '../referrals/service.ts';
import type { SessionCache } from './session-cache.ts';
import {
  createSession,
  type IssuedToken,
  isKnownDevice,
  revokeAllSessions,
  revokeSession,
} from './sessions.ts';
import type { SocialProfile, SocialVerifier } from './social.ts';

/** OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane. */
const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
const RESET_TTL_MS = 60 * 60 * 1000;

/** A hash to verify against when the e-mail is unknown, so timing does not reveal which e-mails exist. */
let dummyHash: Promise<string> | null = null;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

export async function findUserByEmail(db: DbOrTx, email: string) {
  const rows = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return rows[0] ?? null;
}

/** The accepted terms and privacy policy an account is created with: when, and which version. */
export type TermsAcceptance = { acceptedAt: Date; version: string };

/** Acceptance given now, of the version the form shows. */
export const acceptedNow = (): TermsAcceptance => ({ acceptedAt: new Date(), version: TERMS_VERSION });

/** Whether an account not deleted already has this DNI as its own person's document. */
export async function isDniTaken(db: DbOrTx, dni: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(entities, eq(entities.id, users.entityId))
    .where(
      and(
        eq(entities.documentType, 'DNI'),
        eq(entities.documentNumber, dni),
        eq(entities.kind, 'person'),
        isNull(users.deletedAt),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Refuses a registration whose DNI is already another account's (document_taken, under the DNI field). */
export async function refuseTakenDni(db: DbOrTx, dni: string): Promise<void> {
  if (await isDniTaken(db, dni))
    throw new AppError('document_taken', { validations: { dni: [documentTakenMessage] } });
}

export type SessionOptions = {
  sessionDays: number;
  userAgent?: string | undefined;
  deviceId?: string | undefined;
};

/**
 * Registration completed by a verified provider token: the account at once (the provider proved the
 * e-mail, which must be the one typed).
 */
export async function registerWithSocial(
  deps: { db: Db; social: SocialVerifier; config: Pick<Config, 'sessionDays'> },
  input: RegisterBody & { userAgent?: string | undefined; deviceId?: string | undefined },
): Promise<IssuedToken> {
  if (!input.social || !input.social_token)
    throw new AppError('validation_failed', {
      validations: { social: ['Falta el proveedor o su token.'] },
    });
  const socialProfile = await deps.social.verify(input.social, input.social_token);
  if (socialProfile.email?.toLowerCase() !== input.email) {
    throw new AppError('validation_failed', {
      validations: { email: ['El email debe ser el de tu cuenta del proveedor.'] },
    });
  }
  const options: SessionOptions = {
    sessionDays: deps.config.sessionDays,
    userAgent: input.userAgent,
    deviceId: input.deviceId,
  };
  const passwordHash = await hashPassword(input.password);
  return deps.db.transaction((tx) =>
    createAccount(
      tx,
      {
        name: input.name,
        email: input.email,
        dni: input.dni,
        passwordHash,
        referralCode: input.referral_code,
        socialProfile,
        terms: acceptedNow(),
      },
      options,
    ),
  );
}

/**
 * Writes a person's account: their entity (DNI, consumidor final), the user acting for it and taking out
 * insurance as it, and the user's ownership of it. Answers nothing when the e-mail is already taken (the
 * entity written stays for the caller's transaction to roll back). The demo customer is written the same way.
 */
export async function insertPersonAccount(
  tx: DbOrTx,
  input: {
    name: string;
    email: string;
    dni: string;
    passwordHash: string | null;
    contextId?: number | null;
    terms?: TermsAcceptance | undefined;
  },
): Promise<{ id: number } | undefined> {
  const [entity] = await tx
    .insert(entities)
    .values({
      kind: 'person',
      name: input.name,
      documentType: 'DNI',
      documentNumber: input.dni,
      taxCondition: 'consumidor_final',
    })
    .returning({ id: entities.id });
  const [user] = await tx
    .insert(users)
    .values({
      name: input.name,
      email: input.email,
      passwordHash: input.passwordHash,
      entityId: entity!.id,
      takerEntityId: entity!.id,
      contextId: input.contextId ?? null,
      termsAcceptedAt: input.terms?.acceptedAt ?? null,
      termsVersion: input.terms?.version ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (user) await tx.insert(userEntities).values({ userId: user.id, entityId: entity!.id, role: 'owner' });
  return user;
}

/**
 * The user with its personal entity, its referral link and its first session, inside the caller's
 * transaction (a refused referral code leaves nothing behind).
 */
export async function createAccount(
  tx: DbOrTx,
  input: {
    name: string;
    email: string;
    dni: string;
    passwordHash: string;
    referralCode?: string | null | undefined;
    socialProfile?: SocialProfile | undefined;
    terms: TermsAcceptance;
  },
  options: SessionOptions,
): Promise<IssuedToken> {
  // One registration of a DNI at a time (two at once: the second waits, then finds the first's account).
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`registration-dni:${input.dni}`}))`);
  await refuseTakenDni(tx, input.dni);
  if (await findUserByEmail(tx, input.email))
    throw new AppError('email_taken', { validations: { email: ['Ya existe una cuenta con ese email.'] } });
  const user = await insertPersonAccount(tx, input);
  if (!user)
    throw new AppError('email_taken', { validations: { email: ['Ya existe una cuenta con ese email.'] } });
  if (input.referralCode)
    await linkReferral(tx, {
      inviteeUserId: user.id,
      inviteeDni: input.dni,
      code: input.referralCode,
      deviceId: options.deviceId,
    });
  if (input.socialProfile) {
    await tx.insert(socialIdentities).values({
      userId: user.id,
      provider: input.socialProfile.provider,
      subject: input.socialProfile.subject,
      email: input.socialProfile.email,
    });
  }
  return createSession(tx, { userId: user.id, ...options });
}

/** A Retry-After in seconds as a person reads it: '1 minuto', '15 minutos'. */
export function minutesText(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}`;
}

/**
 * Password sign-in. Wrong passwords lock the e-mail for the IP they come from (LOGIN_MAX_PER_EMAIL per
 * IP and e-mail, LOGIN_MAX_PER_IP per IP across e-mails): the attacker waits, the owner elsewhere does
 * not. A device that has signed in to the account before still gets in with the right password while
 * the lock holds. The 429 points to password recovery.
 */
export async function loginWithPassword(
  deps: { db: Db; rateLimiter: RateLimiter; config: Pick<Config, 'loginLimits' | 'sessionDays'> },
  input: {
    email: string;
    password: string;
    ip: string;
    userAgent?: string | undefined;
    deviceId?: string | undefined;
  },
): Promise<IssuedToken> {
  const { perIp, perEmail, windowSeconds } = deps.config.loginLimits;
  const email = input.email.toLowerCase();
  const lockKey = `login:ip-email:${input.ip}:${email}`;
  const byIp = await deps.rateLimiter.hit(`login:ip:${input.ip}`, perIp, windowSeconds);
  const byIpAndEmail = await deps.rateLimiter.hit(lockKey, perEmail, windowSeconds);
  const user = await findUserByEmail(deps.db, email);
  if (!byIp.allowed || !byIpAndEmail.allowed) {
    const ownDevice =
      input.deviceId !== undefined &&
      user?.passwordHash != null &&
      (await isKnownDevice(deps.db, user.id, input.deviceId)) &&
      (await verify(user.passwordHash, input.password).catch(() => false));
    if (!ownDevice) {
      const retry = Math.max(
        byIp.allowed ? 0 : byIp.retryAfterSeconds,
        byIpAndEmail.allowed ? 0 : byIpAndEmail.retryAfterSeconds,
      );
      throw new AppError('too_many_requests', {
        message: `Demasiados intentos de inicio de sesión. Probá de nuevo en ${minutesText(retry)} o recuperá tu contraseña.`,
        headers: { 'retry-after': String(retry) },
      });
    }
  } else {
    if (!user?.passwordHash) {
      dummyHash ??= hashPassword(newToken());
      await verify(await dummyHash, input.password).catch(() => false);
      throw new AppError('invalid_credentials');
    }
    const ok = await verify(user.passwordHash, input.password).catch(() => false);
    if (!ok) throw new AppError('invalid_credentials');
  }
  // Both branches end here only with the right password.
  const account = user!;
  if (account.lockedAt)
    throw new AppError('account_locked', {
      message: 'Tu cuenta está bloqueada. Escribinos a Ayuda para recuperarla.',
    });
  await deps.rateLimiter.reset(lockKey);
  return createSession(deps.db, {
    userId: account.id,
    sessionDays: deps.config.sessionDays,
    userAgent: input.userAgent,
    deviceId: input.deviceId,
  });
}

/** Always answers the same, whether or not the e-mail has an account (no account enumeration). */
export async function requestPasswordReset(
  deps: {
    db: Db;
    mailer: Mailer;
    rateLimiter: RateLimiter;
    config: Pick<Config, 'publicUrl' | 'mailMaxPerEmail'>;
  },
  email: string,
): Promise<void> {
  // At most MAIL_MAX_PER_EMAIL links an hour to one mailbox; past it nothing is sent, the answer is the same.
  const perEmail = await deps.rateLimiter.hit(
    `mail:reset:${email.toLowerCase()}`,
    deps.config.mailMaxPerEmail,
    3600,
  );
  if (!perEmail.allowed) return;
  const user = await findUserByEmail(deps.db, email);
  if (!user) return;
  const token = newToken();
  await deps.db.insert(passwordResets).values({
    userId: user.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + RESET_TTL_MS),
  });
  const link = `${deps.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  await deps.mailer.send({
    to: user.email,
    subject: 'Restablecé tu contraseña de Cubierto',
    text: `Hola ${user.name}:\n\nPara elegir una nueva contraseña entrá a este enlace (vence en 1 hora):\n${link}\n\nSi no lo pediste, ignorá este mensaje.\n\nCubierto`,
    html: `<p>Hola ${escapeHtml(user.name)}:</p><p>Para elegir una nueva contraseña entrá a este enlace (vence en 1 hora):</p><p><a href="${link}">Restablecer contraseña</a></p><p>Si no lo pediste, ignorá este mensaje.</p><p>Cubierto</p>`,
  });
}

/**
 * Sets the new password, spends the link and every other link of the account still open (an older mail
 * must not reset the password again), and ends every session of the user; resolves to the user's id.
 */
/**
 * Sets the new password from a mailed link and ends every session of the account: other instances hear
 * it from the database, this one forgets them before answering.
 */
export async function resetPassword(
  deps: SessionDeps,
  input: { token: string; password: string },
): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  const userId = await deps.db.transaction(async (tx) => {
    const [reset] = await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResets.tokenHash, hashToken(input.token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, new Date()),
        ),
      )
      .returning({ userId: passwordResets.userId });
    if (!reset)
      throw new AppError('invalid_token', {
        validations: { token: ['El enlace no es válido o ya venció. Pedí uno nuevo.'] },
      });
    await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.userId, reset.userId), isNull(passwordResets.usedAt)));
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, reset.userId));
    await revokeAllSessions(tx, reset.userId);
    return reset.userId;
  });
  deps.sessions.evict(`user:${userId}`);
}

export type SocialLoginResult =
  | { kind: 'session'; token: IssuedToken }
  | { kind: 'unregistered'; email: string; message: string };

/**
 * Signs in with a verified provider identity: by the identity itself, else by its verified e-mail
 * (linking the identity). An e-mail with no account answers {email, message}: the app completes registration.
 */
export async function loginWithSocial(
  deps: { db: Db; social: SocialVerifier; config: Pick<Config, 'sessionDays'> },
  input: {
    provider: SocialProvider;
    token: string;
    userAgent?: string | undefined;
    deviceId?: string | undefined;
  },
): Promise<SocialLoginResult> {
  const profile = await deps.social.verify(input.provider, input.token);
  const linked = await deps.db
    .select({ userId: socialIdentities.userId })
    .from(socialIdentities)
    .where(
      and(eq(socialIdentities.provider, profile.provider), eq(socialIdentities.subject, profile.subject)),
    )
    .limit(1);
  let userId = linked[0]?.userId;
  if (!userId && profile.email) {
    const user = await findUserByEmail(deps.db, profile.email);
    if (user) {
      userId = user.id;
      await deps.db
        .insert(socialIdentities)
        .values({
          userId: user.id,
          provider: profile.provider,
          subject: profile.subject,
          email: profile.email,
        })
        .onConflictDoNothing();
    }
  }
  if (!userId) {
    if (!profile.email)
      throw new AppError('social_token_invalid', {
        message: 'El proveedor no compartió tu email. Registrate con email y contraseña.',
      });
    return {
      kind: 'unregistered',
      email: profile.email,
      message: 'Completá tus datos para terminar de crear tu cuenta.',
    };
  }
  // A locked account is refused here as with a password: its session would be refused on every call.
  const [account] = await deps.db
    .select({ lockedAt: users.lockedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (account?.lockedAt) throw new AppError('account_locked');
  return {
    kind: 'session',
    token: await createSession(deps.db, {
      userId,
      sessionDays: deps.config.sessionDays,
      userAgent: input.userAgent,
      deviceId: input.deviceId,
    }),
  };
}

type SessionDeps = { db: Db; sessions: Pick<SessionCache, 'evict'> };

/**
 * A new token for the same user; the old one stops working at once: other instances hear it from the
 * database, this one forgets it before answering.
 */
export async function refreshSession(
  deps: SessionDeps & { config: Pick<Config, 'sessionDays'> },
  input: { userId: number; sessionId: number; userAgent?: string | undefined },
): Promise<IssuedToken> {
  const token = await deps.db.transaction(async (tx) => {
    await revokeSession(tx, input.sessionId);
    return createSession(tx, {
      userId: input.userId,
      sessionDays: deps.config.sessionDays,
      userAgent: input.userAgent,
    });
  });
  deps.sessions.evict(`session:${input.sessionId}`);
  return token;
}

/** Signs out: the session stops working at once, here and on every other instance. */
export async function endSession(deps: SessionDeps, input: { sessionId: number }): Promise<void> {
  await revokeSession(deps.db, input.sessionId);
  deps.sessions.evict(`session:${input.sessionId}`);
}
