/**
 * Kept query plans for PGlite. On PostgreSQL a named prepared statement keeps its plan per connection;
 * through drizzle PGlite has no named statements, so it plans the hottest queries (the profile's
 * seven-table join, the home's list) on every request, on the one thread that also runs the app. Here
 * each registered query is prepared once in SQL (PREPARE) and then run with EXECUTE.
 *
 * EXECUTE takes no bind parameters, so its arguments are written as SQL literals, and only values whose
 * literal is exact: whole numbers, booleans, null, dates, and strings (quotes doubled; the database's
 * standard_conforming_strings is checked, so a backslash stays a backslash). A call with any other value,
 * and a query PostgreSQL will not prepare, goes through the plain query as before.
 */
import type { PGlite, QueryOptions, Results } from '@electric-sql/pglite';

type Query = PGlite['query'];

/** The SQL literal of a value, or undefined when it has no exact one here. */
export function sqlLiteral(value: unknown): string | undefined {
  if (value === null) return 'null';
  if (typeof value === 'number') return Number.isSafeInteger(value) ? String(value) : undefined;
  if (typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'string') return value.includes('\0') ? undefined : `'${value.replaceAll("'", "''")}'`;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : `'${value.toISOString()}'`;
  return undefined;
}

export type PglitePlans = {
  /** From now on, this query text runs from its kept plan. */
  keep(text: string): void;
};

/**
 * Makes `client.query` run the kept queries through EXECUTE. Outside transactions only: a transaction
 * runs on its own handle, with the plain query.
 */
export async function keepPglitePlans(client: PGlite): Promise<PglitePlans> {
  const plain: Query = client.query.bind(client);
  const kept = new Set<string>();
  /** Query text → the statement's name once prepared, or null when PostgreSQL would not prepare it. */
  const statements = new Map<string, Promise<string | null>>();
  const { rows } = await plain<{ standard_conforming_strings: string }>('show standard_conforming_strings');
  if (rows[0]?.standard_conforming_strings !== 'on') return { keep: () => {} };

  const statementOf = (text: string): Promise<string | null> => {
    let statement = statements.get(text);
    if (!statement) {
      const name = `kept_${statements.size + 1}`;
      statement = plain(`prepare ${name} as ${text}`).then(
        () => name,
        () => null,
      );
      statements.set(text, statement);
    }
    return statement;
  };

  const query = async <T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> => {
    if (!kept.has(text)) return plain<T>(text, params, options);
    const literals = (params ?? []).map(sqlLiteral);
    if (literals.some((literal) => literal === undefined)) return plain<T>(text, params, options);
    const name = await statementOf(text);
    if (!name) return plain<T>(text, params, options);
    const args = literals.length > 0 ? `(${literals.join(', ')})` : '';
    return plain<T>(`execute ${name}${args}`, [], options);
  };
  client.query = query as Query;
  return { keep: (text) => kept.add(text) };
}
