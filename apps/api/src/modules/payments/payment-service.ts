/**
 * Payments: an insurance paid from a wallet in one transaction (debit + payment + insurance in force),
 * or through a provider's checkout whose notifications are applied once, whatever their number or order.
 * Every request that creates a payment carries an idempotency key (lib/idempotency-key.ts): the same key
 * and body return the same payment, or the same refusal when the first one was refused; the same key with
 * another body is refused (409 idempotency_key_reused).
 */
import {
  classifyPaymentStatus,
  formatArs,
  type Payment,
  type PaymentMethod,
  type PayResult,
} from '@cubierto/contracts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  type Db,
  type DbOrTx,
  rowsOf,
  statementOnce,
  type Tx,
  withNamedStatements,
} from '../../db/client.ts';
import { insurances, payments } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import {
  type KeyClaim,
  type KeyClaimValues,
  type KeyedRequest,
  keyClaimCte,
  requestHash,
  runKeyedRequestClaimedByWork,
} from '../../lib/idempotency-key.ts';
import { afterCommit } from '../../lib/outbox.ts';
import { newToken } from '../../lib/tokens.ts';
import { notifyInsurancesChanged } from '../insurances/list-cache.ts';
import {
  type CollectedFactsRow,
  collectedFactsColumn,
  collectedPaymentCtes,
  collectedPaymentValues,
  recordCollectedPayment,
  recordCollectedPaymentRead,
} from '../invoices/after-payment.ts';
import { notifyPaymentFailed } from '../notifications/events.ts';
import {
  type Appended,
  appendedColumns,
  movementAppended,
  postMovement,
  type WalletKind,
  walletMovementCtes,
} from '../wallets/service.ts';
import { isReversalStatus, recordProviderRefund, reversePayment } from './reversals.ts';

type PaymentRow = typeof payments.$inferSelect;
export type Purpose = PaymentRow['purpose'];

/** A provider that takes the customer to its checkout: builds the URL for a pending payment. */
export type CheckoutProvider = { createCheckout(payment: PaymentRow): Promise<string> };
export type Providers = Partial<Record<'sandbox' | 'mercadopago' | 'uala', CheckoutProvider>>;

export function paymentOut(row: PaymentRow): Payment {
  return {
    id: row.id,
    purpose: row.purpose,
    insurance_id: row.insuranceId,
    method: row.method,
    amount_cents: row.amountCents,
    amount_nice: formatArs(row.amountCents),
    status: row.status,
    external_reference: row.externalReference,
    approved_at: row.approvedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.code === '23505' || e.cause?.code === '23505';
}

/**
 * The payment a request with this key created without leaving a record of the request (an instance of
 * the previous version, during a rolling deploy), if any; refuses the key reused for another request.
 */
async function paymentByKey(db: DbOrTx, request: KeyedRequest): Promise<PaymentRow | null> {
  const [existing] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, request.userId), eq(payments.idempotencyKey, request.key)));
  if (!existing) return null;
  if (existing.requestHash !== request.hash) {
    throw new AppError('idempotency_key_reused', {
      message: 'Esa clave de idempotencia ya se usó para otro pago.',
    });
  }
  return existing;
}

/**
 * Runs a payment's keyed request and answers the payment it created or had created. `work` claims the
 * key (lib/idempotency-key.ts, KeyClaim: in its first statement, or in one of its own) and answers the
 * payment's row as it wrote it: a payment this call created is answered without reading it again.
 */
async function keyedPayment(
  db: Db,
  request: KeyedRequest,
  work: (tx: Tx, claim: KeyClaim) => Promise<PaymentRow>,
) {
  let written: PaymentRow | undefined;
  try {
    // The payment's statements are the API's hottest: named, each connection plans them once (PostgreSQL).
    const { resourceId, created } = await withNamedStatements(() =>
      runKeyedRequestClaimedByWork(db, request, async (tx, claim) => {
        written = await work(tx, claim);
        return written.id;
      }),
    );
    if (created && written?.id === resourceId) return written;
    const [payment] = await db.select().from(payments).where(eq(payments.id, resourceId));
    return payment!;
  } catch (error) {
    // The previous version raced in with the same key: the loser answers with the winner's payment.
    if (isUniqueViolation(error)) {
      const again = await paymentByKey(db, request);
      if (again) return again;
    }
    throw error;
  }
}

/**
 * Inserts a payment unless one with its key exists (made by an instance of the previous version, which
 * kept no record of the request): then answers that one, or refuses the key reused for another request.
 */
async function insertKeyedPayment(
  tx: Tx,
  request: KeyedRequest,
  values: typeof payments.$inferInsert,
): Promise<{ row: PaymentRow; inserted: boolean }> {
  const [row] = await tx
    .insert(payments)
    .values(values)
    .onConflictDoNothing({ target: [payments.userId, payments.idempotencyKey] })
    .returning();
  if (row) return { row, inserted: true };
  const earlier = await paymentByKey(tx, request);
  if (!earlier) throw new Error('A payment with this idempotency key exists and cannot be read');
  return { row: earlier, inserted: false };
}

type PaymentStartValues = {
  userId: number;
  insuranceId: number;
  method: PaymentMethod;
  status: 'approved' | 'pending';
  providerStatus: string | null;
  externalReference: string;
  idempotencyKey: string;
  requestHash: string;
  approvedAt: string | null;
  wallet: WalletKind | null;
};

/** A value of lockAndInsertPayment's statement, as a placeholder: the statement's text is built once. */
const param = <K extends keyof PaymentStartValues>(name: K) => sql.placeholder(name);

/**
 * lockAndInsertPayment's statement: the request's key claimed, then the insurance, its payment and, paid
 * from a wallet, the debit. Its answer has one row when the key was claimed, none when another request
 * holds it (then nothing else ran: the insurance's CTE joins the claim, and every other part the insurance).
 */
function paymentStartSql(debit: boolean): SQL {
  const walletPart = debit
    ? sql`, ${walletMovementCtes({
        userId: param('userId'),
        kind: param('wallet'),
        amount: sql`(-payment.amount_cents)::bigint`,
        movement: 'insurance_payment',
        description: sql`${PAYMENT_DESCRIPTION} || insurance.number`,
        paymentId: sql`payment.id`,
        insuranceId: sql`payment.insurance_id`,
        debtAllowed: false,
        joined: sql`payment, insurance`,
      })}`
    : sql``;
  // Paid from a wallet, the insurance is marked paid in this statement, and payInsurance tells the
  // instances so itself once committed (migration 0028): no notification at commit. set_config runs in
  // the last select, before the end of the statement, when the AFTER triggers of `paid` fire.
  const walletColumns = debit
    ? sql`, ${appendedColumns}, set_config('cubierto.insurances_notify', 'after_commit', true) as notify,
        ${collectedFactsColumn}`
    : sql``;
  // …and its invoice's facts read (after-payment.ts, recordCollectedPaymentRead), only once the payment is
  // written: the ids are the `payment` CTE's.
  const collectedPart = debit
    ? sql`, ${collectedPaymentCtes({
        paymentId: sql`(select payment.id from payment)`,
        userId: sql`${param('userId')}::int`,
        insuranceId: sql`(select payment.insurance_id from payment)`,
      })}`
    : sql``;
  const walletJoins = debit ? sql`left join wallet on true left join movement on true` : sql``;
  return sql`
      with ${keyClaimCte},
      insurance as (
        select ${insurances.id} as id, ${insurances.number} as number, ${insurances.totalCents} as total_cents,
          ${insurances.paidAt} is not null as paid, ${insurances.status} as status
        from ${insurances} join claimed_key on true
        where ${insurances.id} = ${param('insuranceId')}::int and ${insurances.userId} = ${param('userId')}::int
        for update of ${insurances}
      ),
      payment as (
        insert into ${payments} (user_id, purpose, insurance_id, method, amount_cents, status,
          provider_status, external_reference, idempotency_key, request_hash, approved_at)
        select ${param('userId')}::int, 'insurance', insurance.id, ${param('method')}, insurance.total_cents,
          ${param('status')}, ${param('providerStatus')}::text, ${param('externalReference')},
          ${param('idempotencyKey')}, ${param('requestHash')}, ${param('approvedAt')}::timestamptz
        from insurance
        where not insurance.paid and insurance.status = 'pendiente'
        on conflict (user_id, idempotency_key) do nothing
        returning id, amount_cents, insurance_id,
          extract(epoch from created_at) * 1000 as created_ms, extract(epoch from updated_at) * 1000 as updated_ms
      )${walletPart}${collectedPart}
      select claimed_key.id as claimed_id, insurance.id::int as id, insurance.number,
        insurance.total_cents::int as total_cents, insurance.paid, insurance.status, payment.id::int as payment_id,
        payment.created_ms::text as payment_created_ms, payment.updated_ms::text as updated_ms${walletColumns}
      from claimed_key left join insurance on true left join payment on true ${walletJoins}
    `;
}

type PaymentStatementValues = PaymentStartValues & KeyClaimValues & Record<string, unknown>;
const paymentAlone = statementOnce<PaymentStatementValues>(() => paymentStartSql(false));
const paymentWithDebit = statementOnce<PaymentStatementValues>(() => paymentStartSql(true));

/**
 * One statement for a payment's start: the request's idempotency key claimed first (lib/idempotency-key.ts,
 * keyClaimCte: a round trip fewer than a statement of its own, 2026-11-27), and only once it is claimed,
 * the caller's insurance locked (`for update`: payments of one insurance queue here), and, only while it
 * still waits for its payment, its payment inserted unless one with the request's key exists (`on
 * conflict do nothing`). Paid from a wallet (`wallet`), the same statement then locks the wallet, debits
 * the premium with its movement and moves the balance (wallets/service.ts, walletMovementCtes), only when
 * the payment was inserted: the key, the insurance, then the wallet, locked in that order as before; it
 * also marks the insurance paid and reads its invoice's facts (invoices/after-payment.ts,
 * collectedPaymentCtes: a round trip fewer, 2026-11-27), undone with the rest when the debit is refused.
 * Reports the claim to `claim` (no row: another request holds the key, and the work stops there, nothing
 * written). Answers the insurance as locked (null when it is not the caller's), the payment as written
 * (null when none was) and the wallet's part (null when there was none to do, or no wallet yet). Its text
 * is built once (db/client.ts statementOnce), its values bound on every call: drizzle building it on
 * every payment took 0.33–0.39 ms of the API's CPU (2026-11-27, load average 12).
 */
async function lockAndInsertPayment(
  tx: Tx,
  claim: KeyClaim,
  values: {
    userId: number;
    insuranceId: number;
    method: PaymentMethod;
    status: 'approved' | 'pending';
    providerStatus: string | null;
    externalReference: string;
    idempotencyKey: string;
    requestHash: string;
    approvedAt: Date | null;
  },
  wallet?: WalletKind,
): Promise<{
  insurance: { id: number; number: string; totalCents: number; paid: boolean; status: string } | null;
  inserted: PaymentRow | null;
  appended: Appended | null;
  /** Paid from a wallet: the insurance marked paid and its invoice's facts, read with the payment. */
  collected: CollectedFactsRow | null;
}> {
  const [found] = rowsOf<
    Partial<Appended> & {
      collected_facts?: CollectedFactsRow | null;
      claimed_id: number;
      id: number | null;
      number: string;
      total_cents: number;
      paid: boolean;
      status: string;
      payment_id: number | null;
      payment_created_ms: string | null;
      updated_ms: string | null;
    }
  >(
    await (wallet ? paymentWithDebit : paymentAlone)(tx, {
      ...values,
      ...claim.values,
      // Paid from a wallet, the payment is approved now: the insurance is paid at that moment.
      ...(wallet && values.approvedAt ? collectedPaymentValues(values.userId, values.approvedAt) : {}),
      approvedAt: values.approvedAt?.toISOString() ?? null,
      wallet: wallet ?? null,
    }),
  );
  // No row: another request holds the key, and the work stops here (nothing was written).
  claim.took(found?.claimed_id);
  if (!found || found.id === null)
    return { insurance: null, inserted: null, appended: null, collected: null };
  const insurance = {
    id: Number(found.id),
    number: found.number,
    totalCents: Number(found.total_cents),
    paid: found.paid,
    status: found.status,
  };
  if (found.payment_id === null) return { insurance, inserted: null, appended: null, collected: null };
  // The wallet's part: none when no wallet was asked for, or the user has none yet (no row to lock).
  const appended =
    wallet && found.wallet_id !== null && found.wallet_id !== undefined
      ? {
          wallet_id: found.wallet_id,
          balance_cents: found.balance_cents ?? 0,
          movement_id: found.movement_id ?? null,
          created_ms: found.created_ms ?? null,
          moved: found.moved ?? 0,
        }
      : null;
  return {
    insurance,
    appended,
    collected: found.collected_facts ?? null,
    inserted: {
      id: Number(found.payment_id),
      userId: values.userId,
      purpose: 'insurance',
      insuranceId: insurance.id,
      method: values.method,
      amountCents: insurance.totalCents,
      status: values.status,
      providerStatus: values.providerStatus,
      providerPaymentId: null,
      externalReference: values.externalReference,
      idempotencyKey: values.idempotencyKey,
      requestHash: values.requestHash,
      approvedAt: values.approvedAt,
      refundRequestedAt: null,
      providerRefundId: null,
      refundedAt: null,
      reversedAt: null,
      createdAt: new Date(Math.trunc(Number(found.payment_created_ms))),
      updatedAt: new Date(Math.trunc(Number(found.updated_ms))),
    },
  };
}

const WALLET_OF: Partial<Record<PaymentMethod, WalletKind>> = {
  money_wallet: 'money',
  credit_wallet: 'credit',
};

/** A wallet payment's movement: these words and the insurance's number. */
const PAYMENT_DESCRIPTION = 'Pago de la contratación ';

export async function payInsurance(
  deps: { db: Db; providers: Providers },
  input: {
    userId: number;
    insuranceId: number;
    method: PaymentMethod;
    idempotencyKey: string;
    now?: Date;
    /** Where a failure after the commit is told (the request's log). */
    log?: Pick<FastifyBaseLogger, 'warn'>;
  },
): Promise<PayResult> {
  const request: KeyedRequest = {
    userId: input.userId,
    scope: 'payment',
    key: input.idempotencyKey,
    hash: requestHash(['insurance', input.insuranceId, input.method]),
    ...(input.log ? { log: input.log } : {}),
  };
  const now = input.now ?? new Date();
  const wallet = WALLET_OF[input.method];
  const payment = await keyedPayment(deps.db, request, async (tx, claim) => {
    const {
      insurance,
      inserted: written,
      appended,
      collected,
    } = await lockAndInsertPayment(
      tx,
      claim,
      {
        userId: input.userId,
        insuranceId: input.insuranceId,
        method: input.method,
        status: wallet ? 'approved' : 'pending',
        providerStatus: wallet ? 'approved' : null,
        externalReference: newToken(16),
        idempotencyKey: input.idempotencyKey,
        requestHash: request.hash,
        approvedAt: wallet ? now : null,
      },
      wallet,
    );
    if (!insurance) throw new AppError('not_found', { message: 'La contratación no existe.' });
    if (insurance.paid || insurance.status !== 'pendiente') {
      // Paid, or no longer waiting: unless by this key's own payment, made by the previous version.
      const earlier = await paymentByKey(tx, request);
      if (earlier) return earlier;
      // Same words either way; the code tells an insurance already paid from one that stopped waiting.
      if (insurance.paid)
        throw new AppError('payment_already_approved', {
          message: 'Esta contratación no tiene un pago pendiente.',
        });
      throw new AppError('payment_not_pending');
    }
    if (!written) {
      // Waiting, but a payment with this key exists (made by the previous version, which kept no record
      // of the request): answered as it is, or the key refused when it was another request's.
      const earlier = await paymentByKey(tx, request);
      if (!earlier) throw new Error('A payment with this idempotency key exists and cannot be read');
      return earlier;
    }
    const row = written;
    if (wallet) {
      const movement = {
        userId: input.userId,
        kind: wallet,
        amountCents: -insurance.totalCents,
        movement: 'insurance_payment' as const,
        description: `${PAYMENT_DESCRIPTION}${insurance.number}`,
        paymentId: row.id,
        insuranceId: insurance.id,
      };
      // Debited in the first statement; the user's first movement in this wallet creates it here.
      if (appended) await movementAppended(tx, movement, appended);
      else await postMovement(tx, movement);
      // Marked paid and its invoice's facts read in the first statement: the invoice issued from them.
      await recordCollectedPaymentRead(tx, { ...row, insuranceId: insurance.id }, now, collected);
      // What migration 0017's trigger says at commit, said after it (0028): the commits of transactions
      // that notify are serialised by PostgreSQL. With the bell's count the notifications tell (notify.ts),
      // in one statement. Should it fail, the payment stands, the writer's own instance already forgot the
      // customer's pages (lib/read-cache.ts), and the others keep theirs 30 s at most.
      afterCommit(tx, (db) => notifyInsurancesChanged(db, input.userId));
    }
    return row;
  });
  return resume(deps, payment);
}

export async function startTopUp(
  deps: { db: Db; providers: Providers },
  input: {
    userId: number;
    wallet: WalletKind;
    amountCents: number;
    method: 'sandbox' | 'mercadopago' | 'uala';
    idempotencyKey: string;
  },
): Promise<PayResult> {
  const purpose: Purpose = input.wallet === 'money' ? 'money_top_up' : 'credit_top_up';
  const request: KeyedRequest = {
    userId: input.userId,
    scope: 'payment',
    key: input.idempotencyKey,
    hash: requestHash([purpose, input.amountCents, input.method]),
  };
  const payment = await keyedPayment(deps.db, request, async (tx, claim) => {
    // A top-up's key is claimed in a statement of its own, before its payment's insert.
    await claim.take(tx);
    const { row } = await insertKeyedPayment(tx, request, {
      userId: input.userId,
      purpose,
      method: input.method,
      amountCents: input.amountCents,
      externalReference: newToken(16),
      idempotencyKey: input.idempotencyKey,
      requestHash: request.hash,
    });
    return row;
  });
  return resume(deps, payment);
}

async function resume(deps: { providers: Providers }, payment: PaymentRow): Promise<PayResult> {
  let checkoutUrl: string | null = null;
  if (
    payment.status === 'pending' &&
    (payment.method === 'sandbox' || payment.method === 'mercadopago' || payment.method === 'uala')
  ) {
    const provider = deps.providers[payment.method];
    if (!provider)
      throw new AppError('provider_unavailable', { message: 'Ese medio de pago no está disponible.' });
    checkoutUrl = await provider.createCheckout(payment);
  }
  return { payment: paymentOut(payment), checkout_url: checkoutUrl };
}

/**
 * Applies what a provider reports about a payment, once: an approved payment stays approved whatever
 * arrives later (duplicates, out-of-order pendings), and its money moves exactly once (the movement's
 * unique key per payment backs this up in the database) — until the provider reports it given back
 * (refunded, cancelled, charged back): the refund we asked for is recorded, one we did not is a reversal
 * (reversals.ts). Either is final: nothing reported afterwards changes the payment again.
 */
export async function applyProviderStatus(
  db: Db,
  input: {
    method: 'sandbox' | 'mercadopago' | 'uala';
    externalReference: string;
    providerPaymentId: string;
    providerStatus: string | null;
    /** The provider's id of who paid, when it reports one (referrals: one payer, one reward). */
    payerId?: string | null;
    now?: Date;
  },
): Promise<PaymentRow> {
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const [payment] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.externalReference, input.externalReference), eq(payments.method, input.method)))
      .for('update');
    if (!payment) throw new AppError('not_found', { message: 'El pago no existe.' });
    // Given back or taken back: settled, whatever arrives later (replays, older statuses).
    if (payment.refundedAt || payment.reversedAt) return payment;
    if (payment.status === 'approved') {
      // An approved payment changes only when the provider gives it back: our refund, or a reversal.
      if (!isReversalStatus(input.providerStatus)) return payment;
      if (payment.refundRequestedAt) return recordProviderRefund(tx, payment, input.providerStatus, now);
      return reversePayment(tx, payment, input.providerStatus, now);
    }
    const outcome = classifyPaymentStatus(input.providerStatus);
    const status =
      outcome === 'approved'
        ? 'approved'
        : outcome === 'pending'
          ? 'pending'
          : (input.providerStatus ?? 'failure');
    const [updated] = await tx
      .update(payments)
      .set({
        status,
        providerStatus: input.providerStatus,
        providerPaymentId: input.providerPaymentId,
        approvedAt: outcome === 'approved' ? now : null,
        updatedAt: now,
      })
      .where(eq(payments.id, payment.id))
      .returning();
    if (outcome === 'failing') {
      const [insurance] = payment.insuranceId
        ? await tx
            .select({ number: insurances.number })
            .from(insurances)
            .where(eq(insurances.id, payment.insuranceId))
        : [];
      await notifyPaymentFailed(tx, payment, insurance?.number ?? null);
    }
    if (outcome !== 'approved') return updated!;

    if (payment.purpose === 'insurance' && payment.insuranceId) {
      const [insurance] = await tx
        .select()
        .from(insurances)
        .where(eq(insurances.id, payment.insuranceId))
        .for('update');
      if (insurance?.status === 'pendiente' && !insurance.paidAt) {
        await recordCollectedPayment(
          tx,
          { ...updated!, payerKey: input.payerId ? `${input.method}:${input.payerId}` : null },
          now,
          { markPaid: true },
        );
      } else {
        // Paid after it stopped waiting (voided, cancelled, already paid another way): nothing is lost,
        // the money goes to the customer's money wallet.
        await postMovement(tx, {
          userId: payment.userId,
          kind: 'money',
          amountCents: payment.amountCents,
          movement: 'refund',
          description: `Devolución de un pago de la contratación ${insurance?.number ?? ''}`.trim(),
          paymentId: payment.id,
          insuranceId: payment.insuranceId,
        });
      }
    } else {
      const wallet: WalletKind = payment.purpose === 'credit_top_up' ? 'credit' : 'money';
      await postMovement(tx, {
        userId: payment.userId,
        kind: wallet,
        amountCents: payment.amountCents,
        movement: 'top_up',
        description: wallet === 'money' ? 'Ingreso de dinero' : 'Carga de crédito',
        paymentId: payment.id,
      });
    }
    return updated!;
  });
}

/** One of the caller's payments, by id or by its external reference; another customer's is a 404. */
export async function findPayment(
  deps: { db: DbOrTx },
  input: { userId: number } & ({ id: number } | { externalReference: string }),
): Promise<Payment> {
  const condition =
    'id' in input ? eq(payments.id, input.id) : eq(payments.externalReference, input.externalReference);
  const [row] = await deps.db
    .select()
    .from(payments)
    .where(and(condition, eq(payments.userId, input.userId)));
  if (!row) throw new AppError('not_found', { message: 'El pago no existe.' });
  return paymentOut(row);
}
