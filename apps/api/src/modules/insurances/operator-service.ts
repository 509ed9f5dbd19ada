/**
 * Insurances as the operator sees them: found by number, the taker's DNI/CUIT, an IMEI or a plate; voided
 * (`anulado`) or rejected (`invalido`) with a reason. DOMAIN.md: an operator's void refunds everything
 * that was paid, to Mi dinero, with its credit note; we apply the same to `invalido` (a contract whose
 * data was rejected never gave cover). One transaction with the audit record and the notification.
 */
import {
  formatArs,
  INSURANCE_STATUS_LABELS,
  type OperatorInsurance,
  type VoidInsuranceBody,
} from '@cubierto/contracts';
import { and, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import {
  coverages,
  entities,
  insuranceRisks,
  insurances,
  policies,
  riskTypes,
  users,
} from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { type ListSpec, pageMeta, parseListQuery, type RawQuery } from '../../lib/list-query.ts';
import { searchPattern } from '../../lib/search-pattern.ts';
import { type AuditContext, recordAudit } from '../operators/audit.ts';
import { endInsurance } from './status.ts';

/** GET /admin/insurances: its filters, sorts and search (lib/list-query.ts). */
export const operatorInsurancesListSpec = {
  filters: {
    status: { column: insurances.status, type: 'enum', ops: ['eq', 'in'] },
    risk_type: { column: riskTypes.shortCode, type: 'text', ops: ['eq'] },
  },
  sorts: {
    id: insurances.id,
    created_at: insurances.createdAt,
    total: insurances.totalCents,
    number: insurances.number,
    status: insurances.status,
  },
  extra: ['search'],
} satisfies ListSpec;

/** Number, DNI/CUIT (digits only) or a risk's identifier (IMEI, plate, frame), case-insensitively. */
function searchCondition(search: string | undefined): SQL | undefined {
  const raw = search?.trim();
  if (!raw) return undefined;
  const compact = raw.replace(/[\s.-]/g, '');
  const conditions: SQL[] = [ilike(insurances.number, searchPattern(raw)!)];
  if (compact) {
    const compactPattern = searchPattern(compact)!;
    conditions.push(ilike(entities.documentNumber, compactPattern));
    conditions.push(
      sql`exists (select 1 from ${insuranceRisks} r where r.insurance_id = ${insurances.id} and r.identifier ilike ${compactPattern})`,
    );
  }
  return or(...conditions);
}

const identifiers = sql<
  string[]
>`coalesce((select array_agg(r.identifier) from ${insuranceRisks} r where r.insurance_id = ${insurances.id} and r.identifier is not null), '{}')`;

function selectInsurances(db: DbOrTx) {
  return db
    .select({
      insurance: insurances,
      customer: { id: users.id, name: users.name, email: users.email },
      taker: {
        name: entities.name,
        documentType: entities.documentType,
        documentNumber: entities.documentNumber,
      },
      riskType: riskTypes.name,
      coverage: coverages.publicName,
      identifiers,
    })
    .from(insurances)
    .innerJoin(users, eq(users.id, insurances.userId))
    .innerJoin(entities, eq(entities.id, insurances.takerEntityId))
    .innerJoin(policies, eq(policies.id, insurances.policyId))
    .innerJoin(riskTypes, eq(riskTypes.id, policies.riskTypeId))
    .innerJoin(coverages, eq(coverages.id, insurances.coverageId));
}

type Selected = Awaited<ReturnType<ReturnType<typeof selectInsurances>['execute']>>[number];

function operatorInsuranceOut(row: Selected) {
  const i = row.insurance;
  return {
    id: i.id,
    number: i.number,
    status: i.status,
    status_label: INSURANCE_STATUS_LABELS[i.status],
    customer: row.customer,
    taker: { name: row.taker.name, document: `${row.taker.documentType} ${row.taker.documentNumber}` },
    risk_type_name: row.riskType,
    coverage_name: row.coverage,
    identifiers: row.identifiers ?? [],
    total_cents: i.totalCents,
    total_nice: formatArs(i.totalCents),
    paid_at: i.paidAt?.toISOString() ?? null,
    starts_on: i.startsOn,
    ends_on: i.endsOn,
    created_at: i.createdAt.toISOString(),
  };
}

/** One page of insurances: operatorInsurancesListSpec's query, `search` by number, DNI/CUIT or identifier. */
export async function listOperatorInsurances(deps: { db: DbOrTx }, query: RawQuery) {
  const { db } = deps;
  const q = parseListQuery(query, operatorInsurancesListSpec);
  const search = typeof query.search === 'string' ? query.search : undefined;
  const where = and(q.where, searchCondition(search));
  const [total] = await db
    .select({ n: count() })
    .from(insurances)
    .innerJoin(entities, eq(entities.id, insurances.takerEntityId))
    .innerJoin(policies, eq(policies.id, insurances.policyId))
    .innerJoin(riskTypes, eq(riskTypes.id, policies.riskTypeId))
    .where(where);
  const rows = await selectInsurances(db)
    .where(where)
    .orderBy(...(q.orderBy.length ? q.orderBy : [desc(insurances.id)]))
    .limit(q.perPage)
    .offset(q.offset);
  return { data: rows.map(operatorInsuranceOut), meta: pageMeta(q, total?.n ?? 0) };
}

export async function getOperatorInsurance(
  deps: { db: DbOrTx },
  input: { id: number },
): Promise<OperatorInsurance> {
  const [row] = await selectInsurances(deps.db).where(eq(insurances.id, input.id));
  if (!row) throw new AppError('not_found', { message: 'La contratación no existe.' });
  return operatorInsuranceOut(row);
}

/** Everything paid comes back to Mi dinero (nothing when it was never paid). */
export async function voidInsurance(
  deps: { db: Db },
  input: { id: number; body: VoidInsuranceBody; audit: AuditContext },
) {
  const { id, body, audit } = input;
  const now = new Date();
  await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(insurances).where(eq(insurances.id, id)).for('update');
    if (!row) throw new AppError('not_found', { message: 'La contratación no existe.' });
    const refund = row.paidAt ? row.totalCents : 0;
    const { refundMovementId } = await endInsurance(tx, {
      insurance: row,
      action: body.status === 'anulado' ? 'void' : 'invalidate',
      now,
      refundCents: refund,
      set: { cancelsOn: null },
      refusal: {
        code: 'insurance_not_voidable',
        message: `La contratación ${row.number} está ${INSURANCE_STATUS_LABELS[row.status].toLowerCase()}: ya no se puede anular ni invalidar.`,
      },
    });
    await recordAudit(tx, audit, {
      action: `insurance.${body.status === 'anulado' ? 'void' : 'invalidate'}`,
      targetType: 'insurance',
      targetId: id,
      before: { status: row.status, paid_at: row.paidAt?.toISOString() ?? null },
      after: {
        status: body.status,
        reason: body.reason,
        refund_cents: refund,
        refund_movement_id: refundMovementId,
      },
    });
  });
  return getOperatorInsurance(deps, { id });
}
