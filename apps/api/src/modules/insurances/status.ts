/**
 * The one writer of an insurance's status. Every change goes through the transition table of contracts
 * (insurance-status.ts): a payment's approval, an import paid from the credit wallet, the lifecycle job,
 * the customer's cancellation, an operator's void or rejection, an account's deletion. A change the table
 * does not allow is refused (409 `insurance_transition_refused`, or the caller's own code) and its
 * transaction rolls back.
 *
 * `endInsurance` is how an insurance ends, whoever ends it: the status, the customer's notification, and
 * the refund to the money wallet with its credit note when something comes back.
 */
import {
  canMoveInsurance,
  type ErrorCode,
  INSURANCE_TRANSITIONS,
  type InsuranceAction,
  type InsuranceStatus,
  todayInArgentina,
} from '@cubierto/contracts';
import { and, eq, inArray, isNull, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { insurances } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { issueCreditNoteForRefund } from '../invoices/service.ts';
import { notifyInsuranceEnded, notifyInsuranceInForce } from '../notifications/events.ts';
import { postMovement } from '../wallets/service.ts';

type InsuranceRow = typeof insurances.$inferSelect;
/** The columns a status change may set along with the status. */
type AlongWith = Partial<Pick<InsuranceRow, 'paidAt' | 'cancelsOn' | 'cancellationRequestedAt'>>;
type Refusal = { code?: ErrorCode; message?: string };

const moved = {
  id: insurances.id,
  userId: insurances.userId,
  number: insurances.number,
  status: insurances.status,
};
export type MovedInsurance = { id: number; userId: number; number: string; status: InsuranceStatus };

function refuse(refusal: Refusal | undefined): never {
  throw new AppError(
    refusal?.code ?? 'insurance_transition_refused',
    refusal?.message ? { message: refusal.message } : {},
  );
}

/**
 * Moves one insurance (read, and locked, by the caller) from its status to `to` by `action`. Refused when
 * the table does not allow it, or when the row changed since it was read.
 */
export async function moveInsurance(
  tx: DbOrTx,
  input: {
    insurance: Pick<InsuranceRow, 'id' | 'status'>;
    action: InsuranceAction;
    to: InsuranceStatus;
    now: Date;
    set?: AlongWith;
    refusal?: Refusal;
  },
): Promise<MovedInsurance> {
  const from = input.insurance.status as InsuranceStatus;
  if (!canMoveInsurance(from, input.action, input.to)) refuse(input.refusal);
  const [row] = await tx
    .update(insurances)
    .set({ ...input.set, status: input.to, updatedAt: input.now })
    .where(and(eq(insurances.id, input.insurance.id), eq(insurances.status, from)))
    .returning(moved);
  if (!row) refuse(input.refusal);
  return row as MovedInsurance;
}

/**
 * Moves many insurances by `action`: every one of `ids` (refused, all of them, when any may not move), or
 * those of `where` that may (the others are left as they are).
 */
async function moveMany(
  tx: DbOrTx,
  input: { ids: number[] } | { where: SQL | undefined },
  action: InsuranceAction,
  to: InsuranceStatus | SQL,
  now: Date,
  set: AlongWith = {},
): Promise<MovedInsurance[]> {
  const rule = INSURANCE_TRANSITIONS[action];
  if (typeof to === 'string' && !rule.to.includes(to)) refuse(undefined);
  const which = 'ids' in input ? inArray(insurances.id, input.ids) : input.where;
  const rows = await tx
    .update(insurances)
    .set({ ...set, status: to as InsuranceStatus, updatedAt: now })
    .where(and(which, inArray(insurances.status, [...rule.from])))
    .returning(moved);
  if ('ids' in input && rows.length !== new Set(input.ids).size) refuse(undefined);
  return rows as MovedInsurance[];
}

/**
 * Records the payment of insurances (DOMAIN.md: pendiente → vigente when paid, or when its start date
 * arrives if paid earlier: until then it stays `pendiente` with `paid_at` set, and the lifecycle job puts
 * it in force on its first day). Those in force now are told so.
 */
export async function markInsurancesPaid(tx: DbOrTx, ids: number[], now: Date): Promise<void> {
  const rows = await moveMany(tx, { ids }, 'pay', paidStatus(todayInArgentina(now)), now, { paidAt: now });
  await insurancesPaid(tx, rows);
}

/** The status a payment leaves: in force from the first day on, still `pendiente` (paid) before it. */
function paidStatus(today: string | Placeholder): SQL {
  return sql`case when ${insurances.startsOn} is null or ${insurances.startsOn} <= ${today}::date
    then 'vigente' else 'pendiente' end`;
}

/**
 * markInsurancesPaid of one insurance as the body of a CTE, for a caller that folds it into one of its
 * statements (a payment's invoice facts: a round trip fewer). Its rows are `id, user_id, number, status`;
 * hand them to `insurancePaidAfter`, which refuses the payment when the insurance may not be paid.
 */
export function payInsuranceSql(insuranceId: number, now: Date): SQL {
  return paySql(insuranceId, now.toISOString(), todayInArgentina(now));
}

function paySql(
  insuranceId: number | Placeholder | SQL,
  at: string | Placeholder,
  today: string | Placeholder,
): SQL {
  return sql`update ${insurances} set status = ${paidStatus(today)}, paid_at = ${at}::timestamptz,
    updated_at = ${at}::timestamptz
    where ${eq(insurances.id, insuranceId)} and ${inArray(insurances.status, [...INSURANCE_TRANSITIONS.pay.from])}
    returning ${insurances.id} as id, ${insurances.userId} as user_id, ${insurances.number} as number,
      ${insurances.status} as status`;
}

/**
 * payInsuranceSql for a statement whose text is built once (db/client.ts statementOnce): `sql` with
 * placeholders (named `pay…`), `values` binds them for one insurance and moment.
 */
export const payInsuranceOnce = {
  sql: paySql(sql.placeholder('payInsuranceId'), sql.placeholder('payAt'), sql.placeholder('payToday')),
  values: (insuranceId: number, now: Date) => ({ payInsuranceId: insuranceId, ...payMoment(now) }),
};

/** The values of `payAt` and `payToday` (payInsuranceOnce, payInsuranceOf) for the moment of payment. */
export function payMoment(now: Date): { payAt: string; payToday: string } {
  return { payAt: now.toISOString(), payToday: todayInArgentina(now) };
}

/**
 * payInsuranceOnce of the insurance `id` names, an expression of the caller's statement (a wallet payment's
 * first statement: its `payment` CTE's insurance, so that nothing is marked paid unless the payment was
 * written). Its placeholders are `payAt` and `payToday` (payMoment binds them).
 */
export function payInsuranceOf(id: SQL): SQL {
  return paySql(id, sql.placeholder('payAt'), sql.placeholder('payToday'));
}

/** After payInsuranceSql: `row` is what it returned (none: the insurance may not be paid, refused). */
export async function insurancePaidAfter(
  tx: DbOrTx,
  row: { id: number; user_id: number; number: string; status: string } | null,
): Promise<void> {
  if (!row) refuse(undefined);
  await insurancesPaid(tx, [
    {
      id: Number(row.id),
      userId: Number(row.user_id),
      number: row.number,
      status: row.status as InsuranceStatus,
    },
  ]);
}

async function insurancesPaid(tx: DbOrTx, rows: MovedInsurance[]) {
  for (const row of rows) if (row.status === 'vigente') await notifyInsuranceInForce(tx, row);
}

/** A closed account's insurances never paid are voided (nothing to refund, nobody left to tell). */
export async function voidUnpaidInsurancesOf(tx: DbOrTx, userId: number, now: Date): Promise<void> {
  await moveMany(
    tx,
    { where: and(eq(insurances.userId, userId), isNull(insurances.paidAt)) },
    'close_account',
    'anulado',
    now,
  );
}

/** The lifecycle job: a paid insurance's first day has come. */
export async function startInsurance(tx: DbOrTx, insurance: InsuranceRow, now: Date): Promise<void> {
  await moveInsurance(tx, { insurance, action: 'start', to: 'vigente', now });
  await notifyInsuranceInForce(tx, insurance);
}

export type EndingAction = Extract<
  InsuranceAction,
  'cancel' | 'void' | 'invalidate' | 'expire_unpaid' | 'end_scheduled' | 'finish' | 'withdraw' | 'reverse'
>;

/** What the refund's wallet movement and credit note say, by how the insurance ended. */
const REFUND_LABEL: Partial<Record<EndingAction, string>> = {
  cancel: 'la baja',
  void: 'la anulación',
  invalidate: 'la invalidación',
  withdraw: 'arrepentimiento',
};

/**
 * Where a refund goes: Mi dinero (every refund but one), Mi crédito, or back through the provider that
 * collected it (a withdrawal of a Mercado Pago or Ualá payment: the caller asks the provider; here only
 * the credit note is issued).
 */
export type RefundDestination = 'money_wallet' | 'credit_wallet' | 'provider';

/**
 * Ends an insurance (read, and locked, by the caller): its status by the table, the customer's
 * notification (none when its period simply ended), and `refundCents` back to the money wallet with its
 * credit note. How much comes back is the caller's rule; this only pays it. Returns the refund's movement.
 */
export async function endInsurance(
  tx: DbOrTx,
  input: {
    insurance: InsuranceRow;
    action: EndingAction;
    now: Date;
    refundCents?: number;
    refundTo?: RefundDestination;
    set?: AlongWith;
    refusal?: Refusal;
  },
): Promise<{ status: InsuranceStatus; refundMovementId: number | null }> {
  const { insurance, action, now } = input;
  const to = INSURANCE_TRANSITIONS[action].to[0]!;
  await moveInsurance(tx, {
    insurance,
    action,
    to,
    now,
    ...(input.set ? { set: input.set } : {}),
    ...(input.refusal ? { refusal: input.refusal } : {}),
  });
  if (to === 'anulado' || to === 'cancelado' || to === 'invalido')
    await notifyInsuranceEnded(tx, insurance, to, action);
  const refund = input.refundCents ?? 0;
  const label = REFUND_LABEL[action];
  if (refund <= 0 || !label) return { status: to, refundMovementId: null };
  const destination = input.refundTo ?? 'money_wallet';
  const movement =
    destination === 'provider'
      ? null
      : await postMovement(tx, {
          userId: insurance.userId,
          kind: destination === 'credit_wallet' ? 'credit' : 'money',
          amountCents: refund,
          movement: 'refund',
          description: `Devolución por ${label} de la contratación ${insurance.number}`,
          insuranceId: insurance.id,
        });
  await issueCreditNoteForRefund(
    tx,
    {
      userId: insurance.userId,
      insuranceId: insurance.id,
      amountCents: refund,
      refundMovementId: movement?.id ?? null,
      reason: `Devolución por ${label}`,
    },
    now,
  );
  return { status: to, refundMovementId: movement?.id ?? null };
}
