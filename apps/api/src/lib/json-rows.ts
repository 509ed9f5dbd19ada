/**
 * Rows the database builds as one JSON value each (issue 22): the drivers then decode one column per row
 * instead of one per field, which on PGlite cost more than the rest of the mapping. A moment travels as
 * its ISO text in the JSON; the reader turns it back into a Date.
 */
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/**
 * `json_build_object('key', value, …)` with `fields`' own keys. The keys are written into the statement's
 * text (a parameter there would have no type), so they come from the code, never from a request. At most
 * 50 fields: PostgreSQL passes a function no more than 100 arguments (nest an object for more).
 */
export function jsonObject<T = unknown>(fields: Record<string, SQLWrapper>): SQL<T> {
  const pairs = Object.entries(fields).map(([key, value]) => sql`${sql.raw(`'${key}'`)}, ${value}`);
  return sql<T>`json_build_object(${sql.join(pairs, sql`, `)})`;
}

/** A row as its JSON value carries it: each moment (a Date) as its ISO text. */
export type AsJson<T> = {
  [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K];
};
