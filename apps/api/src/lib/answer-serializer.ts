/**
 * How the routes' successful answers become JSON (issue 22). The zod type provider's serializer checks
 * every answer against its zod schema (a parse of the whole answer, each object copied) and then calls
 * JSON.stringify: on the lists and the catalogue that was a large part of a request's time, for answers the
 * handlers already build typed. Here a 2xx answer with a zod schema is written by fast-json-stringify,
 * compiled (when first needed, once per schema) from the schema's JSON Schema as the OpenAPI document shows
 * it: the same keys in the same order, unknown keys left out, as the zod serializer wrote them.
 *
 * Under test (`checked`), every answer is still checked against its zod schema, and written both ways: an
 * answer the two would write differently fails the request (a 500 naming the route), so the API suite proves
 * the bytes are the same. Error answers (4xx, 5xx), non-zod schemas and a schema fast-json-stringify cannot
 * take keep the zod serializer.
 */
import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { $ZodType } from 'zod/v4/core';

type JsonSchema = { [key: string]: unknown };
type RouteSchema = Parameters<typeof zodSerializerCompiler>[0];
type Serializer = (data: unknown) => string;

/** What fast-json-stringify compiled for a zod schema, or null when it could not: shared by every app. */
const compiled = new WeakMap<$ZodType, Serializer | null>();

/** The zod schema of a route's answer (`{ properties }` is how the type provider may wrap one). */
function zodSchemaOf(schema: unknown): $ZodType | undefined {
  if (schema instanceof $ZodType) return schema;
  if (schema && typeof schema === 'object' && 'properties' in schema && schema.properties instanceof $ZodType)
    return schema.properties;
  return undefined;
}

const isObject = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The definitions (`#/definitions/<name>`) that refer to themselves, directly or not. */
function recursiveDefinitions(definitions: Record<string, unknown>): Set<string> {
  const refsOf = (node: unknown, into: Set<string>): Set<string> => {
    if (Array.isArray(node)) for (const item of node) refsOf(item, into);
    else if (isObject(node)) {
      const ref = node.$ref;
      if (typeof ref === 'string' && ref.startsWith('#/definitions/')) into.add(ref.slice(14));
      for (const value of Object.values(node)) refsOf(value, into);
    }
    return into;
  };
  const direct = new Map(Object.entries(definitions).map(([name, def]) => [name, refsOf(def, new Set())]));
  const recursive = new Set<string>();
  for (const name of direct.keys()) {
    const seen = new Set<string>();
    const queue = [...(direct.get(name) ?? [])];
    while (queue.length) {
      const next = queue.pop()!;
      if (next === name) {
        recursive.add(name);
        break;
      }
      if (seen.has(next)) continue;
      seen.add(next);
      queue.push(...(direct.get(next) ?? []));
    }
  }
  return recursive;
}

/**
 * The JSON Schema made plain for fast-json-stringify: definitions inlined, a recursive one (JsonValue: any
 * JSON value, which zod passes through as it is) written as any value (JSON.stringify), a nullable scalar
 * (`anyOf: [{ type: 'integer' }, { type: 'null' }]`) as one type list, and other alternatives as below, so
 * that no value is matched against whole alternatives at run time.
 */
function plain(node: unknown, definitions: Record<string, unknown>, recursive: Set<string>): unknown {
  if (Array.isArray(node)) return node.map((item) => plain(item, definitions, recursive));
  if (!isObject(node)) return node;
  const ref = node.$ref;
  if (typeof ref === 'string') {
    const name = ref.startsWith('#/definitions/') ? ref.slice(14) : undefined;
    if (name === undefined || recursive.has(name) || !(name in definitions)) return {};
    return plain(definitions[name], definitions, recursive);
  }
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    // fast-json-stringify writes the required properties before the others: with none required, each
    // object's keys keep the schema's order, as zod wrote them (a missing key is left out, as zod would
    // refuse it under test).
    if (key === '$schema' || key === 'definitions' || key === 'propertyNames' || key === 'required') continue;
    if (key === 'properties' && isObject(value)) {
      out.properties = Object.fromEntries(
        Object.entries(value).map(([name, schema]) => [name, plain(schema, definitions, recursive)]),
      );
    } else out[key] = plain(value, definitions, recursive);
  }
  const anyOf = out.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const isNull = (s: unknown) => isObject(s) && s.type === 'null' && Object.keys(s).length === 1;
    const other = anyOf.find((s) => !isNull(s));
    const scalar = ['string', 'number', 'integer', 'boolean'];
    if (
      anyOf.some(isNull) &&
      isObject(other) &&
      typeof other.type === 'string' &&
      scalar.includes(other.type) &&
      !('anyOf' in other || 'oneOf' in other || 'allOf' in other)
    ) {
      const { anyOf: _alternatives, ...rest } = out;
      return { ...rest, ...other, type: [other.type, 'null'] };
    }
  }
  const alternatives = out.anyOf ?? out.oneOf;
  if (Array.isArray(alternatives)) {
    const { anyOf: _anyOf, oneOf: _oneOf, ...rest } = out;
    // No object among them whose unknown keys zod would leave out: zod hands a valid value over as it is,
    // and JSON.stringify writes it alike (a stored answer: scalars, lists and records of them).
    if (!alternatives.some(hasProperties)) return rest;
    // Objects told apart by a constant (a discriminated union: the pricing's kind): the alternative
    // chosen by that one property, not by matching the whole value against each.
    const chain = byDiscriminator(alternatives);
    if (chain) return { ...rest, ...chain };
  }
  return out;
}

/** Whether a schema holds an object with named properties anywhere (what zod writes only in part). */
function hasProperties(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(hasProperties);
  if (!isObject(node)) return false;
  return 'properties' in node || 'default' in node || Object.values(node).some(hasProperties);
}

/**
 * Object alternatives that each fix one same property to a constant, as `if`/`then`/`else` on that
 * property; undefined when they are not.
 */
function byDiscriminator(alternatives: unknown[]): JsonSchema | undefined {
  const first = alternatives[0];
  if (!isObject(first) || !isObject(first.properties)) return undefined;
  const constOf = (alternative: unknown, key: string) => {
    if (!isObject(alternative) || alternative.type !== 'object' || !isObject(alternative.properties))
      return undefined;
    const property = alternative.properties[key];
    return isObject(property) && 'const' in property ? property.const : undefined;
  };
  const key = Object.keys(first.properties).find((name) =>
    alternatives.every((alternative) => constOf(alternative, name) !== undefined),
  );
  if (key === undefined) return undefined;
  const values = alternatives.map((alternative) => constOf(alternative, key));
  if (new Set(values).size !== values.length) return undefined;
  let chain = alternatives.at(-1) as JsonSchema;
  for (let i = alternatives.length - 2; i >= 0; i -= 1) {
    chain = {
      if: { type: 'object', properties: { [key]: { const: values[i] } }, required: [key] },
      // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then/else, never awaited.
      then: alternatives[i],
      else: chain,
    };
  }
  return chain;
}

/** fast-json-stringify's writer for a zod schema, or null when the schema is one it cannot take. */
function compile(schema: $ZodType): Serializer | null {
  if (compiled.has(schema)) return compiled.get(schema) ?? null;
  let serializer: Serializer | null = null;
  try {
    const json = z.toJSONSchema(schema as z.ZodType, {
      target: 'draft-7',
      io: 'output',
      unrepresentable: 'any',
      cycles: 'ref',
      reused: 'inline',
    }) as JsonSchema;
    const definitions = isObject(json.definitions) ? json.definitions : {};
    const fast = fastJson(plain(json, definitions, recursiveDefinitions(definitions)) as JsonSchema);
    serializer = (data) => fast(data);
  } catch {
    serializer = null;
  }
  compiled.set(schema, serializer);
  return serializer;
}

/**
 * The app's serializer compiler. `checked`: the answer is checked against its zod schema and written both
 * ways; a difference is an error naming the route (tests).
 */
export function answerSerializerCompiler(options: { checked: boolean }) {
  return (route: RouteSchema): Serializer => {
    const zodWrite = zodSerializerCompiler(route) as Serializer;
    const schema = zodSchemaOf(route.schema);
    if (!schema || !String(route.httpStatus).startsWith('2')) return zodWrite;
    let fast: Serializer | null | undefined;
    return (data) => {
      if (fast === undefined) fast = compile(schema);
      if (!options.checked) return fast ? fast(data) : zodWrite(data);
      const expected = zodWrite(data);
      if (!fast) throw new Error(`${route.method} ${route.url} ${route.httpStatus}: no fast serializer`);
      const written = fast(data);
      if (written !== expected) {
        throw new Error(
          `${route.method} ${route.url} ${route.httpStatus}: the fast serializer wrote\n${written}\ninstead of\n${expected}`,
        );
      }
      return written;
    };
  };
}
