/**
 * Insurance processes: a contract in progress, saved after every step so it resumes from any device.
 * Steps follow the risk type's flow group (spec §4); each is validated with the schema the form uses.
 * Quoting prices the saved answers; confirming issues the insurance in status `pendiente`, once.
 */
import { createHash } from 'node:crypto';
import {
  addDays,
  asksForDates,
  type InsuranceDetail,
  type InsuranceProcess,
  PricingError,
  quoteAnswers,
  RISK_TYPES,
  type RiskTypeCode,
  riskIdentifier,
  type StepName,
  stepSchema,
  stepsFor,
  todayInArgentina,
} from '@cubierto/contracts';
import { and, desc, eq, is, type Placeholder, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client.ts';
import {
  applicationPolicies,
  coverages,
  insuranceProcesses,
  insuranceRisks,
  insurances,
  policies,
  quotes,
  riskTypes,
} from '../../db/schema/index.ts';
import { AppError, validationError } from '../../lib/errors.ts';
import { preparedPerDatabase } from '../../lib/prepared.ts';
import { newToken } from '../../lib/tokens.ts';
import { assertUserEntities } from '../business/service.ts';
import { coverageOut } from '../catalog/service.ts';
import { assertOwnUploads } from '../uploads/service.ts';
import { findInsurance } from './service.ts';

const QUOTE_TTL_MS = 24 * 60 * 60 * 1000;

type ProcessRow = typeof insuranceProcesses.$inferSelect;
export type CoverageContext = {
  coverage: typeof coverages.$inferSelect;
  policy: typeof policies.$inferSelect;
  code: RiskTypeCode;
};

export async function loadCoverage(
  db: DbOrTx,
  coverageId: number,
  applicationId: number,
): Promise<CoverageContext> {
  const [row] = await db
    .select({ coverage: coverages, policy: policies, code: riskTypes.shortCode })
    .from(coverages)
    .innerJoin(policies, eq(policies.id, coverages.policyId))
    .innerJoin(riskTypes, eq(riskTypes.id, policies.riskTypeId))
    .innerJoin(
      applicationPolicies,
      and(
        eq(applicationPolicies.policyId, policies.id),
        eq(applicationPolicies.applicationId, applicationId),
      ),
    )
    .where(and(eq(coverages.id, coverageId), eq(coverages.status, 'active'), eq(policies.status, 'active')));
  if (!row) throw new AppError('not_found', { message: 'La cobertura no existe o ya no está disponible.' });
  return { coverage: row.coverage, policy: row.policy, code: row.code as RiskTypeCode };
}

function nextStep(code: RiskTypeCode, answers: ProcessRow['answers']): StepName | 'quote' {
  return stepsFor(code).find((step) => !answers[step]) ?? 'quote';
}

function processOut(
  row: ProcessRow,
  ctx: CoverageContext,
  insuranceId: number | null = null,
): InsuranceProcess {
  return {
    id: row.id,
    status: row.status,
    risk_type: { short_code: ctx.code, name: RISK_TYPES[ctx.code].name },
    coverage: coverageOut(ctx.coverage, ctx.code),
    policy: { id: ctx.policy.id, name: ctx.policy.name, special_clauses: ctx.policy.specialClauses },
    steps: stepsFor(ctx.code),
    answers: row.answers as InsuranceProcess['answers'],
    next_step: nextStep(ctx.code, row.answers),
    insurance_id: insuranceId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

async function ownProcess(db: DbOrTx, userId: number, processId: number, lock = false): Promise<ProcessRow> {
  const query = db
    .select()
    .from(insuranceProcesses)
    .where(and(eq(insuranceProcesses.id, processId), eq(insuranceProcesses.userId, userId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('not_found', { message: 'La contratación no existe.' });
  return row;
}

export async function startProcess(
  deps: { db: Db },
  input: { userId: number; coverageId: number; applicationId: number },
): Promise<InsuranceProcess> {
  const { db } = deps;
  const ctx = await loadCoverage(db, input.coverageId, input.applicationId);
  if (ctx.policy.externalUrl) {
    throw new AppError('policy_contracted_externally');
  }
  const [row] = await db
    .insert(insuranceProcesses)
    .values({ userId: input.userId, coverageId: input.coverageId })
    .returning();
  return processOut(row!, ctx);
}

/**
 * The process with its coverage as loadCoverage reads it and the insurance a confirmed one issued, in one
 * statement (issue 22: three before, one after the other); `coverage` is null when loadCoverage would not
 * find it.
 */
function processQuery(
  db: DbOrTx,
  input: {
    userId: number | Placeholder<'userId', number>;
    processId: number | Placeholder<'processId', number>;
    applicationId: number | Placeholder<'applicationId', number>;
  },
) {
  return db
    .select({
      process: insuranceProcesses,
      coverage: coverages,
      policy: policies,
      code: riskTypes.shortCode,
      linked: applicationPolicies.policyId,
      issuedId: sql<number | null>`case when ${insuranceProcesses.status} = 'completed' then
        (select ${insurances.id} from ${insurances}
          where ${insurances.processId} = ${insuranceProcesses.id} limit 1) end`,
    })
    .from(insuranceProcesses)
    .leftJoin(coverages, and(eq(coverages.id, insuranceProcesses.coverageId), eq(coverages.status, 'active')))
    .leftJoin(policies, and(eq(policies.id, coverages.policyId), eq(policies.status, 'active')))
    .leftJoin(riskTypes, eq(riskTypes.id, policies.riskTypeId))
    .leftJoin(
      applicationPolicies,
      and(
        eq(applicationPolicies.policyId, policies.id),
        eq(applicationPolicies.applicationId, input.applicationId),
      ),
    )
    .where(and(eq(insuranceProcesses.id, input.processId), eq(insuranceProcesses.userId, input.userId)));
}

const preparedProcess = preparedPerDatabase((db: Db) =>
  processQuery(db, {
    userId: sql.placeholder('userId'),
    processId: sql.placeholder('processId'),
    applicationId: sql.placeholder('applicationId'),
  }).prepare('insurance_processes_find'),
);

export async function findProcess(
  deps: { db: DbOrTx },
  input: { userId: number; processId: number; applicationId: number },
): Promise<InsuranceProcess> {
  const { db } = deps;
  const [row] = is(db, PgTransaction)
    ? await processQuery(db, input)
    : await preparedProcess(db as Db).execute(input);
  if (!row) throw new AppError('not_found', { message: 'La contratación no existe.' });
  if (!row.coverage || !row.policy || !row.code || row.linked === null) {
    throw new AppError('not_found', { message: 'La cobertura no existe o ya no está disponible.' });
  }
  // A confirmed process names the insurance it issued: its summary is where that insurance is paid.
  const ctx = { coverage: row.coverage, policy: row.policy, code: row.code as RiskTypeCode };
  return processOut(row.process, ctx, row.issuedId === null ? null : Number(row.issuedId));
}

export async function listProcesses(
  deps: { db: DbOrTx },
  input: { userId: number; applicationId: number },
): Promise<InsuranceProcess[]> {
  const { db } = deps;
  const rows = await db
    .select()
    .from(insuranceProcesses)
    .where(and(eq(insuranceProcesses.userId, input.userId), eq(insuranceProcesses.status, 'in_progress')))
    .orderBy(desc(insuranceProcesses.updatedAt))
    .limit(50);
  const out: InsuranceProcess[] = [];
  for (const row of rows) {
    const ctx = await loadCoverage(db, row.coverageId, input.applicationId).catch(() => null);
    if (ctx) out.push(processOut(row, ctx));
  }
  return out;
}

export async function discardProcess(
  deps: { db: Db },
  input: { userId: number; processId: number },
): Promise<void> {
  const { db } = deps;
  const row = await ownProcess(db, input.userId, input.processId);
  if (row.status !== 'in_progress') throw new AppError('process_not_in_progress');
  await db
    .update(insuranceProcesses)
    .set({ status: 'discarded', updatedAt: new Date() })
    .where(eq(insuranceProcesses.id, row.id));
}

function zodValidations(error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> }) {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    out[key] = [...(out[key] ?? []), issue.message];
  }
  return out;
}

/** Validates and saves one step; the quote must be asked again afterwards. */
export async function saveStep(
  deps: { db: Db },
  input: {
    userId: number;
    processId: number;
    step: StepName;
    body: unknown;
    applicationId: number;
    now?: Date;
  },
): Promise<InsuranceProcess> {
  const { db } = deps;
  return db.transaction(async (tx) => {
    const row = await ownProcess(tx, input.userId, input.processId, true);
    if (row.status !== 'in_progress') throw new AppError('process_not_in_progress');
    const ctx = await loadCoverage(tx, row.coverageId, input.applicationId);
    if (!stepsFor(ctx.code).includes(input.step))
      throw new AppError('not_found', { message: 'Este paso no corresponde a este seguro.' });
    const parsed = stepSchema(ctx.code, input.step, todayInArgentina(input.now), input.now).safeParse(
      input.body,
    );
    if (!parsed.success) throw validationError(zodValidations(parsed.error));
    const value = parsed.data as Record<string, unknown>;
    if (input.step === 'photos')
      await assertOwnUploads(tx, input.userId, value.photos as number[], 'risk_photo', 'photos');
    if (input.step === 'taker') {
      await assertUserEntities(tx, input.userId, [
        value.taker_entity_id as number,
        value.billing_entity_id as number,
      ]);
    }
    if (input.step === 'risk' && typeof value.insured_amount_cents === 'number') {
      priceOrThrow(ctx, { ...row.answers, risk: value });
    }
    const answers = { ...row.answers, [input.step]: value };
    const [updated] = await tx
      .update(insuranceProcesses)
      .set({ answers, updatedAt: new Date() })
      .where(eq(insuranceProcesses.id, row.id))
      .returning();
    return processOut(updated!, ctx);
  });
}

/** The premium of a flow's answers (risk, dates); a PricingError names the field it cannot price. */
export function priceAnswers(ctx: Pick<CoverageContext, 'coverage'>, answers: ProcessRow['answers']) {
  const { pricing, surchargeBps, taxBps } = ctx.coverage;
  return quoteAnswers({ pricing, surchargeBps, taxBps }, answers);
}

function priceOrThrow(ctx: CoverageContext, answers: ProcessRow['answers']) {
  try {
    return priceAnswers(ctx, answers);
  } catch (error) {
    if (error instanceof PricingError) throw validationError({ [error.field]: [error.message] });
    throw error;
  }
}

function hashAnswers(coverageId: number, answers: ProcessRow['answers']): string {
  return createHash('sha256')
    .update(JSON.stringify([coverageId, answers]))
    .digest('hex');
}

export async function quoteProcess(
  deps: { db: Db },
  input: { userId: number; processId: number; applicationId: number },
) {
  const { db } = deps;
  const row = await ownProcess(db, input.userId, input.processId);
  if (row.status !== 'in_progress') throw new AppError('process_not_in_progress');
  const ctx = await loadCoverage(db, row.coverageId, input.applicationId);
  const missing = stepsFor(ctx.code).filter((s) => !row.answers[s]);
  if (missing.length) {
    throw new AppError('validation_failed', {
      message: 'Completá todos los pasos antes de cotizar.',
      validations: Object.fromEntries(missing.map((s) => [s, ['Paso sin completar.']])),
    });
  }
  const premium = priceOrThrow(ctx, row.answers);
  const [quote] = await db
    .insert(quotes)
    .values({
      userId: input.userId,
      processId: row.id,
      coverageId: row.coverageId,
      netCents: premium.net_cents,
      surchargesCents: premium.surcharges_cents,
      taxesCents: premium.taxes_cents,
      totalCents: premium.total_cents,
      answersHash: hashAnswers(row.coverageId, row.answers),
      expiresAt: new Date(Date.now() + QUOTE_TTL_MS),
    })
    .returning();
  return { id: quote!.id, process_id: row.id, premium, expires_at: quote!.expiresAt.toISOString() };
}

/**
 * Issues the insurance in status `pendiente` from a valid quote, in one transaction. Confirming the same
 * process again (a retried request) returns the insurance already issued instead of a second one.
 */
export async function confirmProcess(
  deps: { db: Db },
  input: { userId: number; processId: number; quoteId: number; applicationId: number; now?: Date },
): Promise<{ created: boolean; insurance: InsuranceDetail }> {
  const { db } = deps;
  const { insuranceId, created } = await issueInsurance(db, input);
  return { created, insurance: await findInsurance(deps, { userId: input.userId, insuranceId }) };
}

async function issueInsurance(
  db: Db,
  input: { userId: number; processId: number; quoteId: number; applicationId: number; now?: Date },
): Promise<{ insuranceId: number; created: boolean }> {
  return db.transaction(async (tx) => {
    const row = await ownProcess(tx, input.userId, input.processId, true);
    if (row.status === 'completed') {
      const [existing] = await tx
        .select({ id: insurances.id })
        .from(insurances)
        .where(eq(insurances.processId, row.id));
      if (existing) return { insuranceId: existing.id, created: false };
    }
    if (row.status !== 'in_progress') throw new AppError('process_not_in_progress');
    const ctx = await loadCoverage(tx, row.coverageId, input.applicationId);
    const [quote] = await tx
      .select()
      .from(quotes)
      .where(
        and(eq(quotes.id, input.quoteId), eq(quotes.processId, row.id), eq(quotes.userId, input.userId)),
      );
    if (!quote) throw new AppError('not_found', { message: 'La cotización no existe.' });
    if (
      quote.expiresAt.getTime() < Date.now() ||
      quote.answersHash !== hashAnswers(row.coverageId, row.answers)
    ) {
      throw new AppError('quote_expired');
    }
    const today = todayInArgentina(input.now);
    const dates = row.answers.dates as { start_date: string; end_date: string } | undefined;
    const startsOn = asksForDates(ctx.code) && dates ? dates.start_date : today;
    const endsOn = asksForDates(ctx.code) && dates ? dates.end_date : addDays(today, 30);
    if (startsOn < today) throw new AppError('start_date_passed');
    const taker = row.answers.taker as { taker_entity_id: number; billing_entity_id: number };
    await assertUserEntities(tx, input.userId, [taker.taker_entity_id, taker.billing_entity_id]);
    const year = today.slice(0, 4);
    const [insurance] = await tx
      .insert(insurances)
      .values({
        number: `CUB-${year}-${String(row.id).padStart(7, '0')}`,
        userId: input.userId,
        processId: row.id,
        quoteId: quote.id,
        coverageId: ctx.coverage.id,
        policyId: ctx.policy.id,
        takerEntityId: taker.taker_entity_id,
        billingEntityId: taker.billing_entity_id,
        startsOn,
        endsOn,
        netCents: quote.netCents,
        surchargesCents: quote.surchargesCents,
        taxesCents: quote.taxesCents,
        totalCents: quote.totalCents,
        status: 'pendiente',
        verificationCode: newToken(12),
      })
      .returning({ id: insurances.id });
    const risk = row.answers.risk ?? {};
    await tx.insert(insuranceRisks).values({
      insuranceId: insurance!.id,
      kind: ctx.code,
      data: risk,
      photoFileIds: (row.answers.photos?.photos as number[] | undefined) ?? [],
      identifier: riskIdentifier(ctx.code, risk),
    });
    await tx
      .update(insuranceProcesses)
      .set({ status: 'completed', updatedAt: new Date() })
      .where(eq(insuranceProcesses.id, row.id));
    return { insuranceId: insurance!.id, created: true };
  });
}
