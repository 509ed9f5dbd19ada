/**
 * Sessions: opaque bearer tokens stored hashed, with renew_on (the app refreshes inside the last 5 days,
 * spec §4) and revocation (sign-out and refresh really end the old token).
 */
import { and, eq, gt, isNull, type Placeholder, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/index.ts';
import { preparedPerDatabase } from '../../lib/prepared.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';

export type IssuedToken = { token_type: 'Bearer'; access_token: string; renew_on: string };
export type AuthenticatedUser = { userId: number; sessionId: number; name: string; email: string };

export async function createSession(
  db: DbOrTx,
  input: {
    userId: number;
    sessionDays: number;
    userAgent?: string | undefined;
    /** The app's device id (contracts DEVICE_ID_HEADER), kept hashed: the account has now seen this device. */
    deviceId?: string | undefined;
    now?: Date;
  },
): Promise<IssuedToken> {
  const now = input.now ?? new Date();
  const token = newToken();
  const expiresAt = new Date(now.getTime() + input.sessionDays * 86_400_000);
  await db.insert(sessions).values({
    userId: input.userId,
    tokenHash: hashToken(token),
    renewOn: expiresAt,
    expiresAt,
    userAgent: input.userAgent?.slice(0, 300) ?? null,
    deviceHash: input.deviceId ? hashToken(input.deviceId) : null,
    createdAt: now,
  });
  return { token_type: 'Bearer', access_token: token, renew_on: expiresAt.toISOString() };
}

/** Whether this device has signed in to this account before (any session, ended or not). */
export async function isKnownDevice(db: DbOrTx, userId: number, deviceId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.deviceHash, hashToken(deviceId))))
    .limit(1);
  return row !== undefined;
}

function selectSessionUser(db: Db, tokenHash: string | Placeholder, now: Date | Placeholder) {
  return db
    .select({
      sessionId: sessions.id,
      userId: users.id,
      name: users.name,
      email: users.email,
      lockedAt: users.lockedAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .limit(1);
}

const preparedSessionUser = preparedPerDatabase((db: Db) =>
  selectSessionUser(db, sql.placeholder('tokenHash'), sql.placeholder('now')).prepare('auth_find_session'),
);

/**
 * One indexed lookup: the session (live, not revoked) joined to its unlocked user, with the session's
 * expiry (the session cache keeps an entry no longer). Requests go through the cache (session-cache.ts).
 */
export async function findSessionUser(
  db: Db,
  token: string,
  now = new Date(),
): Promise<(AuthenticatedUser & { expiresAt: Date }) | null> {
  const rows = await preparedSessionUser(db).execute({ tokenHash: hashToken(token), now });
  const row = rows[0];
  if (!row || row.lockedAt) return null;
  return {
    sessionId: row.sessionId,
    userId: row.userId,
    name: row.name,
    email: row.email,
    expiresAt: row.expiresAt,
  };
}

export async function revokeSession(db: DbOrTx, sessionId: number, now = new Date()): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function revokeAllSessions(db: DbOrTx, userId: number, now = new Date()): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
