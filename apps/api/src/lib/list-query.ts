/**
 * The spec's list conventions, parsed in one place (spec §7):
 *   load[Model]=*,relation,...    relations to include, whitelisted per model
 *   filter[field][op]=value       op ∈ eq, like, in, gte, lte; fields whitelisted per resource
 *   sort_by=field | -field        whitelisted per resource
 *   page, per_page                paging (meta in the answer)
 * Anything unknown is a 422 naming the parameter: no request ever reaches SQL unchecked.
 */
import { and, asc, desc, eq, gte, ilike, inArray, lte, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { AppError, type Validations } from './errors.ts';

export const filterOps = ['eq', 'like', 'in', 'gte', 'lte'] as const;
export type FilterOp = (typeof filterOps)[number];

export type FilterField = {
  column: AnyPgColumn;
  type: 'string' | 'number' | 'boolean' | 'date';
  ops?: readonly FilterOp[];
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

const QueryValue = z.union([z.string(), z.array(z.string())]);

/**
 * The raw query string as Fastify parses it: bracketed keys stay literal. The paging and sorting keys are
 * named so the API reference lists them; `filter[field][op]` and `load[Relation]` come as other keys,
 * checked by parseListQuery against each route's whitelist.
 */
export const RawQuerySchema = z
  .object({
    page: QueryValue.optional().describe('Page number, from 1.'),
    per_page: QueryValue.optional().describe('Items per page.'),
    sort_by: QueryValue.optional().describe('A sortable field; a leading "-" sorts descending.'),
  })
  .catchall(QueryValue);
export type RawQuery = Record<string, string | string[]>;

const FILTER_KEY = /^filter\[([a-z_][a-z0-9_.]*)\]\[([a-z]+)\]$/i;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

const LOAD_KEY = /^load\[([A-Za-z]+)\]$/;

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[value.length - 1] : value;
}

function coerce(field: FilterField, raw: string): { ok: true; value: unknown } | { ok: false } {
  switch (field.type) {
    case 'string':
      return { ok: true, value: raw };
    case 'number': {
      const n = Number(raw);
      return raw.trim() !== '' && Number.isFinite(n) ? { ok: true, value: n } : { ok: false };
    }
    case 'boolean':
      if (['true', '1'].includes(raw)) return { ok: true, value: true };
      if (['false', '0'].includes(raw)) return { ok: true, value: false };
      return { ok: false };
    case 'date': {
      // An ISO date or date-time with a four-digit year: `new Date('100000')` is a valid JavaScript
      // date in the year 100000 that no database timestamp can hold.
      if (!ISO_DATE.test(raw)) return { ok: false };
      const d = new Date(raw);
      return Number.isNaN(d.getTime()) ? { ok: false } : { ok: true, value: d };
    }
  }
}

function escapeLike(value: string): string {
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
    const allowed = loads[model];
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
      const field = filters[name];
      if (!field) {
        problems[key] = [`No se puede filtrar por ${name}.`];
        continue;
      }
      if (
        !(filterOps as readonly string[]).includes(op) ||
        (field.ops && !field.ops.includes(op as FilterOp))
      ) {
        problems[key] = [`Operador ${op} no permitido para ${name}.`];
        continue;
      }
      if (op === 'in') {
        const parts = value.split(',').map((p) => coerce(field, p.trim()));
        if (parts.some((p) => !p.ok) || parts.length === 0) {
          problems[key] = [`Valor no válido para ${name}.`];
          continue;
        }
        conditions.push(
          inArray(
            field.column,
            parts.map((p) => (p as { value: unknown }).value),
          ),
        );
        continue;
      }
      if (op === 'like') {
        if (field.type !== 'string') {
          problems[key] = [`Operador like no permitido para ${name}.`];
          continue;
        }
        conditions.push(ilike(field.column, `%${escapeLike(value)}%`));
        continue;
      }
      const parsed = coerce(field, value);
      if (!parsed.ok) {
        problems[key] = [`Valor no válido para ${name}.`];
        continue;
      }
      conditions.push(
        op === 'eq'
          ? eq(field.column, parsed.value)
          : op === 'gte'
            ? gte(field.column, parsed.value)
            : lte(field.column, parsed.value),
      );
      continue;
    }
    switch (key) {
      case 'sort_by': {
        const fields = value.split(',').filter(Boolean);
        const parsed: SQL[] = [];
        for (const f of fields) {
          const descending = f.startsWith('-');
          const column = sorts[descending ? f.slice(1) : f];
          if (!column) {
            problems.sort_by = [`No se puede ordenar por ${f.replace(/^-/, '')}.`];
            break;
          }
          parsed.push(descending ? desc(column) : asc(column));
        }
        if (parsed.length) orderBy = parsed;
        break;
      }
      case 'page': {
        const n = Number(value);
        if (!Number.isInteger(n) || n < 1) problems.page = ['La página debe ser un número entero mayor a 0.'];
        else page = n;
        break;
      }
      case 'per_page': {
        const n = Number(value);
        if (!Number.isInteger(n) || n < 1 || n > maxPerPage)
          problems.per_page = [`per_page debe estar entre 1 y ${maxPerPage}.`];
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
