/**
 * The back office's view of ARCA authorisation (decision 024), behind /admin/invoices (operator-routes.ts). Every invoice and credit
 * note by ARCA status, with ARCA's last messages; a rejected one can be sent again ("Reintentar", audited)
 * once what ARCA objected to is fixed; and the connection's state for the dashboard (environment, point
 * of sale, the wsfe ticket's expiry, how many documents wait).
 */
import { randomUUID } from 'node:crypto';
import { type AdminInvoice, INVOICE_KINDS } from '@cubierto/contracts';
import { and, count, desc, eq, ilike, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ARCA_STATUS_VALUES, insurances, invoices } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { type ListSpec, pageMeta, parseListQuery, type RawQuery } from '../../lib/list-query.ts';
import { searchPattern } from '../../lib/search-pattern.ts';
import { type AuditContext, recordUpdated } from '../operators/audit.ts';
import { enqueueArcaAuthorization } from './arca-job.ts';
import type { ArcaService } from './arca-service.ts';
import { invoiceOut } from './service.ts';

export const adminInvoiceListSpec = {
  filters: {
    arca_status: { column: invoices.arcaStatus, type: 'enum', ops: ['eq', 'in'] },
    kind: { column: invoices.kind, type: 'enum', ops: ['eq', 'in'], values: INVOICE_KINDS },
    letter: { column: invoices.letter, type: 'enum', ops: ['eq', 'in'] },
    user_id: { column: invoices.userId, type: 'integer', ops: ['eq'] },
    issued_at: { column: invoices.issuedAt, type: 'timestamp', ops: ['gte', 'lte'] },
  },
  sorts: { id: invoices.id, issued_at: invoices.issuedAt, total: invoices.totalCents },
  defaultSort: [desc(invoices.id)],
  extra: ['search'],
} satisfies ListSpec;

type Row = typeof invoices.$inferSelect;

function adminInvoiceOut(row: Row, insuranceNumber: string | null): AdminInvoice {
  const { lines: _lines, ...invoice } = invoiceOut(row, { insuranceNumber });
  return {
    ...invoice,
    user_id: row.userId,
    arca_messages: row.arcaMessages,
    arca_attempts: row.arcaAttempts,
    arca_last_attempt_at: row.arcaLastAttemptAt?.toISOString() ?? null,
    arca_pending_number: row.arcaPendingNumber,
  };
}

/** GET /admin/invoices: a page of documents, filtered by ARCA status; `search`: recipient name or document. */
export async function listAdminInvoices(deps: { db: Db }, query: RawQuery) {
  const q = parseListQuery(query, adminInvoiceListSpec);
  const search = searchPattern(query.search);
  const where = and(
    q.where,
    search
      ? or(ilike(invoices.recipientName, search), ilike(invoices.recipientDocumentNumber, search))
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    deps.db
      .select({ invoice: invoices, insuranceNumber: insurances.number })
      .from(invoices)
      .leftJoin(insurances, eq(insurances.id, invoices.insuranceId))
      .where(where)
      .orderBy(...(q.orderBy.length ? q.orderBy : adminInvoiceListSpec.defaultSort))
      .limit(q.perPage)
      .offset(q.offset),
    deps.db.select({ n: count() }).from(invoices).where(where),
  ]);
  return {
    data: rows.map((r) => adminInvoiceOut(r.invoice, r.insuranceNumber)),
    meta: pageMeta(q, total?.n ?? 0),
  };
}

/**
 * POST /admin/invoices/{id}/retry: a rejected document goes back to `pendiente_cae` and the job asks
 * ARCA again (a new round of the job, so its key is new). Audited with the messages it had.
 */
export async function retryInvoice(deps: { db: Db }, input: { id: number; audit: AuditContext }) {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(invoices).where(eq(invoices.id, input.id)).for('update');
    if (!row) throw new AppError('not_found', { message: 'El comprobante no existe.' });
    if (row.arcaStatus !== 'rechazada')
      throw new AppError('invoice_not_rejected', {
        message: 'Solo se reintenta un comprobante que ARCA rechazó.',
      });
    const [updated] = await tx
      .update(invoices)
      .set({ arcaStatus: 'pendiente_cae' })
      .where(eq(invoices.id, input.id))
      .returning();
    // A round of its own: the job's key never repeats, however many times it is retried.
    await enqueueArcaAuthorization(tx, input.id, `retry-${randomUUID()}`);
    const [insurance] = row.insuranceId
      ? await tx
          .select({ number: insurances.number })
          .from(insurances)
          .where(eq(insurances.id, row.insuranceId))
      : [];
    const insuranceNumber = insurance?.number ?? null;
    return recordUpdated(tx, input.audit, 'invoice', {
      id: input.id,
      before: { arca_status: row.arcaStatus, arca_messages: row.arcaMessages },
      after: adminInvoiceOut(updated!, insuranceNumber),
    });
  });
}

/** GET /admin/invoices/arca-status: the connection as the dashboard shows it. */
export async function arcaConnectionStatus(deps: { db: Db; arca: ArcaService }) {
  const counts = await deps.db
    .select({ status: invoices.arcaStatus, n: count() })
    .from(invoices)
    .groupBy(invoices.arcaStatus);
  const byStatus = Object.fromEntries(ARCA_STATUS_VALUES.map((s) => [s, 0])) as Record<
    (typeof ARCA_STATUS_VALUES)[number],
    number
  >;
  for (const c of counts) byStatus[c.status] = c.n;
  let ticketExpiresAt: string | null = null;
  try {
    ticketExpiresAt = (await deps.arca.client.ticketExpiresAt()).toISOString();
  } catch {
    // ARCA unreachable: the dashboard says so (null) rather than failing.
  }
  return {
    environment: deps.arca.environment,
    point_of_sale: deps.arca.pointOfSale,
    cuit: deps.arca.cuit,
    ticket_expires_at: ticketExpiresAt,
    counts: byStatus,
  };
}
