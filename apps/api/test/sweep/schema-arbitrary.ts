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

const junk: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.string(),
  fc.constantFrom('', ' ', '0', '-1', '1e308', 'NaN', '<script>alert(1)</script>', "' or 1=1 --", '\u0000'),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
);

function stringOf(schema: JsonSchema): fc.Arbitrary<string> {
  switch (schema.format) {
    case 'email':
      return fc.emailAddress();
    case 'date':
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2040-12-31'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
    case 'date-time':
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2040-12-31'), noInvalidDate: true })
        .map((d) => d.toISOString());
    default:
      return fc.oneof(
        fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 200) }),
        fc.stringMatching(/^\d{7,11}$/),
        fc.constantFrom('Juan Pérez', '20-12345678-6', 'ABC123', 'AB123CD', '1425', 'C1425ABC'),
      );
  }
}

function numberOf(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1e6);
  const max = Math.min(schema.maximum ?? 1e9, 1e12);
  const inRange = integer
    ? fc.integer({ min: Math.max(min, -2_147_483_648), max: Math.min(max, 2_147_483_647) })
    : fc.double({ min, max, noNaN: true });
  return fc.oneof({ weight: 4, arbitrary: inRange }, fc.constantFrom(0, 1, 2, 3, 5, -1, 2_147_483_648));
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
