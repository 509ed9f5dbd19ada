/** Uploaded files: owner, kind, content type detected from the bytes, size, storage key. */
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';

export const files = pgTable(
  'files',
  {
    id: id(),
    ownerUserId: integer('owner_user_id'),
    kind: text('kind').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [index('files_owner_idx').on(t.ownerUserId)],
);
