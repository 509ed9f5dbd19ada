/**
 * The spec's list conventions, parsed in one place (spec §7):
 *   load[Model]=*,relation,...    relations to include, whitelisted per model
 *   filter[field][op]=value       op ∈ eq, like, in, gte, lte; fields whitelisted per resource
 *   sort_by=field | -field        whitelisted per resource
 *   page, per_page                paging (meta in the answer)
 * Every filterable column declares its type (integer, decimal, date, timestamp, text, enum, boolean) and
 * every value is checked against it and its range here, so no value reaches SQL that the database would
 * refuse (a 1.5 for an integer column, the year 0, an offset past bigint): anything unknown or out of
 * range is a 422 `invalid_query` naming the parameter. `listQuerySchema` documents the same parameters,
 * with their types, in the OpenAPI document (where the security sweep reads them).
 */
import { and, asc, desc, eq, gte, ilike, inArray, lte, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { AppError, type Validations } from './errors.ts';

export const filterOps = ['eq', 'like', 'in', 'gte', 'lte'] as const;
export type FilterOp = (typeof filterOps)[number];

export type FilterType = 'integer' | 'decimal' | 'date' | 'timestamp' | 'text' | 'enum' | 'boolean';

export type FilterField = {
  column: AnyPgColumn;
  /**
   * integer: an int4 column unless `min`/`max` say otherwise; decimal: a numeric column; date: a `date`
   * column (YYYY-MM-DD); timestamp: a timestamp column (a date or an ISO date-time); text; enum: one of
   * `values` (by default the column's own `enum`); boolean.
   */
  type: FilterType;
  ops?: readonly FilterOp[];
  values?: readonly string[];
  min?: number;
  max?: number;
};

export type ListSpec = {
  filters?: Record<string, FilterField>;
  sorts?: Record<string, AnyPgColumn>;
  defaultSort?: SQL[];
  /** Model name → relations that may be loaded, e.g. { User: ['entity', 'place'] }. */
  loads?: Record<string, readonly string[]>;
  maxPerPage?: number;
  /** Extra plain parameters the route reads itself. */
  extra?: readonly string[];
};

export type ListQuery = {
  where: SQL | undefined;
  orderBy: SQL[];
  page: number;
  perPage: number;
  offset: number;
  load: Record<string, Set<string>>;
};

/** The last page anyone can ask for: with per_page at most 100 the offset stays far inside int4. */
export const MAX_PAGE = 1_000_000;
const INT4 = { min: -2_147_483_648, max: 2_147_483_647 };
/** numeric(p, s) columns hold at most 15 integer digits here (money in centavos, percentages). */
const DECIMAL = /^-?\d{1,15}(\.\d{1,6})?$/;
const MAX_TEXT = 200;
const MAX_IN = 100;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const INTEGER = /^-?\d{1,16}$/;
const FILTER_KEY = /^filter\[([a-z_][a-z0-9_.]*)\]\[([a-z]+)\]$/i;
const LOAD_KEY = /^load\[([A-Za-z]+)\]$/;

const QueryValue = z.union([z.string(), z.array(z.string())]);

export type RawQuery = Record<string, string | string[] | undefined>;

/** A whitelist's entry by a name from the query: never one inherited (`__proto__`, `constructor`). */
function own<T>(whitelist: Record<string, T>, name: string): T | undefined {
  return Object.hasOwn(whitelist, name) ? whitelist[name] : undefined;
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[value.length - 1] : value;
}

function enumValues(field: FilterField): readonly string[] {
  return field.values ?? (field.column as { enumValues?: readonly string[] }).enumValues ?? [];
}

/** A calendar date that exists, in the years every PostgreSQL date and timestamp column holds. */
function realDate(year: string, month: string, day: string): boolean {
  const y = Number(year);
  const m = Number(month);
  const d = Number(day);
  if (y < 1 || y > 9999 || m < 1 || m > 12 || d < 1) return false;
  const date = new Date(Date.UTC(2000, m - 1, d));
  date.setUTCFullYear(y);
  return date.getUTCDate() === d;
}

type Coerced = { ok: true; value: unknown } | { ok: false };

function coerce(field: FilterField, raw: string): Coerced {
  switch (field.type) {
    case 'text':
      return raw.length <= MAX_TEXT && !raw.includes('\u0000') ? { ok: true, value: raw } : { ok: false };
    case 'enum':
      return enumValues(field).includes(raw) ? { ok: true, value: raw } : { ok: false };
    case 'integer': {
      if (!INTEGER.test(raw)) return { ok: false };
      const n = Number(raw);
      return n >= (field.min ?? INT4.min) && n <= (field.max ?? INT4.max)
        ? { ok: true, value: n }
        : { ok: false };
    }
    case 'decimal':
      // Kept as text: PostgreSQL reads it into the numeric column without a binary float's rounding.
      return DECIMAL.test(raw) ? { ok: true, value: raw } : { ok: false };
    case 'boolean':
      if (['true', '1'].includes(raw)) return { ok: true, value: true };
      if (['false', '0'].includes(raw)) return { ok: true, value: false };
      return { ok: false };
    case 'date': {
      const m = DATE.exec(raw);
      return m && realDate(m[1]!, m[2]!, m[3]!) ? { ok: true, value: raw } : { ok: false };
    }
    case 'timestamp': {
      const m = DATE_TIME.exec(raw);
      if (!m || !realDate(m[1]!, m[2]!, m[3]!)) return { ok: false };
      const d = new Date(raw);
      // An offset can still carry 0001-01-01 into the year 0, or 9999-12-31 into 10000.
      const year = d.getUTCFullYear();
      return Number.isNaN(d.getTime()) || year < 1 || year > 9999 ? { ok: false } : { ok: true, value: d };
    }
  }
}

/** What a value of the field must look like, in the words of the error message. */
function expected(field: FilterField): string {
  switch (field.type) {
    case 'text':
      return `un texto de hasta ${MAX_TEXT} caracteres, sin caracteres nulos`;
    case 'enum':
      return `uno de: ${enumValues(field).join(', ')}`;
    case 'integer':
      return `un número entero entre ${field.min ?? INT4.min} y ${field.max ?? INT4.max}`;
    case 'decimal':
      return 'un número con hasta 15 cifras enteras y 6 decimales, con punto decimal';
    case 'boolean':
      return 'true o false';
    case 'date':
      return 'una fecha AAAA-MM-DD que exista, entre los años 1 y 9999';
    case 'timestamp':
      return 'una fecha AAAA-MM-DD o una fecha y hora ISO 8601, entre los años 1 y 9999';
  }
}

/** The field's type as JSON Schema, for the API reference and the security sweep. */
function jsonSchemaOf(field: FilterField, op: FilterOp): Record<string, unknown> {
  const one = ((): Record<string, unknown> => {
    switch (field.type) {
      case 'text':
        return { type: 'string', maxLength: MAX_TEXT };
      case 'enum':
        return { type: 'string', enum: [...enumValues(field)] };
      case 'integer':
        return { type: 'integer', minimum: field.min ?? INT4.min, maximum: field.max ?? INT4.max };
      case 'decimal':
        return { type: 'number', minimum: -1e15, maximum: 1e15 };
      case 'boolean':
        return { type: 'boolean' };
      case 'date':
        return { type: 'string', format: 'date' };
      case 'timestamp':
        return { type: 'string', format: 'date-time' };
    }
  })();
  // `in` takes a comma-separated list of such values.
  return op === 'in' ? { type: 'array', items: one, maxItems: MAX_IN } : one;
}

function opsOf(field: FilterField): readonly FilterOp[] {
  const ops = field.ops ?? filterOps;
  return field.type === 'text' ? ops : ops.filter((op) => op !== 'like');
}

/**
 * The query string of a list route for the OpenAPI document: page, per_page, sort_by (with the sortable
 * fields), every `filter[field][op]` with its type and range, and `load[Model]`. Values are still read and
 * checked by parseListQuery, so that every problem comes back at once, in Spanish, naming its parameter.
 */
export function listQuerySchema(spec: ListSpec) {
  const maxPerPage = spec.maxPerPage ?? 100;
  const sortable = Object.keys(spec.sorts ?? {});
  const shape: Record<string, z.ZodOptional<z.ZodString>> = {
    page: z
      .string()
      .optional()
      .meta({ type: 'integer', minimum: 1, maximum: MAX_PAGE, description: 'Page number, from 1.' }),
    per_page: z
      .string()
      .optional()
      .meta({ type: 'integer', minimum: 1, maximum: maxPerPage, description: 'Items per page.' }),
    sort_by: z
      .string()
      .optional()
      .meta({
        description: `A sortable field, a leading "-" sorts descending; several separated by commas. Sortable: ${sortable.join(', ') || 'none'}.`,
        ...(sortable.length ? { examples: sortable.flatMap((s) => [s, `-${s}`]) } : {}),
      }),
  };
  for (const [name, field] of Object.entries(spec.filters ?? {})) {
    for (const op of opsOf(field)) {
      shape[`filter[${name}][${op}]`] = z
        .string()
        .optional()
        .meta({ ...jsonSchemaOf(field, op), description: `Filter: ${name} ${op} (${field.type}).` });
    }
  }
  for (const [model, relations] of Object.entries(spec.loads ?? {})) {
    shape[`load[${model}]`] = z
      .string()
      .optional()
      .meta({ description: `Relations to include: * or some of ${relations.join(', ')}, comma-separated.` });
  }
  return z.object(shape).catchall(QueryValue);
}

/**
 * The query string of a route that pages (or only loads relations) without filters or sorts of its own:
 * bracketed keys stay literal and are checked by parseListQuery or parseLoad.
 */
export const RawQuerySchema = listQuerySchema({});

/** `value` with LIKE's wildcards and escape taken literally (a `like` filter's pattern is `%value%`). */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export function parseLoad(
  query: RawQuery,
  loads: Record<string, readonly string[]> = {},
): Record<string, Set<string>> {
  const out: Record<string, Set<string>> = {};
  const problems: Validations = {};
  for (const [key, value] of Object.entries(query)) {
    const m = LOAD_KEY.exec(key);
    if (!m) continue;
    const model = m[1]!;
    const allowed = own(loads, model);
    if (!allowed) {
      problems[key] = [`No se puede cargar el modelo ${model}.`];
      continue;
    }
    const relations = (single(value) ?? '')
      .split(',')
      .map((r) => r.trim())
      .filter((r) => r && r !== '*');
    const unknown = relations.filter((r) => !allowed.includes(r));
    if (unknown.length) problems[key] = [`Relación desconocida: ${unknown.join(', ')}.`];
    out[model] = new Set(relations);
  }
  if (Object.keys(problems).length) throw new AppError('invalid_query', { validations: problems });
  return out;
}

/** A whole number from 1 to `max` written in digits only: no "1.0", "1e3", " 1" or "0x1". */
function boundedInteger(value: string, max: number): number | undefined {
  if (!/^\d{1,9}$/.test(value)) return undefined;
  const n = Number(value);
  return n >= 1 && n <= max ? n : undefined;
}

export function parseListQuery(query: RawQuery, spec: ListSpec): ListQuery {
  const problems: Validations = {};
  const conditions: SQL[] = [];
  const filters = spec.filters ?? {};
  const sorts = spec.sorts ?? {};
  const maxPerPage = spec.maxPerPage ?? 100;
  let page = 1;
  let perPage = 20;
  let orderBy: SQL[] = spec.defaultSort ?? [];

  for (const [key, rawValue] of Object.entries(query)) {
    const value = single(rawValue) ?? '';
    if (LOAD_KEY.test(key)) continue;
    if (spec.extra?.includes(key)) continue;
    const fm = FILTER_KEY.exec(key);
    if (fm) {
      const [, name, op] = fm as unknown as [string, string, string];
      const field = own(filters, name);
      if (!field) {
        problems[key] = [`No se puede filtrar por ${name}.`];
        continue;
      }
      if (!(opsOf(field) as readonly string[]).includes(op)) {
        problems[key] = [`Operador ${op} no permitido para ${name}.`];
        continue;
      }
      if (op === 'like') {
        if (!coerce(field, value).ok) {
          problems[key] = [`${key} debe ser ${expected(field)}.`];
          continue;
        }
        conditions.push(ilike(field.column, `%${escapeLike(value)}%`));
        continue;
      }
      const parts = (op === 'in' ? value.split(',') : [value]).map((p) =>
        coerce(field, op === 'in' ? p.trim() : p),
      );
      if (parts.length > MAX_IN || parts.some((p) => !p.ok)) {
        problems[key] = [
          op === 'in'
            ? `${key} debe ser una lista separada por comas de hasta ${MAX_IN} valores, cada uno ${expected(field)}.`
            : `${key} debe ser ${expected(field)}.`,
        ];
        continue;
      }
      const values = parts.map((p) => (p as { value: unknown }).value);
      conditions.push(
        op === 'in'
          ? inArray(field.column, values)
          : op === 'eq'
            ? eq(field.column, values[0])
            : op === 'gte'
              ? gte(field.column, values[0])
              : lte(field.column, values[0]),
      );
      continue;
    }
    switch (key) {
      case 'sort_by': {
        const fields = value.split(',').filter(Boolean);
        const parsed: SQL[] = [];
        for (const f of fields) {
          const descending = f.startsWith('-');
          const column = own(sorts, descending ? f.slice(1) : f);
          if (!column) {
            problems.sort_by = [`No se puede ordenar por ${f.replace(/^-/, '')}.`];
            break;
          }
          parsed.push(descending ? desc(column) : asc(column));
        }
        // Rows with equal values (two contracts of one second) come in a stable order, page after page, and
        // the (…, created_at, id) indexes serve the sort: the id breaks the tie, in the last field's direction.
        const last = fields.at(-1);
        if (parsed.length && sorts.id && last && !fields.some((f) => f.replace(/^-/, '') === 'id')) {
          parsed.push(last.startsWith('-') ? desc(sorts.id) : asc(sorts.id));
        }
        if (parsed.length) orderBy = parsed;
        break;
      }
      case 'page': {
        const n = boundedInteger(value, MAX_PAGE);
        if (n === undefined) problems.page = [`page debe ser un número entero entre 1 y ${MAX_PAGE}.`];
        else page = n;
        break;
      }
      case 'per_page': {
        const n = boundedInteger(value, maxPerPage);
        if (n === undefined)
          problems.per_page = [`per_page debe ser un número entero entre 1 y ${maxPerPage}.`];
        else perPage = n;
        break;
      }
      default:
        problems[key] = ['Parámetro desconocido.'];
    }
  }
  if (Object.keys(problems).length) throw new AppError('invalid_query', { validations: problems });
  return {
    where: conditions.length ? and(...conditions) : undefined,
    orderBy,
    page,
    perPage,
    offset: (page - 1) * perPage,
    load: parseLoad(query, spec.loads),
  };
}

export function pageMeta(query: Pick<ListQuery, 'page' | 'perPage'>, total: number) {
  return {
    current_page: query.page,
    per_page: query.perPage,
    total,
    last_page: Math.max(1, Math.ceil(total / query.perPage)),
  };
}

/**
 * A list route's answer: the raw query read by `spec`, the rows and total `list` finds for it, and the
 * page they make (`{ data, meta }`).
 */
export async function pageOfRows<Row>(
  query: RawQuery,
  spec: ListSpec,
  list: (q: ListQuery) => Promise<{ rows: Row[]; total: number }>,
) {
  const q = parseListQuery(query, spec);
  const { rows, total } = await list(q);
  return { data: rows, meta: pageMeta(q, total) };
}
