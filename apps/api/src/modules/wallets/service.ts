/**
 * Wallets ("Mi dinero", "Mi crédito"): every change is a movement, appended in the same transaction
 * that moves the cached balance. A debit never takes the balance below zero (checked here with a clear
 * message, and by the database whatever the code does) — except a reversal: money a provider took back
 * (a chargeback of a top-up, a refund credited from a payment later reversed) or a referral reward clawed
 * back is debited whole, and what the balance does not cover stays as a negative balance, the customer's
 * debt, shown to them and to operators and settled by the next money in (DOMAIN.md "Reversals").
 */
import {
  formatArs,
  type Wallet,
  type WalletDebt,
  type WalletKind,
  type WalletMovement,
  type WalletMovementKind,
} from '@cubierto/contracts';
import { and, asc, count, desc, eq, is, lt, max, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { type Db, type DbOrTx, rowsOf } from '../../db/client.ts';
import { users, walletMovements, wallets } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { preparedPerDatabase } from '../../lib/prepared.ts';
import { notifyWalletMovement } from '../notifications/events.ts';

export type { WalletKind };

type WalletRow = typeof wallets.$inferSelect;
type MovementRow = typeof walletMovements.$inferSelect;
export type MovementKind = WalletMovementKind;

/** The debits that may leave a negative balance (a debt) instead of being refused. */
export const DEBT_MOVEMENTS: readonly MovementKind[] = ['reversal', 'referral_clawback'];

export const WALLET_LABELS: Record<WalletKind, string> = { money: 'Mi dinero', credit: 'Mi crédito' };

/** The user's wallet of that kind, created empty the first time it is needed. */
export async function ensureWallet(db: DbOrTx, userId: number, kind: WalletKind): Promise<WalletRow> {
  await db.insert(wallets).values({ userId, kind }).onConflictDoNothing();
  const [row] = await db
    .select()
    .from(wallets)
    .where(and(eq(wallets.userId, userId), eq(wallets.kind, kind)));
  return row!;
}

/** 409 insufficient_funds, with what is missing (the web offers to add money to that wallet). */
export class InsufficientFundsError extends AppError {
  constructor(missingCents: number) {
    super('insufficient_funds', {
      message: `Saldo insuficiente: te faltan ${formatArs(missingCents)}.`,
      validations: { amount_cents: [`Saldo insuficiente: te faltan ${formatArs(missingCents)}.`] },
    });
  }
}

export type MovementInput = {
  userId: number;
  kind: WalletKind;
  amountCents: number;
  movement: MovementKind;
  description: string;
  paymentId?: number | null;
  insuranceId?: number | null;
};

/** What the wallet's CTEs (walletMovementCtes) answer, read by the statement's last select. */
export type Appended = {
  wallet_id: number;
  balance_cents: string | number;
  movement_id: number | null;
  created_ms: string | number | null;
  moved: number;
};

/**
 * The CTEs `wallet`, `movement` and `moved` of one statement: locks the user's wallet of that kind
 * (concurrent movements of one wallet queue here, and each reads the balance the previous one left),
 * appends the movement with the balance after it, unless it is a debit the balance does not cover and
 * may not leave a debt, and moves the cached balance to it. The balance's update joins the inserted
 * movement, so it runs after it: the database's check that the balance follows the ledger (a row
 * trigger) sees the movement. `joined` names CTEs of the caller's statement that the values read
 * (`amount`, `description` … may be columns of theirs): the wallet is locked only once they have a row.
 * `appendedColumns` is what the statement's last select reads of them (left-joined on true).
 */
export function walletMovementCtes(input: {
  /** A value, or a placeholder in a statement built once (db/client.ts statementOnce). */
  userId: number | Placeholder<string, number>;
  kind: WalletKind | Placeholder<string, WalletKind>;
  amount: SQL;
  movement: MovementKind;
  description: SQL;
  paymentId: SQL;
  insuranceId: SQL;
  debtAllowed: boolean;
  joined?: SQL;
}): SQL {
  const joined = input.joined ? sql`, ${input.joined}` : sql``;
  const { amount } = input;
  return sql`wallet as (
      select ${wallets.id} as id, ${wallets.balanceCents} as balance_cents from ${wallets}${joined}
      where ${wallets.userId} = ${input.userId} and ${wallets.kind} = ${input.kind}
      for update of ${wallets}
    ), movement as (
      insert into ${walletMovements} (wallet_id, amount_cents, balance_after_cents, kind, description,
        payment_id, insurance_id)
      select wallet.id, ${amount}, wallet.balance_cents + ${amount}, ${input.movement}, ${input.description},
        ${input.paymentId}, ${input.insuranceId}
      from wallet${joined}
      where wallet.balance_cents + ${amount} >= 0 or ${amount} > 0 or ${input.debtAllowed}::boolean
      returning id, wallet_id, balance_after_cents, created_at
    ), moved as (
      update ${wallets} set balance_cents = movement.balance_after_cents
      from movement where ${wallets.id} = movement.wallet_id
      returning ${wallets.id}
    )`;
}

/** The columns of walletMovementCtes' answer (Appended), for the statement's last select. */
export const appendedColumns = sql`wallet.id as wallet_id, wallet.balance_cents, movement.id as movement_id,
      (extract(epoch from movement.created_at) * 1000)::float8 as created_ms,
      (select count(*) from moved)::int as moved`;

/** One statement: walletMovementCtes. No row: there is no wallet. */
async function lockAndAppend(tx: DbOrTx, input: MovementInput, debtAllowed: boolean) {
  const amount = sql`${input.amountCents}::bigint`;
  const result = await tx.execute(sql`
    with ${walletMovementCtes({
      userId: input.userId,
      kind: input.kind,
      amount,
      movement: input.movement,
      description: sql`${input.description}`,
      paymentId: sql`${input.paymentId ?? null}::int`,
      insuranceId: sql`${input.insuranceId ?? null}::int`,
      debtAllowed,
    })}
    select ${appendedColumns}
    from wallet left join movement on true`);
  return rowsOf<Appended>(result)[0];
}

/**
 * Appends a movement and moves the balance, locking the wallet row first so concurrent movements of one
 * wallet queue. Must run inside the business action's transaction. One statement when the wallet exists.
 */
export async function postMovement(tx: DbOrTx, input: MovementInput): Promise<MovementRow> {
  // A credit may leave part of a debt; a debit may not create one, unless it is a reversal.
  const debtAllowed = DEBT_MOVEMENTS.includes(input.movement);
  let appended = await lockAndAppend(tx, input, debtAllowed);
  if (!appended) {
    // The user's first movement in this wallet: it is created empty, then locked as any other.
    await ensureWallet(tx, input.userId, input.kind);
    appended = await lockAndAppend(tx, input, debtAllowed);
  }
  return movementAppended(tx, input, appended!);
}

/**
 * What follows a movement appended by walletMovementCtes (in postMovement or in a caller's statement):
 * refused when the balance did not cover it, and the money wallet's owner told.
 */
export async function movementAppended(
  tx: DbOrTx,
  input: MovementInput,
  appended: Appended,
): Promise<MovementRow> {
  const balance = Number(appended.balance_cents) + input.amountCents;
  if (appended.movement_id === null) throw new InsufficientFundsError(-balance);
  if (appended.moved !== 1) throw new Error('The wallet balance did not follow its movement');
  const movement: MovementRow = {
    id: Number(appended.movement_id),
    walletId: Number(appended.wallet_id),
    amountCents: input.amountCents,
    balanceAfterCents: balance,
    kind: input.movement,
    description: input.description,
    paymentId: input.paymentId ?? null,
    insuranceId: input.insuranceId ?? null,
    createdAt: new Date(Number(appended.created_ms)),
  };
  if (input.kind === 'money') await notifyWalletMovement(tx, movement, input.userId);
  return movement;
}

export function walletOut(row: WalletRow): Wallet {
  return {
    id: row.id,
    kind: row.kind,
    name: WALLET_LABELS[row.kind],
    balance_cents: row.balanceCents,
    balance_nice: formatArs(row.balanceCents),
  };
}

export function movementOut(row: MovementRow): WalletMovement {
  return {
    id: row.id,
    wallet_id: row.walletId,
    kind: row.kind,
    description: row.description,
    amount_cents: row.amountCents,
    amount_nice: formatArs(row.amountCents),
    balance_after_cents: row.balanceAfterCents,
    balance_after_nice: formatArs(row.balanceAfterCents),
    payment_id: row.paymentId,
    insurance_id: row.insuranceId,
    created_at: row.createdAt.toISOString(),
  };
}

/** The caller's wallet by id and kind, or 404 (another customer's wallet does not exist for them). */
function selectOwnWallet(
  db: DbOrTx,
  userId: number | Placeholder<'userId', number>,
  kind: WalletKind | Placeholder<'kind', WalletKind>,
) {
  return db
    .select()
    .from(wallets)
    .where(and(eq(wallets.userId, userId), eq(wallets.kind, kind)));
}

/** Both wallet pages read it on every visit: prepared (lib/prepared.ts). */
const preparedOwnWallet = preparedPerDatabase((db: Db) =>
  selectOwnWallet(db, sql.placeholder('userId'), sql.placeholder('kind')).prepare('wallets_find_own'),
);

export async function ownWallet(
  db: DbOrTx,
  userId: number,
  kind: WalletKind,
  walletId?: number,
): Promise<WalletRow> {
  // Read first: the wallet exists for nearly every call, and creating it is a write on a busy GET.
  const [found] = is(db, PgTransaction)
    ? await selectOwnWallet(db, userId, kind)
    : await preparedOwnWallet(db).execute({ userId, kind });
  const wallet = found ?? (await ensureWallet(db, userId, kind));
  if (walletId !== undefined && wallet.id !== walletId)
    throw new AppError('not_found', { message: 'La billetera no existe.' });
  return wallet;
}

/** GET /customers/{money,credit}-wallet: the caller's wallet of that kind (created empty the first time). */
export async function findWallet(
  deps: { db: Db },
  input: { userId: number; kind: WalletKind },
): Promise<Wallet> {
  return walletOut(await ownWallet(deps.db, input.userId, input.kind));
}

type OwnWallet = { userId: number; kind: WalletKind; walletId: number };

/** A page of the caller's wallet's movements, newest first; another wallet id is a 404. */
export async function listMovements(
  deps: { db: Db },
  input: OwnWallet & { limit: number; offset: number },
): Promise<{ rows: WalletMovement[]; total: number }> {
  const { db } = deps;
  const wallet = await ownWallet(db, input.userId, input.kind, input.walletId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(walletMovements)
      .where(eq(walletMovements.walletId, wallet.id))
      .orderBy(desc(walletMovements.id))
      .limit(input.limit)
      .offset(input.offset),
    db.select({ n: count() }).from(walletMovements).where(eq(walletMovements.walletId, wallet.id)),
  ]);
  return { rows: rows.map(movementOut), total: total?.n ?? 0 };
}

/** One movement of the caller's wallet; another wallet's (or another customer's) is a 404. */
export async function findMovement(
  deps: { db: Db },
  input: OwnWallet & { movementId: number },
): Promise<WalletMovement> {
  const wallet = await ownWallet(deps.db, input.userId, input.kind, input.walletId);
  const [row] = await deps.db
    .select()
    .from(walletMovements)
    .where(and(eq(walletMovements.id, input.movementId), eq(walletMovements.walletId, wallet.id)));
  if (!row) throw new AppError('not_found', { message: 'El movimiento no existe.' });
  return movementOut(row);
}

/** GET /admin/wallet-debts: every wallet below zero (a reversal it could not cover), most owed first. */
export async function listWalletDebts(deps: { db: Db }): Promise<WalletDebt[]> {
  const rows = await deps.db
    .select({
      wallet: wallets,
      name: users.name,
      email: users.email,
      since: max(walletMovements.createdAt),
    })
    .from(wallets)
    .innerJoin(users, eq(users.id, wallets.userId))
    .leftJoin(
      walletMovements,
      and(eq(walletMovements.walletId, wallets.id), eq(walletMovements.kind, 'reversal')),
    )
    .where(lt(wallets.balanceCents, 0))
    .groupBy(wallets.id, users.id)
    .orderBy(asc(wallets.balanceCents))
    .limit(500);
  return rows.map((r) => ({
    wallet_id: r.wallet.id,
    wallet_kind: r.wallet.kind,
    user_id: r.wallet.userId,
    name: r.name,
    email: r.email,
    balance_cents: r.wallet.balanceCents,
    balance_nice: formatArs(r.wallet.balanceCents),
    owed_cents: -r.wallet.balanceCents,
    owed_nice: formatArs(-r.wallet.balanceCents),
    since: r.since ? new Date(r.since).toISOString() : null,
  }));
}
