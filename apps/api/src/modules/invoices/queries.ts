/** What GET /customers/invoices can be filtered and sorted by (lib/list-query.ts conventions). */
import { desc } from 'drizzle-orm';
import { invoices } from '../../db/schema/index.ts';
import type { ListSpec } from '../../lib/list-query.ts';

export const invoiceListSpec = {
  filters: {
    kind: { column: invoices.kind, type: 'enum', ops: ['eq', 'in'] },
    letter: { column: invoices.letter, type: 'enum', ops: ['eq', 'in'] },
    insurance_id: { column: invoices.insuranceId, type: 'integer', ops: ['eq', 'in'] },
    issued_at: { column: invoices.issuedAt, type: 'timestamp', ops: ['gte', 'lte'] },
  },
  sorts: { issued_at: invoices.issuedAt, id: invoices.id, total: invoices.totalCents },
  defaultSort: [desc(invoices.issuedAt), desc(invoices.id)],
} satisfies ListSpec;
