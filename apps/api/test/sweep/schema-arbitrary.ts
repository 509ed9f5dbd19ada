/**
 * Random values for a route's input, made from its JSON Schema (the OpenAPI document's): mostly values of
 * the right shape — so the handler, not only the validator, is reached — and sometimes anything at all.
 * Only the keywords our Zod schemas produce are read; the rest is treated as "any value".
 */
import fc from 'fast-check';

export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
};

/**
 * The edge classes of the "no input may produce a 500" review, each tried on every parameter of every
 * route whatever its declared type (a date column declared as a string is how one of them slipped by):
 * numbers as decimals, exponents and past every integer type, dates in the year 0 and 10000 and days
 * that do not exist, lone UTF-16 surrogates and NUL characters, and every JSON type in place of the
 * declared one. Values are JSON; a path or query parameter gets them as text (`asText`).
 */
export const edgeClasses: Record<string, readonly unknown[]> = {
  decimal: [1.5, '1.5', -0.5, '1.0'],
  exponent: ['1e21', 1e21, '1e3', '-1e-7'],
  huge: [2_147_483_648, '9223372036854775808', -2_147_483_649, '99999999999999999999999', 1e308],
  'number words': ['NaN', 'Infinity', '0x10', ' 1', '+1', ''],
  'year 0': ['0000-01-01', '0000-01-01T00:00:00Z', '0001-01-01T00:00:00+01:00', '-000001-01-01'],
  'year 10000': ['10000-01-01', '+010000-01-01T00:00:00Z', '9999-12-31T23:59:59-01:00'],
  'no such day': ['2025-02-30', '2025-13-01T00:00:00Z', '2025-01-01T25:00:00Z', 'abc'],
  'lone surrogate': ['\ud800', 'a\udfffb', '\udbff\udbff'],
  NUL: ['\u0000', 'a\u0000b'],
  'other JSON types': [null, true, false, 0, -1, 'texto', [], [1, 'a'], {}, { a: 1 }],
  long: ['x'.repeat(10_000)],
};

const dateEdges = [
  ...edgeClasses['year 0']!,
  ...edgeClasses['year 10000']!,
  ...edgeClasses['no such day']!,
] as string[];
const numberEdges = [edgeClasses.decimal!, edgeClasses.exponent!, edgeClasses.huge!]
  .flat()
  .map(Number)
  .filter(Number.isFinite);

const junk: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.string(),
  fc.constantFrom('', ' ', '0', '-1', '1e308', 'NaN', '<script>alert(1)</script>', "' or 1=1 --", '\u0000'),
  fc.constantFrom(...Object.values(edgeClasses).flat()),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
);

function stringOf(schema: JsonSchema): fc.Arbitrary<string> {
  switch (schema.format) {
    case 'email':
      return fc.emailAddress();
    case 'date':
      return fc.oneof(
        {
          weight: 4,
          arbitrary: fc
            .date({ min: new Date('2000-01-01'), max: new Date('2040-12-31'), noInvalidDate: true })
            .map((d) => d.toISOString().slice(0, 10)),
        },
        fc.constantFrom(...dateEdges),
      );
    case 'date-time':
      return fc.oneof(
        {
          weight: 4,
          arbitrary: fc
            .date({ min: new Date('2000-01-01'), max: new Date('2040-12-31'), noInvalidDate: true })
            .map((d) => d.toISOString()),
        },
        fc.constantFrom(...dateEdges),
      );
    default:
      return fc.oneof(
        fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 200) }),
        fc.stringMatching(/^\d{7,11}$/),
        fc.constantFrom('Juan Pérez', '20-12345678-6', 'ABC123', 'AB123CD', '1425', 'C1425ABC'),
        fc.constantFrom(...(edgeClasses['lone surrogate'] as string[]), ...dateEdges),
      );
  }
}

function numberOf(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1e6);
  const max = Math.min(schema.maximum ?? 1e9, 1e12);
  const inRange = integer
    ? fc.integer({ min: Math.max(min, -2_147_483_648), max: Math.min(max, 2_147_483_647) })
    : fc.double({ min, max, noNaN: true });
  return fc.oneof(
    { weight: 4, arbitrary: inRange },
    fc.constantFrom(0, 1, 2, 3, 5, -1, 2_147_483_648),
    fc.constantFrom(...numberEdges),
  );
}

/** Values that mostly fit `schema` (depth-limited), one time in ten anything at all. */
export function arbitraryFor(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return junk;
  return fc.oneof({ weight: 9, arbitrary: shaped(schema, depth) }, { weight: 1, arbitrary: junk });
}

/** Values of the schema's shape only (still random within it). */
export function shaped(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => arbitraryFor(s, depth + 1)));
  if (schema.allOf?.length) return arbitraryFor(schema.allOf[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (type.length > 1) return fc.oneof(...type.map((t) => shaped({ ...schema, type: t }, depth)));
  switch (type[0]) {
    case 'string':
      return stringOf(schema);
    case 'integer':
      return numberOf(schema, true);
    case 'number':
      return numberOf(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(arbitraryFor(schema.items, depth + 1), {
        minLength: Math.min(schema.minItems ?? 0, 5),
        maxLength: Math.min(schema.maxItems ?? 5, 5),
      });
    case 'object': {
      const properties = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const shape = Object.fromEntries(
        Object.entries(properties).map(([key, value]) => [key, arbitraryFor(value, depth + 1)]),
      );
      return fc.record(shape, {
        requiredKeys: Object.keys(properties).filter((key) => required.has(key)),
      });
    }
    default:
      return junk;
  }
}

/** Query strings of the list convention (paging, sorting, filters, relations) and stray keys. */
export const listQuery: fc.Arbitrary<Record<string, string>> = fc.dictionary(
  fc.oneof(
    fc.constantFrom(
      'page',
      'per_page',
      'sort_by',
      'filter[status][eq]',
      'filter[id][in]',
      'filter[name][like]',
      'filter[created_at][gte]',
      'load[User]',
      'filter[x][y][z]',
    ),
    fc.string({ minLength: 1, maxLength: 12 }),
  ),
  fc.oneof(
    fc.constantFrom('1', '0', '-1', '100000', 'abc', 'id', '-created_at', 'vigente', '*', '1,2,3', ''),
    fc.string({ maxLength: 20 }),
  ),
  { maxKeys: 4 },
);

/** Edges of the parameter's own declaration: just past its bounds, a value outside its enum. */
export function ownEdges(schema: JsonSchema | undefined): unknown[] {
  if (!schema) return [];
  const out: unknown[] = [];
  if (schema.minimum !== undefined) out.push(schema.minimum - 1, schema.minimum - 0.5);
  if (schema.maximum !== undefined) out.push(schema.maximum + 1, schema.maximum + 0.5);
  if (schema.exclusiveMinimum !== undefined) out.push(schema.exclusiveMinimum);
  if (schema.maxLength !== undefined) out.push('x'.repeat(Math.min(schema.maxLength + 1, 100_000)));
  if (schema.maxItems !== undefined) out.push(Array.from({ length: schema.maxItems + 1 }, () => 1));
  if (schema.enum) out.push('fuera-de-la-lista');
  for (const inner of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])])
    out.push(...ownEdges(inner));
  if (schema.items) out.push(...ownEdges(schema.items).map((v) => [v]));
  return out;
}

/**
 * The edge values one parameter is tried with: all of every class (`all`, as CI's sweep does) or the
 * first of each (as `npm test` does), then its own bounds.
 */
export function edgeValues(
  schema: JsonSchema | undefined,
  all: boolean,
): Array<{ edge: string; value: unknown }> {
  const out: Array<{ edge: string; value: unknown }> = [];
  for (const [edge, values] of Object.entries(edgeClasses))
    for (const value of all ? values : values.slice(0, 1)) out.push({ edge, value });
  for (const value of ownEdges(schema)) out.push({ edge: 'own bounds', value });
  return out;
}

/** A value as a path or query parameter's text: strings as they are, the rest as JSON (1e21 → "1e+21"). */
export function asText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

const LONE_SURROGATE = /([\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff])/;

/**
 * Percent-encodes text for a URL; a lone surrogate, which encodeURIComponent refuses, is sent as the
 * bytes a careless client would send (its CESU-8 form, invalid UTF-8).
 */
export function percentEncode(text: string): string {
  return text
    .split(LONE_SURROGATE)
    .map((piece, i) => {
      if (i % 2 === 0) return encodeURIComponent(piece);
      const c = piece.charCodeAt(0);
      return [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    })
    .join('');
}

/** The places of a body one value can go: each property, nested ones too, and an array's first item. */
export function bodyPlaces(
  schema: JsonSchema | undefined,
  path: Array<string | number> = [],
  depth = 0,
): Array<{ path: Array<string | number>; schema: JsonSchema | undefined }> {
  if (!schema || depth > 3) return [];
  const alternatives = [schema, ...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  const out: Array<{ path: Array<string | number>; schema: JsonSchema | undefined }> = [];
  const seen = new Set<string>();
  for (const alternative of alternatives) {
    for (const [key, inner] of Object.entries(alternative.properties ?? {})) {
      const at = [...path, key];
      if (seen.has(at.join('.'))) continue;
      seen.add(at.join('.'));
      out.push({ path: at, schema: inner }, ...bodyPlaces(inner, at, depth + 1));
    }
    if (alternative.items && !seen.has([...path, 0].join('.'))) {
      seen.add([...path, 0].join('.'));
      out.push(
        { path: [...path, 0], schema: alternative.items },
        ...bodyPlaces(alternative.items, [...path, 0], depth + 1),
      );
    }
  }
  return out;
}

/** A copy of `base` with `value` at `path` (objects and arrays made on the way where missing). */
export function withValueAt(base: unknown, path: Array<string | number>, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string | number, ...Array<string | number>];
  if (typeof head === 'number') {
    const list = Array.isArray(base) ? [...base] : [];
    list[head] = withValueAt(list[head], rest, value);
    return list;
  }
  const object = base !== null && typeof base === 'object' && !Array.isArray(base) ? { ...base } : {};
  (object as Record<string, unknown>)[head] = withValueAt(
    (object as Record<string, unknown>)[head],
    rest,
    value,
  );
  return object;
}
