/** What the import lists may be paged and filtered by (lib/list-query.ts). */
import { importRows } from '../../db/schema/index.ts';
import type { ListSpec } from '../../lib/list-query.ts';

export const importListSpec = { maxPerPage: 100 } satisfies ListSpec;

export const importRowListSpec = {
  maxPerPage: 500,
  filters: { status: { column: importRows.status, type: 'enum', ops: ['eq'] } },
} satisfies ListSpec;
