/** Auditoría: every operator action, newest first (read-only). */
import { AuditEntrySchema } from '@cubierto/contracts';
import { type ListState, listQueryOptions } from './lists.ts';

export const auditLogQueryOptions = (state: ListState) =>
  listQueryOptions('audit-log', AuditEntrySchema, state);
