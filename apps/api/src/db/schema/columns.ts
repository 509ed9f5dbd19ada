/**
 * The column builders every table repeats, written once: a serial `id`, `created_at`/`updated_at`
 * timestamps, a moment (`timestamptz`), a reference to another table's id, and a premium's breakdown.
 * Each is a function so that every table gets its own builder; the SQL they declare is what the tables
 * spelled out before (the migrations do not change).
 */
import { type AnyPgColumn, integer, serial, timestamp } from 'drizzle-orm/pg-core';

/** `id serial primary key`. */
export const id = () => serial('id').primaryKey();

/** A moment, with its time zone (`timestamp with time zone`); nullable until `.notNull()`. */
export const moment = <N extends string>(name: N) => timestamp(name, { withTimezone: true });

/** When the row was written (`created_at … not null default now()`). */
export const createdAt = () => moment('created_at').notNull().defaultNow();

/** When the row last changed (`updated_at … not null default now()`). */
export const updatedAt = () => moment('updated_at').notNull().defaultNow();

/** `created_at` and `updated_at`, in that order. */
export const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });

/** A required reference to another table's id (`integer not null references …`). */
export const ref = <N extends string>(name: N, target: () => AnyPgColumn) =>
  integer(name).notNull().references(target);

/** A reference that may be empty (`integer references …`). */
export const optionalRef = <N extends string>(name: N, target: () => AnyPgColumn) =>
  integer(name).references(target);

/** A premium's breakdown in centavos: net + surcharges + taxes = total (the tables check the sum). */
export const premiumCents = () => ({
  netCents: integer('net_cents').notNull(),
  surchargesCents: integer('surcharges_cents').notNull(),
  taxesCents: integer('taxes_cents').notNull(),
  totalCents: integer('total_cents').notNull(),
});
