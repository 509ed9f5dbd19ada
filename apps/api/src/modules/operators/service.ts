/**
 * Operator accounts and their sign-in: password, then a TOTP second factor (enrolled at the first
 * sign-in: secret, QR code, ten recovery codes shown once and stored hashed). Five wrong second factors
 * in a row lock the account for 15 minutes. Sessions last hours, not the customers' days, and their
 * tokens carry a prefix so a customer route can refuse them without a lookup.
 */
import type { Operator, OperatorChallenge, OperatorCreateBody, OperatorToken } from '@cubierto/contracts';
import { verify } from '@node-rs/argon2';
import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { Db, DbOrTx } from '../../db/client.ts';
import { operatorRecoveryCodes, operatorSessions, operators } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { type ListSpec, pageMeta, parseListQuery, type RawQuery } from '../../lib/list-query.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { hashPassword } from '../auth/service.ts';
import { type AuditContext, type OperatorActor, recordAudit, recordCreated } from './audit.ts';
import { matchTotp, newTotpSecret, otpauthUri } from './totp.ts';

/** Operator tokens start with this, so customer routes answer 403 without a database lookup. */
export const OPERATOR_TOKEN_PREFIX = 'op_';
export const OPERATOR_SESSION_HOURS = 8;
const CHALLENGE_MINUTES = 5;
export const MAX_WRONG_SECOND_FACTORS = 5;
export const LOCKOUT_MINUTES = 15;
const RECOVERY_CODES = 10;
const ISSUER = 'Cubierto';

type OperatorRow = typeof operators.$inferSelect;

export function operatorOut(row: OperatorRow): Operator {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    totp_enabled: row.totpEnabledAt !== null,
    locked_until: row.lockedUntil && row.lockedUntil > new Date() ? row.lockedUntil.toISOString() : null,
    created_at: row.createdAt.toISOString(),
  };
}

async function findOperatorByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select()
    .from(operators)
    .where(sql`lower(${operators.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row ?? null;
}

export async function createOperator(
  deps: { db: Db },
  { body: input, audit }: { body: OperatorCreateBody; audit: AuditContext },
): Promise<Operator> {
  const { db } = deps;
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    if (await findOperatorByEmail(tx, input.email))
      throw new AppError('email_taken', { validations: { email: ['Ya existe un operador con ese email.'] } });
    const [row] = await tx
      .insert(operators)
      .values({
        name: input.name,
        email: input.email,
        passwordHash,
        createdByOperatorId: audit.actor.kind === 'operator' ? audit.actor.operatorId : null,
      })
      .returning();
    return recordCreated(tx, audit, 'operator', operatorOut(row!));
  });
}

function lockedMessage(until: Date, now: Date): AppError {
  const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
  return new AppError('too_many_requests', {
    message: `Tu cuenta de operador está bloqueada por demasiados códigos incorrectos. Probá de nuevo en ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`,
    headers: { 'retry-after': String(minutes * 60) },
  });
}

/** First step: the password. Answers a short-lived challenge for the second factor (or its enrolment). */
export async function startOperatorLogin(
  deps: { db: Db; rateLimiter: RateLimiter },
  input: { email: string; password: string; ip: string },
  now = new Date(),
): Promise<OperatorChallenge> {
  const limit = await deps.rateLimiter.hit(`operator-login:${input.ip}:${input.email}`, 10, 15 * 60);
  if (!limit.allowed)
    throw new AppError('too_many_requests', { headers: { 'retry-after': String(limit.retryAfterSeconds) } });
  const operator = await findOperatorByEmail(deps.db, input.email);
  const ok = operator ? await verify(operator.passwordHash, input.password).catch(() => false) : false;
  if (!operator || !ok || operator.disabledAt) throw new AppError('invalid_credentials');
  if (operator.lockedUntil && operator.lockedUntil > now) throw lockedMessage(operator.lockedUntil, now);

  const enrolling = operator.totpEnabledAt === null;
  let secret = operator.totpSecret;
  if (enrolling && !secret) {
    secret = newTotpSecret();
    await deps.db.update(operators).set({ totpSecret: secret }).where(eq(operators.id, operator.id));
  }
  const challenge = OPERATOR_TOKEN_PREFIX + newToken();
  await deps.db.insert(operatorSessions).values({
    operatorId: operator.id,
    stage: 'challenge',
    tokenHash: hashToken(challenge),
    expiresAt: new Date(now.getTime() + CHALLENGE_MINUTES * 60_000),
  });
  if (!enrolling) return { challenge, stage: 'totp' };
  const uri = otpauthUri({ secret: secret!, account: operator.email, issuer: ISSUER });
  const svg = await QRCode.toString(uri, { type: 'svg', margin: 1 });
  return {
    challenge,
    stage: 'enroll',
    otpauth_uri: uri,
    secret: secret!,
    qr_data_url: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  };
}

function newRecoveryCode(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const bytes = Buffer.from(newToken(16), 'base64url');
  let out = '';
  for (let i = 0; i < 10; i += 1) out += alphabet[bytes[i]! % alphabet.length];
  return `${out.slice(0, 5)}-${out.slice(5)}`;
}

/**
 * Second step: the TOTP code (or a recovery code). The counter of wrong answers is committed even when
 * the answer is refused; the fifth wrong one in a row locks the account and ends the challenge.
 */
export async function completeOperatorLogin(
  deps: { db: Db },
  input: { challenge: string; code?: string; recoveryCode?: string; ip: string | null; now?: Date },
): Promise<OperatorToken> {
  const { db } = deps;
  const now = input.now ?? new Date();
  const result = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ session: operatorSessions, operator: operators })
      .from(operatorSessions)
      .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
      .where(
        and(
          eq(operatorSessions.tokenHash, hashToken(input.challenge)),
          eq(operatorSessions.stage, 'challenge'),
          isNull(operatorSessions.revokedAt),
          gt(operatorSessions.expiresAt, now),
        ),
      )
      .for('update', { of: operators })
      .limit(1);
    if (!row)
      return {
        error: new AppError('unauthenticated', {
          message: 'El ingreso venció. Ingresá de nuevo tu email y contraseña.',
        }),
      };
    const { operator, session } = row;
    if (operator.lockedUntil && operator.lockedUntil > now)
      return { error: lockedMessage(operator.lockedUntil, now) };
    const enrolling = operator.totpEnabledAt === null;

    let step: number | null = null;
    let recoveryId: number | null = null;
    if (input.code && operator.totpSecret) {
      step = matchTotp(operator.totpSecret, input.code, { at: now, lastStep: operator.totpLastStep });
    } else if (input.recoveryCode && !enrolling) {
      const [code] = await tx
        .select({ id: operatorRecoveryCodes.id })
        .from(operatorRecoveryCodes)
        .where(
          and(
            eq(operatorRecoveryCodes.operatorId, operator.id),
            eq(operatorRecoveryCodes.codeHash, hashToken(input.recoveryCode)),
            isNull(operatorRecoveryCodes.usedAt),
          ),
        );
      recoveryId = code?.id ?? null;
    }
    const audit: AuditContext = {
      actor: {
        kind: 'operator',
        operatorId: operator.id,
        sessionId: session.id,
        name: operator.name,
        email: operator.email,
      },
      ip: input.ip,
    };

    if (step === null && recoveryId === null) {
      const failed = operator.failedTotp + 1;
      if (failed >= MAX_WRONG_SECOND_FACTORS) {
        const until = new Date(now.getTime() + LOCKOUT_MINUTES * 60_000);
        await tx
          .update(operators)
          .set({ failedTotp: 0, lockedUntil: until })
          .where(eq(operators.id, operator.id));
        await tx.update(operatorSessions).set({ revokedAt: now }).where(eq(operatorSessions.id, session.id));
        await recordAudit(tx, audit, {
          action: 'operator.locked',
          targetType: 'operator',
          targetId: operator.id,
          after: { locked_until: until.toISOString(), reason: 'wrong_second_factor' },
        });
        return { error: lockedMessage(until, now) };
      }
      await tx.update(operators).set({ failedTotp: failed }).where(eq(operators.id, operator.id));
      const left = MAX_WRONG_SECOND_FACTORS - failed;
      return {
        error: new AppError('invalid_credentials', {
          message: `El código no es correcto. Te ${left === 1 ? 'queda 1 intento' : `quedan ${left} intentos`} antes del bloqueo.`,
          validations: { code: ['El código no es correcto.'] },
        }),
      };
    }

    await tx
      .update(operators)
      .set({
        failedTotp: 0,
        lockedUntil: null,
        ...(step !== null ? { totpLastStep: step } : {}),
        ...(enrolling ? { totpEnabledAt: now } : {}),
      })
      .where(eq(operators.id, operator.id));
    if (recoveryId !== null)
      await tx
        .update(operatorRecoveryCodes)
        .set({ usedAt: now })
        .where(eq(operatorRecoveryCodes.id, recoveryId));
    await tx.update(operatorSessions).set({ revokedAt: now }).where(eq(operatorSessions.id, session.id));

    let recoveryCodes: string[] | undefined;
    if (enrolling) {
      recoveryCodes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
      await tx
        .insert(operatorRecoveryCodes)
        .values(recoveryCodes.map((code) => ({ operatorId: operator.id, codeHash: hashToken(code) })));
    }
    const token = OPERATOR_TOKEN_PREFIX + newToken();
    const expiresAt = new Date(now.getTime() + OPERATOR_SESSION_HOURS * 3_600_000);
    await tx.insert(operatorSessions).values({
      operatorId: operator.id,
      stage: 'active',
      tokenHash: hashToken(token),
      expiresAt,
    });
    await recordAudit(tx, audit, {
      action: enrolling ? 'operator.enroll_totp' : 'operator.sign_in',
      targetType: 'operator',
      targetId: operator.id,
      after: { second_factor: recoveryId !== null ? 'recovery_code' : 'totp' },
    });
    return {
      token: {
        token_type: 'Bearer' as const,
        access_token: token,
        expires_at: expiresAt.toISOString(),
        ...(recoveryCodes ? { recovery_codes: recoveryCodes } : {}),
      },
    };
  });
  if ('error' in result && result.error) throw result.error;
  return (result as { token: OperatorToken }).token;
}

/** The operator behind an active session token, or null. */
export async function findOperatorSession(
  db: DbOrTx,
  token: string,
  now = new Date(),
): Promise<Extract<OperatorActor, { kind: 'operator' }> | null> {
  const [row] = await db
    .select({
      sessionId: operatorSessions.id,
      operatorId: operators.id,
      name: operators.name,
      email: operators.email,
      disabledAt: operators.disabledAt,
    })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(
      and(
        eq(operatorSessions.tokenHash, hashToken(token)),
        eq(operatorSessions.stage, 'active'),
        isNull(operatorSessions.revokedAt),
        gt(operatorSessions.expiresAt, now),
      ),
    )
    .limit(1);
  if (!row || row.disabledAt) return null;
  return {
    kind: 'operator',
    sessionId: row.sessionId,
    operatorId: row.operatorId,
    name: row.name,
    email: row.email,
  };
}

export async function endOperatorSession(
  deps: { db: Db },
  { audit }: { audit: AuditContext },
): Promise<void> {
  const { db } = deps;
  if (audit.actor.kind !== 'operator') return;
  const { sessionId, operatorId } = audit.actor;
  await db.transaction(async (tx) => {
    await tx
      .update(operatorSessions)
      .set({ revokedAt: new Date() })
      .where(eq(operatorSessions.id, sessionId));
    await recordAudit(tx, audit, {
      action: 'operator.sign_out',
      targetType: 'operator',
      targetId: operatorId,
    });
  });
}

export async function findOperator(db: DbOrTx, id: number) {
  const [row] = await db.select().from(operators).where(eq(operators.id, id));
  if (!row) throw new AppError('not_found', { message: 'El operador no existe.' });
  return row;
}

/** The operator signed in on this request, or null for the operations token of the command line. */
export async function currentOperator(deps: { db: DbOrTx }, audit: AuditContext): Promise<Operator | null> {
  const actor = audit.actor;
  return actor.kind === 'operator' ? operatorOut(await findOperator(deps.db, actor.operatorId)) : null;
}

/** GET /admin/operators: sorts only. */
export const operatorsListSpec = {
  sorts: { id: operators.id, name: operators.name, email: operators.email },
  defaultSort: [desc(operators.id)],
} satisfies ListSpec;

export async function listOperators(deps: { db: DbOrTx }, query: RawQuery) {
  const { db } = deps;
  const q = parseListQuery(query, operatorsListSpec);
  const rows = await db
    .select()
    .from(operators)
    .where(q.where)
    .orderBy(...q.orderBy)
    .limit(q.perPage)
    .offset(q.offset);
  const [total] = await db.select({ n: count() }).from(operators).where(q.where);
  return { data: rows.map(operatorOut), meta: pageMeta(q, total?.n ?? 0) };
}
