/**
 * Registration with a password, confirmed by a 6-digit code mailed to the address (decision 019).
 * `startRegistration` answers the same for a new and an existing e-mail: a new one gets a code (the form
 * waits as a pending registration, password already hashed), an existing one's owner gets a warning with
 * links to sign in and to recover the password. `confirmRegistration` creates the account as a social
 * registration does, from the pending one, once.
 */
import { randomInt } from 'node:crypto';
import { type RegisterBody, TERMS_VERSION } from '@cubierto/contracts';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { pendingRegistrations } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { escapeHtml, type Mailer } from '../../lib/mail.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { hashToken } from '../../lib/tokens.ts';
import { checkReferralCode } from '../referrals/service.ts';
import {
  createAccount,
  findUserByEmail,
  hashPassword,
  refuseTakenDni,
  type SessionOptions,
} from './service.ts';
import type { IssuedToken } from './sessions.ts';

const CODE_TTL_MINUTES = 30;
/** Wrong codes a pending registration takes before it needs a new one. */
export const MAX_CODE_ATTEMPTS = 5;
const HOUR_SECONDS = 3600;

type RegistrationDeps = {
  db: Db;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  config: Pick<Config, 'publicUrl' | 'mailMaxPerEmail'>;
};

const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');
/** The code's stored form, bound to its e-mail (the same code for another address is another hash). */
const codeHash = (email: string, code: string) => hashToken(`registration:${email}:${code}`);
const deviceHashOf = (deviceId: string | undefined) => (deviceId ? hashToken(deviceId) : null);
/** The pending registration of this e-mail started from this device (or from no device, by an API client). */
const sameRegistration = (email: string, deviceId: string | undefined) =>
  and(
    sql`lower(${pendingRegistrations.email}) = ${email.toLowerCase()}`,
    sql`coalesce(${pendingRegistrations.deviceHash}, '') = ${deviceHashOf(deviceId) ?? ''}`,
  );

/**
 * Mails to one address are limited per hour (MAIL_MAX_PER_EMAIL): a stranger cannot flood a mailbox by
 * registering it again and again. Over the limit nothing is sent, and the answer stays the same.
 */
async function mayMail(deps: RegistrationDeps, email: string): Promise<boolean> {
  const limit = await deps.rateLimiter.hit(
    `mail:register:${email.toLowerCase()}`,
    deps.config.mailMaxPerEmail,
    HOUR_SECONDS,
  );
  return limit.allowed;
}

export async function startRegistration(
  deps: RegistrationDeps,
  input: Pick<RegisterBody, 'name' | 'email' | 'password' | 'dni' | 'referral_code'> & {
    deviceId?: string | undefined;
  },
): Promise<void> {
  if (input.referral_code)
    await checkReferralCode(deps.db, { code: input.referral_code, inviteeDni: input.dni });
  // Said at once, under the DNI field (checked again, locked, when the account is created).
  await refuseTakenDni(deps.db, input.dni);
  // Hashed for a known e-mail too, so the answer takes as long either way.
  const passwordHash = await hashPassword(input.password);
  const owner = await findUserByEmail(deps.db, input.email);
  if (!(await mayMail(deps, input.email))) return;
  if (owner) {
    await mailRegistrationAttempt(deps, { to: owner.email, name: owner.name });
    return;
  }
  const code = newCode();
  const expiresAt = new Date(Date.now() + CODE_TTL_MINUTES * 60_000);
  await deps.db.execute(sql`
    insert into ${pendingRegistrations}
      (email, name, dni, password_hash, referral_code, code_hash, device_hash, attempts, expires_at,
        terms_accepted_at, terms_version)
    values (${input.email}, ${input.name}, ${input.dni}, ${passwordHash}, ${input.referral_code ?? null},
      ${codeHash(input.email, code)}, ${deviceHashOf(input.deviceId)}, 0, ${expiresAt.toISOString()},
      now(), ${TERMS_VERSION})
    on conflict (lower(email), coalesce(device_hash, '')) do update set
      email = excluded.email, name = excluded.name, dni = excluded.dni,
      password_hash = excluded.password_hash, referral_code = excluded.referral_code,
      code_hash = excluded.code_hash, attempts = 0, expires_at = excluded.expires_at,
      terms_accepted_at = excluded.terms_accepted_at, terms_version = excluded.terms_version,
      created_at = now()`);
  await mailCode(deps, { to: input.email, name: input.name, code });
}

/** A new code for a registration still waiting (the old one stops working); nothing for any other e-mail. */
export async function resendRegistrationCode(
  deps: RegistrationDeps,
  input: { email: string; deviceId?: string | undefined },
): Promise<void> {
  const { email } = input;
  if (!(await mayMail(deps, email))) return;
  const code = newCode();
  const [pending] = await deps.db
    .update(pendingRegistrations)
    .set({
      codeHash: codeHash(email, code),
      attempts: 0,
      expiresAt: new Date(Date.now() + CODE_TTL_MINUTES * 60_000),
    })
    .where(and(sameRegistration(email, input.deviceId), gt(pendingRegistrations.expiresAt, new Date())))
    .returning({ email: pendingRegistrations.email, name: pendingRegistrations.name });
  if (pending) await mailCode(deps, { to: pending.email, name: pending.name, code });
}

/**
 * The account, once, for the right code of a registration still waiting: the pending row is taken and
 * the account created in one transaction (two confirmations at once: one account, the other finds no
 * code). A wrong code counts an attempt; after MAX_CODE_ATTEMPTS the registration needs a new code.
 */
export async function confirmRegistration(
  deps: { db: Db },
  input: { email: string; code: string },
  options: SessionOptions,
): Promise<IssuedToken> {
  const token = await deps.db.transaction(async (tx) => {
    const [pending] = await tx
      .delete(pendingRegistrations)
      .where(
        and(
          sameRegistration(input.email, options.deviceId),
          eq(pendingRegistrations.codeHash, codeHash(input.email, input.code)),
          gt(pendingRegistrations.expiresAt, new Date()),
          lt(pendingRegistrations.attempts, MAX_CODE_ATTEMPTS),
        ),
      )
      .returning();
    if (!pending) return null;
    return createAccount(
      tx,
      {
        name: pending.name,
        email: pending.email,
        dni: pending.dni,
        passwordHash: pending.passwordHash,
        referralCode: pending.referralCode,
        // A registration started before acceptance was asked for is accepted by this confirmation.
        terms: {
          acceptedAt: pending.termsAcceptedAt ?? new Date(),
          version: pending.termsVersion ?? TERMS_VERSION,
        },
      },
      options,
    );
  });
  if (token) return token;
  const [counted] = await deps.db
    .update(pendingRegistrations)
    .set({ attempts: sql`${pendingRegistrations.attempts} + 1` })
    .where(
      and(
        sameRegistration(input.email, options.deviceId),
        gt(pendingRegistrations.expiresAt, new Date()),
        lt(pendingRegistrations.attempts, MAX_CODE_ATTEMPTS),
      ),
    )
    .returning({ attempts: pendingRegistrations.attempts });
  const left = counted ? MAX_CODE_ATTEMPTS - counted.attempts : 0;
  const message =
    left > 1
      ? `El código no es correcto. Te quedan ${left} intentos.`
      : left === 1
        ? 'El código no es correcto. Te queda 1 intento.'
        : 'El código venció o ya lo probaste demasiadas veces. Pedí uno nuevo con «Reenviar código».';
  throw new AppError('invalid_token', { message, validations: { code: [message] } });
}

async function mailCode(deps: RegistrationDeps, input: { to: string; name: string; code: string }) {
  await deps.mailer.send({
    to: input.to,
    subject: `${input.code} es tu código de Cubierto`,
    // The code alone on its line: easy to read, and to copy.
    text: `Hola ${input.name}:\n\nPara confirmar tu cuenta de Cubierto ingresá este código (vence en ${CODE_TTL_MINUTES} minutos):\n\n${input.code}\n\nSi no fuiste vos, ignorá este mensaje: sin el código no se crea ninguna cuenta.\n\nCubierto`,
    html: `<p>Hola ${escapeHtml(input.name)}:</p><p>Para confirmar tu cuenta de Cubierto ingresá este código (vence en ${CODE_TTL_MINUTES} minutos):</p><p style="font-size:24px;font-weight:700;letter-spacing:4px">${input.code}</p><p>Si no fuiste vos, ignorá este mensaje: sin el código no se crea ninguna cuenta.</p><p>Cubierto</p>`,
  });
}

async function mailRegistrationAttempt(deps: RegistrationDeps, input: { to: string; name: string }) {
  const login = `${deps.config.publicUrl}/login`;
  const recover = `${deps.config.publicUrl}/reset-password`;
  await deps.mailer.send({
    to: input.to,
    subject: 'Alguien intentó crear una cuenta con tu email',
    text: `Hola ${input.name}:\n\nAlguien intentó crear una cuenta de Cubierto con tu email, pero ya tenés una. No cambiamos nada.\n\nSi fuiste vos, iniciá sesión: ${login}\nSi no recordás tu contraseña, recuperala: ${recover}\n\nSi no fuiste vos, ignorá este mensaje.\n\nCubierto`,
    html: `<p>Hola ${escapeHtml(input.name)}:</p><p>Alguien intentó crear una cuenta de Cubierto con tu email, pero ya tenés una. No cambiamos nada.</p><p>Si fuiste vos, <a href="${login}">iniciá sesión</a>. Si no recordás tu contraseña, <a href="${recover}">recuperala</a>.</p><p>Si no fuiste vos, ignorá este mensaje.</p><p>Cubierto</p>`,
  });
}
