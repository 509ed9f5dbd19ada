/**
 * The customer's rights over a contract made online (DOMAIN.md "Botón de arrepentimiento", "Botón de
 * baja"; contracts rights.ts has the routes and answers):
 *
 * - Withdrawal (arrepentimiento, Ley 24.240 art. 34): a paid insurance, asked for within 10 calendar days
 *   of the day it was paid, not ended. It ends today and everything paid goes back the way it came: Mi
 *   dinero or Mi crédito at once, or through Mercado Pago / Ualá's refund API (an outbox job asks; the
 *   provider's webhook confirms). Its credit note is issued at once.
 * - Baja (SSN Res. 360/2024 as amended by 435/2025): an insurance in force, or paid and not started, of a
 *   risk type whose SSN branch the regulation lists. It ends today with `cancellationTerms(…, 'now')`:
 *   the unused part to Mi dinero, as the customer's own cancellation.
 *
 * Every request gets its number at once. Signed in, it is applied in the same transaction. Signed out,
 * what the person typed is recorded whether or not it matches a contract (the answer is the same either
 * way, so nobody learns which contracts exist); only a match gets the e-mail with the confirmation link
 * (single use, 24 h), and following it applies the request as it stands then — the withdrawal window is
 * counted up to the day it was asked for.
 */
import { randomInt } from 'node:crypto';
import {
  bajaButtonCovers,
  type CancellationTerms,
  cancellationTerms,
  formatArs,
  isRiskTypeCode,
  ivaRateFor,
  type OperatorRightsRequest,
  type PaidCover,
  type PublicRightsBody,
  type RefundMethod,
  type RefundStatus,
  RIGHTS_CONFIRMATION_HOURS,
  type RightsEligibleInsurance,
  type RightsKind,
  type RightsRequest,
  type RightsRequestReceived,
  riskTypeRule,
  todayInArgentina,
  withdrawalDeadline,
  withdrawalTerms,
} from '@cubierto/contracts';
import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import {
  entities,
  insurances,
  payments,
  policies,
  rightsRequests,
  riskTypes,
  users,
} from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { escapeHtml, type Mailer } from '../../lib/mail.ts';
import { enqueue } from '../../lib/outbox.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { endInsurance } from '../insurances/status.ts';
import { PROVIDER_REFUND_JOB } from '../payments/refunds.ts';
import { clawBackReferralReward } from '../referrals/service.ts';

type Deps = {
  db: Db;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  config: Pick<Config, 'publicUrl' | 'mailMaxPerEmail'>;
  log?: FastifyBaseLogger;
};
type InsuranceRow = typeof insurances.$inferSelect;
type RequestRow = typeof rightsRequests.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

const PREFIX: Record<RightsKind, string> = { withdrawal: 'ARR', baja: 'BAJ' };
const NAME: Record<RightsKind, string> = { withdrawal: 'arrepentimiento', baja: 'baja' };
const PAGE: Record<RightsKind, string> = { withdrawal: 'arrepentimiento', baja: 'baja' };
const NOT_APPLICABLE = { withdrawal: 'withdrawal_not_applicable', baja: 'baja_not_applicable' } as const;
/** No 0/O, 1/I/L: a number read aloud over the phone. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

function newRequestNumber(kind: RightsKind): string {
  let code = '';
  for (let i = 0; i < 8; i += 1) code += ALPHABET[randomInt(ALPHABET.length)];
  return `${PREFIX[kind]}-${code.slice(0, 4)}-${code.slice(4)}`;
}

const digits = (value: string) => value.replace(/\D/g, '');

/** The insurance as a paid cover for the pure functions of contracts cancellation.ts. */
function coverOf(row: InsuranceRow, riskType: string, today: string): PaidCover {
  return {
    paidCents: row.totalCents,
    startsOn: row.startsOn ?? today,
    endsOn: row.endsOn ?? row.startsOn ?? today,
    ivaRateBps: ivaRateFor(riskType),
  };
}

/** The approved payment that paid the insurance (none when an import paid it from Mi crédito). */
async function paymentOf(tx: DbOrTx, insuranceId: number): Promise<PaymentRow | undefined> {
  const [row] = await tx
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.insuranceId, insuranceId),
        eq(payments.purpose, 'insurance'),
        isNotNull(payments.approvedAt),
      ),
    )
    .orderBy(desc(payments.id))
    .limit(1);
  return row;
}

/**
 * Where a withdrawal's money goes: the way it was paid. A wallet payment goes back to its wallet; a
 * Mercado Pago or Ualá payment through its provider; the sandbox (a development stand-in with no refund
 * API) and an import (paid from Mi crédito, no payment of its own) to their wallets.
 */
function withdrawalRefundMethod(payment: PaymentRow | undefined): RefundMethod {
  if (!payment) return 'credit_wallet';
  if (payment.method === 'mercadopago' || payment.method === 'uala') return payment.method;
  if (payment.method === 'credit_wallet') return 'credit_wallet';
  return 'money_wallet';
}

type Assessment =
  | { ok: true; terms: CancellationTerms; method: RefundMethod | null; deadline: string | null }
  | { ok: false; reason: string };

/**
 * Whether the right applies to the insurance now, and what it would do. `requestedOn` is the day it was
 * asked for (a signed-out request confirmed a day later keeps its place in the window).
 */
function assess(
  kind: RightsKind,
  row: InsuranceRow,
  riskType: string,
  payment: PaymentRow | undefined,
  today: string,
  requestedOn = today,
): Assessment {
  const paid = row.paidAt !== null;
  const open = row.status === 'vigente' || (row.status === 'pendiente' && paid);
  if (kind === 'withdrawal') {
    if (!paid) return { ok: false, reason: 'La contratación no está paga: no hay nada que devolver.' };
    if (!open) return { ok: false, reason: 'La contratación ya terminó.' };
    const deadline = withdrawalDeadline(todayInArgentina(row.paidAt!));
    if (requestedOn > deadline)
      return {
        ok: false,
        reason: `El plazo de arrepentimiento venció el ${dateEs(deadline)} (10 días corridos desde la contratación).`,
      };
    const terms = withdrawalTerms(coverOf(row, riskType, today), today);
    return { ok: true, terms, method: withdrawalRefundMethod(payment), deadline };
  }
  if (!isRiskTypeCode(riskType) || !bajaButtonCovers(riskTypeRule(riskType)))
    return {
      ok: false,
      reason: 'El botón de baja no alcanza a este tipo de seguro. Podés darlo de baja desde la app.',
    };
  if (!open) return { ok: false, reason: 'La contratación no está vigente ni paga.' };
  const terms = cancellationTerms(coverOf(row, riskType, today), today, 'now');
  return { ok: true, terms, method: terms.refundCents > 0 ? 'money_wallet' : null, deadline: null };
}

function dateEs(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
}

/** An insurance with what the rights need of it: its risk type and policy. */
function insuranceQuery(db: DbOrTx) {
  return db
    .select({ insurance: insurances, riskType: riskTypes.shortCode, policy: policies.name })
    .from(insurances)
    .innerJoin(policies, eq(policies.id, insurances.policyId))
    .innerJoin(riskTypes, eq(riskTypes.id, policies.riskTypeId));
}

function refundStatusOf(row: RequestRow, payment: PaymentRow | undefined): RefundStatus {
  if (row.status !== 'aplicada' || !row.refundCents || !row.refundMethod) return 'sin_devolucion';
  if (row.refundMethod === 'mercadopago' || row.refundMethod === 'uala')
    return payment?.refundedAt ? 'devuelta' : 'en_curso';
  return 'acreditada';
}

export function rightsRequestOut(
  row: RequestRow,
  insuranceNumber: string | null,
  payment?: PaymentRow,
): RightsRequest {
  const refund = row.status === 'aplicada' ? (row.refundCents ?? 0) : 0;
  return {
    request_number: row.number,
    kind: row.kind,
    status: row.status,
    insurance_number: insuranceNumber,
    refund_cents: refund,
    refund_nice: formatArs(refund),
    refund_method: refund > 0 ? row.refundMethod : null,
    refund_status: refundStatusOf(row, payment),
    ends_on: row.status === 'aplicada' ? row.endsOn : null,
    refusal: row.refusal,
    created_at: row.createdAt.toISOString(),
  };
}

/** A request's answer as it stands, read back (the provider refund's state included). */
async function requestAnswer(db: DbOrTx, id: number): Promise<RightsRequest> {
  const [found] = await db
    .select({ request: rightsRequests, number: insurances.number, payment: payments })
    .from(rightsRequests)
    .leftJoin(insurances, eq(insurances.id, rightsRequests.insuranceId))
    .leftJoin(payments, eq(payments.id, rightsRequests.paymentId))
    .where(eq(rightsRequests.id, id));
  if (!found) throw new AppError('not_found');
  return rightsRequestOut(found.request, found.number, found.payment ?? undefined);
}

/**
 * Applies the right to a locked insurance: ends it through the transition table (its notification and
 * credit note with it), moves the refund, and, for a provider's payment, records that we asked for its
 * refund and leaves the asking to the outbox job (the provider is never called inside a transaction).
 */
async function apply(
  tx: DbOrTx,
  kind: RightsKind,
  row: InsuranceRow,
  assessment: Extract<Assessment, { ok: true }>,
  payment: PaymentRow | undefined,
  now: Date,
): Promise<Partial<RequestRow>> {
  const { terms, method } = assessment;
  const throughProvider = method === 'mercadopago' || method === 'uala';
  await endInsurance(tx, {
    insurance: row,
    action: kind === 'withdrawal' ? 'withdraw' : 'cancel',
    now,
    refundCents: terms.refundCents,
    refundTo: throughProvider ? 'provider' : method === 'credit_wallet' ? 'credit_wallet' : 'money_wallet',
    set: { cancellationRequestedAt: now, cancelsOn: null },
    refusal: { code: NOT_APPLICABLE[kind] },
  });
  // A withdrawn first insurance of an invitee earns their inviter nothing (DOMAIN.md "Referral rewards").
  if (kind === 'withdrawal')
    await clawBackReferralReward(tx, { insuranceId: row.id, reason: 'insurance_withdrawn', now });
  if (throughProvider && payment && terms.refundCents > 0) {
    await tx
      .update(payments)
      .set({ refundRequestedAt: now, updatedAt: now })
      .where(eq(payments.id, payment.id));
    await enqueue(tx, {
      kind: PROVIDER_REFUND_JOB,
      key: `provider-refund:${payment.id}`,
      payload: { paymentId: payment.id, amountCents: terms.refundCents },
    });
  }
  return {
    status: 'aplicada',
    endsOn: terms.endsOn,
    refundCents: terms.refundCents,
    refundMethod: terms.refundCents > 0 ? method : null,
    paymentId: throughProvider ? (payment?.id ?? null) : null,
    appliedAt: now,
    updatedAt: now,
  };
}

/** Inserts a request under a fresh number (a collision of 31⁸ codes is retried, not answered). */
async function insertRequest(
  db: DbOrTx,
  values: Omit<typeof rightsRequests.$inferInsert, 'number'> & { kind: RightsKind },
): Promise<RequestRow> {
  for (let attempt = 0; ; attempt += 1) {
    const number = newRequestNumber(values.kind);
    const [row] = await db
      .insert(rightsRequests)
      .values({ ...values, number })
      .onConflictDoNothing({ target: rightsRequests.number })
      .returning();
    if (row) return row;
    if (attempt > 3) throw new Error('no free rights request number');
  }
}

/** GET /customers/rights/eligible: the caller's insurances the right applies to today, with its terms. */
export async function listEligible(
  deps: { db: Db },
  input: { userId: number; kind: RightsKind; now?: Date },
): Promise<RightsEligibleInsurance[]> {
  const today = todayInArgentina(input.now ?? new Date());
  const rows = await insuranceQuery(deps.db)
    .where(and(eq(insurances.userId, input.userId), inArray(insurances.status, ['pendiente', 'vigente'])))
    .orderBy(desc(insurances.id));
  const eligible: RightsEligibleInsurance[] = [];
  for (const { insurance, riskType, policy } of rows) {
    if (!insurance.paidAt) continue;
    const payment = input.kind === 'withdrawal' ? await paymentOf(deps.db, insurance.id) : undefined;
    const assessment = assess(input.kind, insurance, riskType, payment, today);
    if (!assessment.ok) continue;
    eligible.push({
      insurance_id: insurance.id,
      insurance_number: insurance.number,
      risk_type: riskType,
      risk_type_name: isRiskTypeCode(riskType) ? riskTypeRule(riskType).name : riskType,
      policy_name: policy,
      status: insurance.status,
      starts_on: insurance.startsOn,
      ends_on: insurance.endsOn,
      paid_cents: insurance.totalCents,
      paid_nice: formatArs(insurance.totalCents),
      deadline: assessment.deadline,
      terms: {
        ends_on: assessment.terms.endsOn,
        refund_cents: assessment.terms.refundCents,
        refund_nice: formatArs(assessment.terms.refundCents),
        kept_cents: assessment.terms.keptCents,
        refund_method: assessment.method,
      },
    });
  }
  return eligible;
}

/** POST /customers/rights/{withdrawals,bajas}: the caller's own insurance, applied at once. */
export async function requestForCustomer(
  deps: Deps,
  input: { userId: number; kind: RightsKind; insuranceId: number; now?: Date },
): Promise<RightsRequest> {
  const now = input.now ?? new Date();
  const today = todayInArgentina(now);
  const id = await deps.db.transaction(async (tx) => {
    const [found] = await insuranceQuery(tx)
      .where(and(eq(insurances.id, input.insuranceId), eq(insurances.userId, input.userId)))
      .for('update', { of: insurances });
    if (!found) throw new AppError('not_found', { message: 'La contratación no existe.' });
    const payment = await paymentOf(tx, found.insurance.id);
    const assessment = assess(input.kind, found.insurance, found.riskType, payment, today);
    if (!assessment.ok) throw new AppError(NOT_APPLICABLE[input.kind], { message: assessment.reason });
    const request = await insertRequest(tx, {
      kind: input.kind,
      channel: 'account',
      status: 'pendiente_confirmacion',
      insuranceId: found.insurance.id,
      userId: input.userId,
      requestedOn: today,
    });
    const applied = await apply(tx, input.kind, found.insurance, assessment, payment, now);
    await tx.update(rightsRequests).set(applied).where(eq(rightsRequests.id, request.id));
    return request.id;
  });
  const answer = await requestAnswer(deps.db, id);
  await mailOutcome(deps, input.userId, answer);
  return answer;
}

/** Counts a signed-out request against its IP, like a sign-in (429 beyond). */
export async function limitPublicRequests(
  deps: Pick<Deps, 'rateLimiter'> & { config: Pick<Config, 'loginLimits'> },
  ip: string,
) {
  const { perIp, windowSeconds } = deps.config.loginLimits;
  const limit = await deps.rateLimiter.hit(`rights:ip:${ip}`, perIp, windowSeconds);
  if (!limit.allowed)
    throw new AppError('too_many_requests', { headers: { 'retry-after': String(limit.retryAfterSeconds) } });
}

/**
 * POST /rights/{withdrawals,bajas} (no session): records the request and answers its number, the same
 * whether or not the contract number, document and e-mail match one contract. A match is e-mailed the
 * confirmation link, or, when the right no longer applies, why (the request is then refused at once).
 */
export async function requestPublicly(
  deps: Deps,
  input: { kind: RightsKind; body: PublicRightsBody; now?: Date },
): Promise<RightsRequestReceived> {
  const now = input.now ?? new Date();
  const today = todayInArgentina(now);
  const { body, kind } = input;
  const [found] = await deps.db
    .select({
      insurance: insurances,
      riskType: riskTypes.shortCode,
      email: users.email,
      name: users.name,
      personalEntityId: users.entityId,
      deletedAt: users.deletedAt,
    })
    .from(insurances)
    .innerJoin(policies, eq(policies.id, insurances.policyId))
    .innerJoin(riskTypes, eq(riskTypes.id, policies.riskTypeId))
    .innerJoin(users, eq(users.id, insurances.userId))
    .where(sql`upper(${insurances.number}) = upper(${body.insurance_number})`);
  let match: { row: InsuranceRow; riskType: string; email: string; name: string } | undefined;
  if (found && !found.deletedAt && found.email.toLowerCase() === body.email) {
    // The taker's document (a business's CUIT) or the account holder's own DNI.
    const ids = [found.insurance.takerEntityId, found.personalEntityId ?? found.insurance.takerEntityId];
    const documents = await deps.db
      .select({ number: entities.documentNumber })
      .from(entities)
      .where(inArray(entities.id, ids));
    if (documents.some((d) => digits(d.number) === body.document_number))
      match = { row: found.insurance, riskType: found.riskType, email: found.email, name: found.name };
  }
  const given = {
    givenInsuranceNumber: body.insurance_number,
    givenDocumentNumber: body.document_number,
    givenEmail: body.email,
  };
  if (!match) {
    const row = await insertRequest(deps.db, {
      kind,
      channel: 'public',
      status: 'pendiente_confirmacion',
      requestedOn: today,
      ...given,
    });
    deps.log?.info({ rights_request: row.number }, 'rights request recorded: it matches no contract');
    return { request_number: row.number, status: 'pendiente_confirmacion' };
  }
  const payment = kind === 'withdrawal' ? await paymentOf(deps.db, match.row.id) : undefined;
  const assessment = assess(kind, match.row, match.riskType, payment, today);
  const token = newToken();
  const row = await insertRequest(deps.db, {
    kind,
    channel: 'public',
    insuranceId: match.row.id,
    userId: match.row.userId,
    requestedOn: today,
    ...given,
    ...(assessment.ok
      ? {
          status: 'pendiente_confirmacion',
          tokenHash: hashToken(token),
          tokenExpiresAt: new Date(now.getTime() + RIGHTS_CONFIRMATION_HOURS * 3_600_000),
        }
      : { status: 'rechazada', refusal: assessment.reason }),
  });
  if (await mayMail(deps, match.email)) {
    const link = `${deps.config.publicUrl}/${PAGE[kind]}/confirmar?token=${encodeURIComponent(token)}`;
    await send(
      deps,
      match.email,
      `Tu solicitud de ${NAME[kind]} N° ${row.number}`,
      assessment.ok
        ? [
            `Hola ${match.name}:`,
            `Recibimos tu solicitud de ${NAME[kind]} de la contratación ${match.row.number}. Su número es ${row.number}.`,
            `Para confirmarla, abrí este enlace dentro de las próximas ${RIGHTS_CONFIRMATION_HOURS} horas:`,
            { link },
            'Si no la pediste vos, ignorá este e-mail: sin la confirmación no hacemos nada.',
          ]
        : [
            `Hola ${match.name}:`,
            `Recibimos tu solicitud de ${NAME[kind]} de la contratación ${match.row.number}. Su número es ${row.number}.`,
            `No podemos aplicarla: ${assessment.reason}`,
          ],
    );
  }
  return { request_number: row.number, status: 'pendiente_confirmacion' };
}

/**
 * POST /rights/{withdrawals,bajas}/confirm: the e-mailed link, once and within 24 h. Applies the request
 * if the right still applies (a withdrawal counted up to the day it was asked for), else refuses it with
 * the reason; either way the answer is the request.
 */
export async function confirmPublicRequest(
  deps: Deps,
  input: { kind: RightsKind; token: string; now?: Date },
): Promise<RightsRequest> {
  const now = input.now ?? new Date();
  const today = todayInArgentina(now);
  const id = await deps.db.transaction(async (tx) => {
    const [request] = await tx
      .select()
      .from(rightsRequests)
      .where(and(eq(rightsRequests.tokenHash, hashToken(input.token)), eq(rightsRequests.kind, input.kind)))
      .for('update');
    if (
      request?.status !== 'pendiente_confirmacion' ||
      !request.insuranceId ||
      !request.tokenExpiresAt ||
      request.tokenExpiresAt <= now
    )
      throw new AppError('invalid_token', {
        message: 'El enlace no es válido, ya se usó o venció. Podés volver a pedirlo.',
      });
    const [found] = await insuranceQuery(tx)
      .where(eq(insurances.id, request.insuranceId))
      .for('update', { of: insurances });
    const payment = await paymentOf(tx, request.insuranceId);
    const assessment = assess(
      input.kind,
      found!.insurance,
      found!.riskType,
      payment,
      today,
      request.requestedOn,
    );
    const outcome: Partial<RequestRow> = assessment.ok
      ? await apply(tx, input.kind, found!.insurance, assessment, payment, now)
      : { status: 'rechazada', refusal: assessment.reason, updatedAt: now };
    await tx
      .update(rightsRequests)
      .set({ ...outcome, tokenHash: null, tokenExpiresAt: null })
      .where(eq(rightsRequests.id, request.id));
    return request.id;
  });
  const answer = await requestAnswer(deps.db, id);
  const [owner] = await deps.db
    .select({ userId: rightsRequests.userId })
    .from(rightsRequests)
    .where(eq(rightsRequests.id, id));
  if (owner?.userId) await mailOutcome(deps, owner.userId, answer);
  return answer;
}

const WHERE_TO: Record<RefundMethod, string> = {
  money_wallet: 'en Mi dinero',
  credit_wallet: 'en Mi crédito',
  mercadopago: 'por Mercado Pago, al medio con que pagaste (puede tardar unos días en verse)',
  uala: 'por Ualá, al medio con que pagaste (puede tardar unos días en verse)',
};

/** The request's number and what happened, to the account's e-mail. */
async function mailOutcome(deps: Deps, userId: number, answer: RightsRequest) {
  const [user] = await deps.db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, userId));
  if (!user || !(await mayMail(deps, user.email))) return;
  const what = NAME[answer.kind];
  const lines =
    answer.status === 'aplicada'
      ? [
          `Hola ${user.name}:`,
          `Aplicamos tu solicitud de ${what} N° ${answer.request_number}: la contratación ${answer.insurance_number} terminó el ${dateEs(answer.ends_on!)}.`,
          answer.refund_cents > 0 && answer.refund_method
            ? `Te devolvemos ${answer.refund_nice} ${WHERE_TO[answer.refund_method]}. La nota de crédito está en Mis facturas.`
            : 'No hay importe para devolver.',
        ]
      : [
          `Hola ${user.name}:`,
          `Tu solicitud de ${what} N° ${answer.request_number} no se pudo aplicar: ${answer.refusal ?? ''}`,
        ];
  await send(deps, user.email, `Tu solicitud de ${what} N° ${answer.request_number}`, lines);
}

/** A rights mail per address is limited like every mail the site sends on a stranger's request. */
async function mayMail(deps: Deps, email: string): Promise<boolean> {
  const limit = await deps.rateLimiter.hit(
    `mail:rights:${email.toLowerCase()}`,
    deps.config.mailMaxPerEmail,
    3600,
  );
  return limit.allowed;
}

type Line = string | { link: string };

/** Sends a mail; a mail that cannot be sent is logged, never undoes the request (its number was given). */
async function send(deps: Deps, to: string, subject: string, lines: Line[]) {
  const text = lines.map((l) => (typeof l === 'string' ? l : l.link)).join('\n\n');
  const html = lines
    .map((l) =>
      typeof l === 'string'
        ? `<p>${escapeHtml(l)}</p>`
        : `<p><a href="${escapeHtml(l.link)}">Confirmar la solicitud</a></p>`,
    )
    .join('');
  try {
    await deps.mailer.send({ to, subject, text: `${text}\n\nCubierto`, html: `${html}<p>Cubierto</p>` });
  } catch (error) {
    deps.log?.error({ err: error, subject }, 'rights mail not sent');
  }
}

/** GET /admin/rights-requests: the latest requests (500 at most), newest first, by kind and status. */
export async function listRightsRequests(
  deps: { db: Db },
  input: { kind?: RightsKind | undefined; status?: RequestRow['status'] | undefined },
): Promise<OperatorRightsRequest[]> {
  const rows = await deps.db
    .select({ request: rightsRequests, number: insurances.number, payment: payments })
    .from(rightsRequests)
    .leftJoin(insurances, eq(insurances.id, rightsRequests.insuranceId))
    .leftJoin(payments, eq(payments.id, rightsRequests.paymentId))
    .where(
      and(
        input.kind ? eq(rightsRequests.kind, input.kind) : undefined,
        input.status ? eq(rightsRequests.status, input.status) : undefined,
      ),
    )
    .orderBy(desc(rightsRequests.id))
    .limit(500);
  return rows.map(({ request, number, payment }) => ({
    ...rightsRequestOut(request, number, payment ?? undefined),
    id: request.id,
    channel: request.channel,
    user_id: request.userId,
    given_insurance_number: request.givenInsuranceNumber,
    given_document_number: request.givenDocumentNumber,
    given_email: request.givenEmail,
    requested_on: request.requestedOn,
    applied_at: request.appliedAt?.toISOString() ?? null,
  }));
}
