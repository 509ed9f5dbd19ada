/** Uploaded files: owner, kind, content type detected from the bytes, size, storage key. */
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const files = pgTable(
  'files',
  {
    id: serial('id').primaryKey(),
    ownerUserId: integer('owner_user_id'),
    kind: text('kind').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('files_owner_idx').on(t.ownerUserId)],
);
