/**
 * The back office: operators (a separate kind of account from customers), their TOTP second factor and
 * recovery codes, their short sessions, and the append-only audit log of everything they do.
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, moment, optionalRef, ref } from './columns.ts';

export const operators = pgTable(
  'operators',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** Base32 TOTP secret (RFC 6238); kept from the first sign-in, confirmed by `totpEnabledAt`. */
    totpSecret: text('totp_secret'),
    totpEnabledAt: moment('totp_enabled_at'),
    /** The last 30-second step accepted: a code is never accepted twice. */
    totpLastStep: integer('totp_last_step'),
    /** Wrong second factors in a row; the fifth locks the account for 15 minutes. */
    failedTotp: integer('failed_totp').notNull().default(0),
    lockedUntil: moment('locked_until'),
    disabledAt: moment('disabled_at'),
    createdByOperatorId: integer('created_by_operator_id'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('operators_email_idx').on(sql`lower(${t.email})`)],
);

export const operatorRecoveryCodes = pgTable(
  'operator_recovery_codes',
  {
    id: id(),
    operatorId: ref('operator_id', () => operators.id),
    codeHash: text('code_hash').notNull(),
    usedAt: moment('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('operator_recovery_codes_operator_idx').on(t.operatorId)],
);

/**
 * Operator sign-in state, token stored hashed: `challenge` after the password (5 minutes to give the
 * second factor), `active` after it (hours, not the customers' days).
 */
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    id: id(),
    operatorId: ref('operator_id', () => operators.id),
    stage: text('stage', { enum: ['challenge', 'active'] }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: moment('expires_at').notNull(),
    revokedAt: moment('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [index('operator_sessions_operator_idx').on(t.operatorId)],
);

/** Every operator action: who, when, what, before and after. Append-only (trigger in the migration). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    at: moment('at').notNull().defaultNow(),
    operatorId: optionalRef('operator_id', () => operators.id),
    /** 'operator' (a signed-in operator) or 'ops_token' (the machine credential of the command line). */
    actor: text('actor', { enum: ['operator', 'ops_token'] }).notNull(),
    /** Stable verb, e.g. 'company.create', 'customer.lock'. */
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_target_idx').on(t.targetType, t.targetId),
    index('audit_log_operator_idx').on(t.operatorId, t.at),
  ],
);
