/**
 * The operator's dashboard: the last N days of sales per day and risk type, premiums collected, and
 * payment failures, in Argentina's calendar days; and the claims still open by status and age. Each
 * series is one grouped query.
 */
import { type Dashboard, formatArs } from '@cubierto/contracts';
import { and, count, eq, gte, inArray, notInArray, sql, sum } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { claims, insurances, payments, policies, riskTypes } from '../../db/schema/index.ts';

const TZ = 'America/Argentina/Buenos_Aires';
export const OPEN_CLAIM_STATUSES = ['recibido', 'en_revision', 'aprobado'] as const;
const CLAIM_AGE_BUCKETS = ['0-2', '3-7', '8-14', '15+'] as const;

function dayOf(column: typeof insurances.paidAt | typeof payments.createdAt | typeof payments.approvedAt) {
  return sql<string>`to_char(${column} at time zone ${sql.raw(`'${TZ}'`)}, 'YYYY-MM-DD')`;
}

/** Calendar days (YYYY-MM-DD, Argentina) from `days - 1` days ago to today. */
export function lastDays(days: number, now = new Date()): string[] {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(now);
  const base = new Date(`${today}T12:00:00Z`);
  return Array.from({ length: days }, (_, i) => {
    const d = new Date(base.getTime() - (days - 1 - i) * 86_400_000);
    return d.toISOString().slice(0, 10);
  });
}

export async function loadDashboard(
  deps: { db: DbOrTx },
  input: { days: number; now?: Date },
): Promise<Dashboard> {
  const { db } = deps;
  const now = input.now ?? new Date();
  const days = lastDays(input.days, now);
  const since = new Date(`${days[0]}T00:00:00-03:00`);

  const paidDay = dayOf(insurances.paidAt);
  const sales = await db
    .select({
      day: paidDay,
      riskType: riskTypes.shortCode,
      n: count(),
      total: sum(insurances.totalCents).mapWith(Number),
    })
    .from(insurances)
    .innerJoin(policies, eq(policies.id, insurances.policyId))
    .innerJoin(riskTypes, eq(riskTypes.id, policies.riskTypeId))
    .where(gte(insurances.paidAt, since))
    .groupBy(paidDay, riskTypes.shortCode);

  const approvedDay = dayOf(payments.approvedAt);
  const collected = await db
    .select({ day: approvedDay, total: sum(payments.amountCents).mapWith(Number) })
    .from(payments)
    .where(
      and(
        eq(payments.status, 'approved'),
        eq(payments.purpose, 'insurance'),
        gte(payments.approvedAt, since),
      ),
    )
    .groupBy(approvedDay);

  const createdDay = dayOf(payments.createdAt);
  const failures = await db
    .select({ day: createdDay, n: count() })
    .from(payments)
    .where(and(notInArray(payments.status, ['pending', 'approved']), gte(payments.createdAt, since)))
    .groupBy(createdDay);

  const [pending] = await db
    .select({ n: count() })
    .from(insurances)
    .where(inArray(insurances.status, ['pendiente']));

  // Open claims: not yet decided (recibido, en_revision) or approved and not yet paid.
  const bucket = sql<string>`case
    when ${claims.createdAt} > ${new Date(now.getTime() - 3 * 86_400_000)} then '0-2'
    when ${claims.createdAt} > ${new Date(now.getTime() - 8 * 86_400_000)} then '3-7'
    when ${claims.createdAt} > ${new Date(now.getTime() - 15 * 86_400_000)} then '8-14'
    else '15+' end`;
  const open = await db
    .select({ status: claims.status, bucket, n: count() })
    .from(claims)
    .where(inArray(claims.status, OPEN_CLAIM_STATUSES))
    // By position: the bucket's dates are parameters, so the expression cannot be repeated.
    .groupBy(sql`1`, sql`2`);
  const [oldest] = await db
    .select({ at: sql<Date | null>`min(${claims.createdAt})` })
    .from(claims)
    .where(inArray(claims.status, OPEN_CLAIM_STATUSES));

  const riskTypesSold = [...new Set(sales.map((s) => s.riskType))].sort();
  const collectedByDay = new Map(collected.map((c) => [c.day, c.total]));
  const failuresByDay = new Map(failures.map((f) => [f.day, f.n]));
  const totalCollected = collected.reduce((acc, c) => acc + c.total, 0);
  return {
    days,
    risk_types: riskTypesSold,
    sales_per_day: days.map((day) => ({
      day,
      ...Object.fromEntries(
        riskTypesSold.map((code) => [code, sales.find((s) => s.day === day && s.riskType === code)?.n ?? 0]),
      ),
    })) as Array<{ day: string } & Record<string, number | string>>,
    premiums_per_day: days.map((day) => ({ day, amount_cents: collectedByDay.get(day) ?? 0 })),
    payment_failures_per_day: days.map((day) => ({ day, failures: failuresByDay.get(day) ?? 0 })),
    open_claims_by_age: CLAIM_AGE_BUCKETS.map((age) => ({
      age,
      ...Object.fromEntries(
        OPEN_CLAIM_STATUSES.map((status) => [
          status,
          open.find((o) => o.bucket === age && o.status === status)?.n ?? 0,
        ]),
      ),
    })) as Array<{ age: string } & Record<string, number | string>>,
    totals: {
      claims_open: open.reduce((acc, o) => acc + o.n, 0),
      oldest_open_claim_days: oldest?.at
        ? Math.floor((now.getTime() - new Date(oldest.at).getTime()) / 86_400_000)
        : null,
      insurances_sold: sales.reduce((acc, s) => acc + s.n, 0),
      premiums_cents: totalCollected,
      premiums_nice: formatArs(totalCollected),
      payment_failures: failures.reduce((acc, f) => acc + f.n, 0),
      insurances_pending: pending?.n ?? 0,
    },
  };
}
