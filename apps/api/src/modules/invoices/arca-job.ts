/**
 * ARCA authorisation of invoices and credit notes, as an outbox job (decision 024). A document is written
 * `pendiente_cae` in the transaction that collects or refunds the money, and that transaction enqueues
 * this job. The job:
 *
 * 1. takes the lease of its numbering sequence (point of sale and voucher type, `arca_sequences`), held
 *    across every call to ARCA, so two instances never ask for the same number;
 * 2. settles first every number of that sequence whose answer never came (a timeout): if ARCA has the
 *    voucher, its CAE is stored (never a second voucher for one document); if not, the number is free;
 * 3. asks ARCA the last authorised number and requests the CAE for the next one, with the receiver's
 *    document and VAT condition (RG 5616/2024), the VAT breakdown and totals that add up to the centavo,
 *    and, for a credit note, its invoice (which must be authorised first: the job waits for it);
 * 4. stores the answer: approved → `autorizada` with CAE, due date and number; rejected → `rechazada`
 *    with ARCA's messages for an operator to fix and retry; no answer → the number stays pending and the
 *    job runs again later (step 2 consults it).
 *
 * The number being asked for is committed before the call, so a process that dies mid-call leaves it for
 * the next attempt to consult. Numbers stay gap-free: ARCA hands out last + 1 only to authorised
 * vouchers, and nothing else asks numbers of that point of sale (docs/operations.md).
 *
 * The jobs a worker claims together run one after another (authorizeInvoiceJobs), not side by side.
 */
import { randomUUID } from 'node:crypto';
import { formatInvoiceNumber, splitIva } from '@cubierto/contracts';
import { and, asc, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import {
  arcaSequences,
  insurances,
  invoiceLines,
  invoices,
  type StoredArcaMessage,
} from '../../db/schema/index.ts';
import { enqueue, type Job, type JobHandlers, type JobLog, JobNotYetError } from '../../lib/outbox.ts';
import { runWithRequestId } from '../../lib/request-id.ts';
import { notify } from '../notifications/notify.ts';
import {
  type ArcaCaeRequest,
  type ArcaCaeResult,
  type ArcaClient,
  ArcaUnavailableError,
  type ArcaVatLine,
  type ArcaVoucherType,
} from './arca/types.ts';
import { ArcaInvalidRequestError } from './arca/wsfe.ts';
import type { ArcaService } from './arca-service.ts';

export const ARCA_AUTHORIZE_JOB = 'invoices.arca-authorize';

/** How long a job holds its sequence at most (longer than its three calls to ARCA at their timeout). */
const SEQUENCE_LEASE_MS = 3 * 60_000;
/** How long a job waits for another instance's turn on the same sequence before trying again later. */
const SEQUENCE_WAIT_MS = 60_000;

type InvoiceRow = typeof invoices.$inferSelect;

/** WSFEv1 CbteTipo of a document. */
export function voucherTypeOf(kind: 'invoice' | 'credit_note', letter: 'A' | 'B'): ArcaVoucherType {
  if (kind === 'invoice') return letter === 'A' ? 1 : 6;
  return letter === 'A' ? 3 : 8;
}

/** The letter of a voucher type, and its code as printed ("Cód. 006"). */
export function voucherCode(type: number): string {
  return String(type).padStart(3, '0');
}

/**
 * CondicionIVAReceptorId (RG 5616/2024, FEParamGetCondicionIvaReceptor) of a tax condition: 1 IVA
 * Responsable Inscripto, 4 IVA Sujeto Exento, 5 Consumidor Final, 6 Responsable Monotributo.
 */
export const RECEIVER_IVA_CONDITION = {
  responsable_inscripto: 1,
  exento: 4,
  consumidor_final: 5,
  monotributo: 6,
} as const;

/** AlicIva Id of an IVA rate in basis points (0 % is not a rate of ours: an exempt line is ImpOpEx). */
const VAT_RATE_IDS: Record<number, ArcaVatLine['rateId']> = {
  2100: 5,
  1050: 4,
  2700: 6,
  500: 8,
  250: 9,
};

/** Today in Argentina, YYYY-MM-DD. */
export function argentinaDate(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Argentina/Buenos_Aires' }).format(at);
}

/** Enqueues the authorisation of a document inside the caller's transaction (`round` tells retries apart). */
export function enqueueArcaAuthorization(
  tx: DbOrTx,
  invoiceId: number,
  round: number | string = 0,
  runAt?: Date,
) {
  return enqueue(tx, {
    kind: ARCA_AUTHORIZE_JOB,
    payload: { invoiceId },
    key: `${ARCA_AUTHORIZE_JOB}:${invoiceId}:${round}`,
    ...(runAt ? { runAt } : {}),
  });
}

/** A job that cannot do its work yet and must run again later (the outbox retries it with backoff). */
export class ArcaNotYetError extends JobNotYetError {
  override name = 'ArcaNotYetError';
}

/** Another instance held the sequence for longer than a job waits for it. */
export class ArcaSequenceBusyError extends ArcaNotYetError {
  override name = 'ArcaSequenceBusyError';
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Takes the lease of a sequence, waiting for another holder up to `waitMs`; answers the release. */
async function takeSequence(
  db: Db,
  pointOfSale: number,
  voucherType: number,
  waitMs: number,
): Promise<() => Promise<void>> {
  const token = randomUUID();
  await db
    .insert(arcaSequences)
    .values({ pointOfSale, voucherType })
    .onConflictDoNothing({ target: [arcaSequences.pointOfSale, arcaSequences.voucherType] });
  const giveUpAt = Date.now() + waitMs;
  for (let pause = 25; ; pause = Math.min(pause * 2, 500)) {
    const now = new Date();
    const taken = await db
      .update(arcaSequences)
      .set({ lockedBy: token, lockedUntil: new Date(now.getTime() + SEQUENCE_LEASE_MS) })
      .where(
        and(
          eq(arcaSequences.pointOfSale, pointOfSale),
          eq(arcaSequences.voucherType, voucherType),
          or(isNull(arcaSequences.lockedUntil), lt(arcaSequences.lockedUntil, now)),
        ),
      )
      .returning({ token: arcaSequences.lockedBy });
    if (taken.length > 0) {
      return async () => {
        await db
          .update(arcaSequences)
          .set({ lockedBy: null, lockedUntil: null })
          .where(
            and(
              eq(arcaSequences.pointOfSale, pointOfSale),
              eq(arcaSequences.voucherType, voucherType),
              eq(arcaSequences.lockedBy, token),
            ),
          );
      };
    }
    if (Date.now() >= giveUpAt)
      throw new ArcaSequenceBusyError(`ARCA sequence ${pointOfSale}/${voucherType} is busy`);
    await sleep(pause);
  }
}

/**
 * The amounts ARCA asks for, from the document's lines: 0 % lines are exempt (ImpOpEx); the others are
 * grouped by rate and each group's total is split once into base and IVA (as splitIva does a line), so
 * every AlicIva's IVA is its base × rate within half a centavo (ARCA's 10051 allows one) however many
 * lines it sums. The document's own net and IVA are written from the same split (service.ts).
 */
export function arcaAmounts(
  lines: ReadonlyArray<{ totalCents: number; ivaRateBps: number }>,
): Pick<
  ArcaCaeRequest,
  | 'totalCentavos'
  | 'untaxedCentavos'
  | 'netCentavos'
  | 'exemptCentavos'
  | 'vatCentavos'
  | 'otherTaxesCentavos'
  | 'vat'
> {
  const totals = new Map<number, number>();
  for (const line of lines) totals.set(line.ivaRateBps, (totals.get(line.ivaRateBps) ?? 0) + line.totalCents);
  let exemptCentavos = 0;
  const vat: ArcaVatLine[] = [];
  for (const [rateBps, total] of totals) {
    if (rateBps === 0) {
      exemptCentavos += total;
      continue;
    }
    const rateId = VAT_RATE_IDS[rateBps];
    if (!rateId) throw new Error(`IVA rate ${rateBps / 100} % has no ARCA AlicIva id`);
    const { netCents, ivaCents } = splitIva(total, rateBps);
    vat.push({ rateId, baseCentavos: netCents, amountCentavos: ivaCents });
  }
  vat.sort((a, b) => a.rateId - b.rateId);
  const netCentavos = vat.reduce((s, v) => s + v.baseCentavos, 0);
  const vatCentavos = vat.reduce((s, v) => s + v.amountCentavos, 0);
  return {
    totalCentavos: netCentavos + vatCentavos + exemptCentavos,
    untaxedCentavos: 0,
    netCentavos,
    exemptCentavos,
    vatCentavos,
    otherTaxesCentavos: 0,
    vat,
  };
}

/** The rate in basis points of an AlicIva id (for printing "IVA 21 %"). */
export function vatRateBpsOf(rateId: ArcaVatLine['rateId']): number {
  return Number(Object.entries(VAT_RATE_IDS).find(([, id]) => id === rateId)?.[0] ?? 0);
}

/** The receiver as ARCA identifies it: CUIT 80 or DNI 96, digits only. */
export function arcaReceiver(row: Pick<InvoiceRow, 'recipientDocumentType' | 'recipientDocumentNumber'>) {
  return {
    docType: row.recipientDocumentType === 'CUIT' ? (80 as const) : (96 as const),
    docNumber: row.recipientDocumentNumber.replace(/\D/g, ''),
  };
}

/** The CAE request of a document for a number on a date. */
async function caeRequest(
  db: Db,
  row: InvoiceRow,
  input: { pointOfSale: number; number: number; issuedOn: string; associated?: ArcaCaeRequest['associated'] },
): Promise<ArcaCaeRequest> {
  const lines = await db
    .select({ line: invoiceLines, startsOn: insurances.startsOn, endsOn: insurances.endsOn })
    .from(invoiceLines)
    .leftJoin(insurances, eq(insurances.id, invoiceLines.insuranceId))
    .where(eq(invoiceLines.invoiceId, row.id))
    .orderBy(asc(invoiceLines.id));
  const starts = lines.map((l) => l.startsOn).filter((d): d is string => !!d);
  const ends = lines.map((l) => l.endsOn).filter((d): d is string => !!d);
  // The insured period is the service's (concept 2); a credit note or a line without one: the voucher's day.
  const serviceFrom = starts.length ? starts.reduce((a, b) => (a < b ? a : b)) : input.issuedOn;
  const serviceToRaw = ends.length ? ends.reduce((a, b) => (a > b ? a : b)) : input.issuedOn;
  const serviceTo = serviceToRaw < serviceFrom ? serviceFrom : serviceToRaw;
  return {
    pointOfSale: input.pointOfSale,
    voucherType: row.arcaVoucherType as ArcaVoucherType,
    number: input.number,
    issuedOn: input.issuedOn,
    concept: 2,
    serviceFrom,
    serviceTo,
    // Collected before the invoice exists: due the day it is issued.
    paymentDueOn: input.issuedOn,
    receiver: { ...arcaReceiver(row), ivaConditionId: row.receiverIvaConditionId },
    ...arcaAmounts(lines.map((l) => l.line)),
    ...(input.associated ? { associated: input.associated } : {}),
  };
}

const messagesOf = (result: ArcaCaeResult): StoredArcaMessage[] => [
  ...result.observations.map((m) => ({ ...m, kind: 'observation' as const })),
  ...(result.result === 'R' ? result.errors.map((m) => ({ ...m, kind: 'error' as const })) : []),
];

/** Stores ARCA's CAE and number; an invoice's customer is told it is ready to download. */
async function storeAuthorised(
  db: Db,
  invoiceId: number,
  answer: { number: number; cae: string; caeDueOn: string; observations: StoredArcaMessage[] },
  extra: { pointOfSale: number; issuedOn?: string },
) {
  const [stored] = await db
    .update(invoices)
    .set({
      arcaStatus: 'autorizada',
      number: answer.number,
      pointOfSale: extra.pointOfSale,
      cae: answer.cae,
      caeDueOn: answer.caeDueOn,
      arcaPendingNumber: null,
      arcaMessages: answer.observations,
      ...(extra.issuedOn ? { arcaIssuedOn: extra.issuedOn } : {}),
    })
    .where(and(eq(invoices.id, invoiceId), eq(invoices.arcaStatus, 'pendiente_cae')))
    .returning();
  if (stored?.kind === 'invoice') {
    await notify(db, {
      userId: stored.userId,
      title: 'Tu factura está lista',
      body: `ARCA autorizó tu factura ${stored.letter} ${formatInvoiceNumber(stored.pointOfSale, answer.number)}. Descargala en Facturación.`,
      action: { type: 'Invoice', invoiceId: stored.id },
      key: `invoice:${stored.id}:issued`,
    });
  }
}

/**
 * Settles the sequence's numbers whose answer never came, under its lease: ARCA has the voucher → its
 * CAE is the document's; it has not → the number is free again.
 */
async function settleUncertain(
  db: Db,
  client: ArcaClient,
  pointOfSale: number,
  voucherType: ArcaVoucherType,
) {
  const pending = await db
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.pointOfSale, pointOfSale),
        eq(invoices.arcaVoucherType, voucherType),
        isNotNull(invoices.arcaPendingNumber),
      ),
    )
    .orderBy(asc(invoices.arcaPendingNumber));
  for (const row of pending) {
    const number = row.arcaPendingNumber!;
    const found = await client.consult(pointOfSale, voucherType, number);
    if (found) {
      await storeAuthorised(
        db,
        row.id,
        {
          number,
          cae: found.cae,
          caeDueOn: found.caeDueOn,
          observations: found.observations.map((m) => ({ ...m, kind: 'observation' as const })),
        },
        { pointOfSale },
      );
    } else {
      await db.update(invoices).set({ arcaPendingNumber: null }).where(eq(invoices.id, row.id));
    }
  }
}

export type AuthorizeOutcome = 'autorizada' | 'rechazada' | 'already';

type Deps = {
  db: Db;
  arca: Pick<ArcaService, 'client' | 'pointOfSale'>;
  log?: JobLog;
  now?: () => Date;
};

/** A credit note's CbtesAsoc: its invoice once authorised, else null (the note waits). */
async function associatedOf(
  db: Db,
  row: InvoiceRow,
): Promise<ArcaCaeRequest['associated'] | null | undefined> {
  if (row.kind !== 'credit_note') return undefined;
  const [invoice] = await db.select().from(invoices).where(eq(invoices.id, row.invoiceId!));
  if (invoice?.arcaStatus !== 'autorizada') return null;
  return {
    voucherType: invoice.arcaVoucherType as ArcaVoucherType,
    pointOfSale: invoice.pointOfSale,
    number: invoice.number!,
    issuedOn: invoice.arcaIssuedOn!,
  };
}

/**
 * Asks ARCA the CAE of one pending document of the sequence whose lease the caller holds: the next
 * number, committed before the call; the answer stored. Throws ArcaUnavailableError when none came.
 */
async function authorizeOne(
  deps: Deps,
  row: InvoiceRow,
  pointOfSale: number,
  conditions: ReadonlyArray<{ id: number }>,
): Promise<AuthorizeOutcome | 'waiting'> {
  const { db } = deps;
  const { client } = deps.arca;
  const clock = deps.now ?? (() => new Date());
  const associated = await associatedOf(db, row);
  if (associated === null) return 'waiting';
  if (!conditions.some((c) => c.id === row.receiverIvaConditionId)) {
    await db
      .update(invoices)
      .set({
        arcaStatus: 'rechazada',
        arcaMessages: [
          {
            code: 0,
            kind: 'local',
            message: `ARCA no admite la condición frente al IVA ${row.receiverIvaConditionId} del receptor (FEParamGetCondicionIvaReceptor).`,
          },
        ],
        arcaLastAttemptAt: clock(),
      })
      .where(and(eq(invoices.id, row.id), eq(invoices.arcaStatus, 'pendiente_cae')));
    return 'rechazada';
  }
  const voucherType = row.arcaVoucherType as ArcaVoucherType;
  const number = (await client.lastAuthorized(pointOfSale, voucherType)) + 1;
  const issuedOn = argentinaDate(clock());
  const request = await caeRequest(db, row, { pointOfSale, number, issuedOn, associated });
  // Committed before the call: if no answer comes, the next attempt consults this number first.
  await db
    .update(invoices)
    .set({
      pointOfSale,
      arcaPendingNumber: number,
      arcaIssuedOn: issuedOn,
      arcaAttempts: sql`${invoices.arcaAttempts} + 1`,
      arcaLastAttemptAt: clock(),
    })
    .where(eq(invoices.id, row.id));
  let result: ArcaCaeResult;
  try {
    result = await client.requestCae(request);
  } catch (error) {
    // Our own request does not add up (the client refuses it before sending): asking again would fail the
    // same way, so it stands rejected with the reason, for an operator to see and retry once fixed.
    if (error instanceof ArcaInvalidRequestError) {
      await db
        .update(invoices)
        .set({
          arcaStatus: 'rechazada',
          arcaPendingNumber: null,
          arcaMessages: error.problems.map((problem) => ({
            code: 0,
            kind: 'local',
            message: `Solicitud inválida, no enviada a ARCA: ${problem}`.slice(0, 500),
          })),
        })
        .where(and(eq(invoices.id, row.id), eq(invoices.arcaStatus, 'pendiente_cae')));
      deps.log?.warn({ invoiceId: row.id, problems: error.problems }, 'ARCA: request refused before sending');
      return 'rechazada';
    }
    if (error instanceof ArcaUnavailableError) {
      await db
        .update(invoices)
        .set({
          arcaMessages: [
            { code: 0, kind: 'local', message: `Sin respuesta de ARCA: ${error.message}`.slice(0, 500) },
          ],
        })
        .where(eq(invoices.id, row.id));
    }
    throw error;
  }
  if (result.result === 'A') {
    await storeAuthorised(
      db,
      row.id,
      { number: result.number, cae: result.cae, caeDueOn: result.caeDueOn, observations: messagesOf(result) },
      { pointOfSale, issuedOn },
    );
    deps.log?.info({ invoiceId: row.id, number: result.number }, 'ARCA: authorised');
    return 'autorizada';
  }
  await db
    .update(invoices)
    .set({ arcaStatus: 'rechazada', arcaPendingNumber: null, arcaMessages: messagesOf(result) })
    .where(and(eq(invoices.id, row.id), eq(invoices.arcaStatus, 'pendiente_cae')));
  deps.log?.warn({ invoiceId: row.id, messages: messagesOf(result) }, 'ARCA: rejected');
  return 'rechazada';
}

/**
 * Authorises a document with ARCA (see the module's comment); throws to be run again later. Under the
 * sequence's lease it authorises, oldest first, every document of the sequence waiting up to this one,
 * so ARCA's numbers follow the order documents were issued in whichever job runs first (the others then
 * find theirs done).
 */
export async function authorizeInvoice(deps: Deps, invoiceId: number): Promise<AuthorizeOutcome> {
  const { db } = deps;
  const { client } = deps.arca;
  const [first] = await db.select().from(invoices).where(eq(invoices.id, invoiceId));
  if (first?.arcaStatus !== 'pendiente_cae') return 'already';
  if ((await associatedOf(db, first)) === null)
    throw new ArcaNotYetError(`credit note ${first.id} waits for invoice ${first.invoiceId}'s CAE`);
  const voucherType = first.arcaVoucherType as ArcaVoucherType;
  // A document keeps the point of sale it was first asked under; a new one takes the configured one.
  const pointOfSale = first.arcaAttempts > 0 ? first.pointOfSale : deps.arca.pointOfSale;
  const conditions = await client.receiverIvaConditions();
  // The ticket before the lease: a renewal never runs while this sequence waits on it.
  await client.ticketExpiresAt();

  const release = await takeSequence(db, pointOfSale, voucherType, SEQUENCE_WAIT_MS);
  try {
    await settleUncertain(db, client, pointOfSale, voucherType);
    const queue = await db
      .select()
      .from(invoices)
      .where(
        and(
          eq(invoices.arcaStatus, 'pendiente_cae'),
          eq(invoices.arcaVoucherType, voucherType),
          or(eq(invoices.pointOfSale, pointOfSale), eq(invoices.arcaAttempts, 0)),
          lte(invoices.id, invoiceId),
        ),
      )
      .orderBy(asc(invoices.id))
      .limit(200);
    let outcome: AuthorizeOutcome | 'waiting' = 'already';
    for (const row of queue) {
      // Another sequence's document that was never asked keeps waiting for its own job.
      if (row.arcaAttempts > 0 && row.pointOfSale !== pointOfSale) continue;
      const result = await authorizeOne(deps, row, pointOfSale, conditions);
      if (row.id === invoiceId) outcome = result;
    }
    if (outcome === 'waiting')
      throw new ArcaNotYetError(`credit note ${invoiceId} waits for its invoice's CAE`);
    if (outcome === 'already') {
      const [row] = await db.select().from(invoices).where(eq(invoices.id, invoiceId));
      return row?.arcaStatus === 'autorizada'
        ? 'autorizada'
        : row?.arcaStatus === 'rechazada'
          ? 'rechazada'
          : 'already';
    }
    return outcome;
  } finally {
    await release();
  }
}

function invoiceIdOf(payload: unknown): number {
  const invoiceId = Number((payload as { invoiceId?: unknown }).invoiceId);
  if (!Number.isInteger(invoiceId)) throw new Error('invoices.arca-authorize needs an invoiceId');
  return invoiceId;
}

/**
 * Several authorisation jobs, one after another: side by side they would only take turns on their
 * sequence's lease, each polling for it. The newest waiting invoice goes first, since under one lease it
 * authorises every document of its sequence up to it, oldest first; the jobs of those then find theirs
 * done (one read for all of them). Invoices go before credit notes, so that a note whose invoice is in
 * the same batch finds it authorised. When ARCA does not answer, or a sequence stays busy, the jobs not
 * tried yet fail with that reason and wait for their retry, instead of each asking again (and waiting
 * for the lease again). Answers the jobs that failed, with their errors.
 */
export async function authorizeInvoiceJobs(
  deps: Omit<Deps, 'log'>,
  jobs: Job[],
  logOf: (job: Job) => JobLog,
): Promise<Map<number, unknown>> {
  const failures = new Map<number, unknown>();
  let left: Array<{ job: Job; invoiceId: number }> = [];
  for (const job of jobs) {
    try {
      left.push({ job, invoiceId: invoiceIdOf(job.payload) });
    } catch (error) {
      failures.set(job.id, error);
    }
  }
  while (left.length > 0) {
    const rows = await deps.db
      .select({ id: invoices.id, kind: invoices.kind })
      .from(invoices)
      .where(
        and(
          inArray(
            invoices.id,
            left.map((l) => l.invoiceId),
          ),
          eq(invoices.arcaStatus, 'pendiente_cae'),
        ),
      );
    // A document no longer waiting for its CAE (authorised by another job, rejected, gone): its job is done.
    const waiting = new Map(rows.map((row) => [row.id, row.kind]));
    left = left
      .filter((l) => waiting.has(l.invoiceId))
      .sort((a, b) => {
        const notes =
          Number(waiting.get(a.invoiceId) === 'credit_note') -
          Number(waiting.get(b.invoiceId) === 'credit_note');
        return notes !== 0 ? notes : b.invoiceId - a.invoiceId;
      });
    const next = left.shift();
    if (!next) break;
    try {
      await runWithRequestId(next.job.requestId, () =>
        authorizeInvoice({ ...deps, log: logOf(next.job) }, next.invoiceId),
      );
    } catch (error) {
      failures.set(next.job.id, error);
      if (error instanceof ArcaUnavailableError || error instanceof ArcaSequenceBusyError) {
        const reason = `not asked: ${error.message}`;
        for (const { job } of left) failures.set(job.id, new ArcaNotYetError(reason));
        break;
      }
    }
  }
  return failures;
}

/** The outbox handler: one job per document (and per operator retry). */
export function invoiceJobs(arca: ArcaService): JobHandlers {
  return {
    [ARCA_AUTHORIZE_JOB]: {
      // ARCA may be down for a while: keep trying (the wait grows to an hour); operators see what waits.
      maxAttempts: 200,
      async run(payload, context) {
        await authorizeInvoice({ db: context.db, arca, log: context.log }, invoiceIdOf(payload));
      },
      runMany: (jobs, context) => authorizeInvoiceJobs({ db: context.db, arca }, jobs, context.logOf),
    },
  };
}
