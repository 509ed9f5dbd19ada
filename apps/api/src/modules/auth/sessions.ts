/**
 * Sessions: opaque bearer tokens stored hashed, with renew_on (the app refreshes inside the last 5 days,
 * spec §4) and revocation (sign-out and refresh really end the old token).
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/index.ts';
import { preparedPerDatabase } from '../../lib/prepared.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';

export type IssuedToken = { token_type: 'Bearer'; access_token: string; renew_on: string };
export type AuthenticatedUser = { userId: number; sessionId: number; name: string; email: string };

export async function createSession(
  db: DbOrTx,
  input: { userId: number; sessionDays: number; userAgent?: string | undefined; now?: Date },
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
    createdAt: now,
  });
  return { token_type: 'Bearer', access_token: token, renew_on: expiresAt.toISOString() };
}

/** One indexed lookup per request: the session (live, not revoked) joined to its unlocked user. */
export async function findSessionUser(
  db: DbOrTx,
  token: string,
  now = new Date(),
): Promise<AuthenticatedUser | null> {
  const rows = await db
    .select({
      sessionId: sessions.id,
      userId: users.id,
      name: users.name,
      email: users.email,
      lockedAt: users.lockedAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)),
    )
    .limit(1);
  const row = rows[0];
  if (!row || row.lockedAt) return null;
  return { sessionId: row.sessionId, userId: row.userId, name: row.name, email: row.email };
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
