/**
 * The API's contract, as its OpenAPI document states it (issue "One typed contract"): the document is valid
 * OpenAPI 3.1, every operation declares what it answers on success with a real schema (no `unknown`
 * anywhere in a JSON answer), and every operation declares its error answers with the one error body.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness.ts';

type Schema = { [key: string]: unknown };
type Operation = { responses?: Record<string, { content?: Record<string, { schema?: Schema }> }> };
type Document = { paths: Record<string, Record<string, Operation>> };

let t: TestApp;
let document: Document;
beforeAll(async () => {
  t = await createTestApp();
  const answer = await t.app.inject({ method: 'GET', url: '/api/v4/openapi.json' });
  document = answer.json() as Document;
}, 120_000);
afterAll(async () => {
  await t.close();
});

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

function* operations(): Generator<[string, Operation]> {
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (METHODS.has(method)) yield [`${method.toUpperCase()} ${path}`, operation];
    }
  }
}

/** A schema that says nothing (`{}`, what z.unknown() and z.any() become), anywhere inside `schema`. */
function holdsUnknown(schema: unknown): boolean {
  if (!schema || typeof schema !== 'object') return false;
  const node = schema as Schema;
  const meaningful = Object.keys(node).filter((key) => key !== 'description' && key !== '$schema');
  if (meaningful.length === 0) return true;
  const children: unknown[] = [];
  if (node.properties && typeof node.properties === 'object')
    children.push(...Object.values(node.properties));
  if (node.items) children.push(node.items);
  if (node.additionalProperties && typeof node.additionalProperties === 'object') {
    children.push(node.additionalProperties);
  }
  for (const key of ['anyOf', 'oneOf', 'allOf']) if (Array.isArray(node[key])) children.push(...node[key]);
  return children.some(holdsUnknown);
}

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document) as Record<string, unknown>);
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 1)?.slice(0, 4000)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('declares a success answer with a real schema on every operation', () => {
    const vague: string[] = [];
    for (const [name, operation] of operations()) {
      const success = Object.entries(operation.responses ?? {}).filter(([code]) => /^2/.test(code));
      const json = success.flatMap(([, answer]) =>
        Object.entries(answer.content ?? {}).filter(([type]) => type.includes('json')),
      );
      const hasBody = success.some(([code]) => code !== '204');
      if (success.length === 0 || (hasBody && json.some(([, media]) => holdsUnknown(media.schema)))) {
        vague.push(name);
      }
    }
    expect(vague).toEqual([]);
  });

  it('declares the error body on every operation', () => {
    const missing: string[] = [];
    for (const [name, operation] of operations()) {
      const codes = Object.keys(operation.responses ?? {});
      const errorBody = (code: string) => {
        const schema = operation.responses?.[code]?.content?.['application/json']?.schema;
        const properties = (schema?.properties ?? {}) as Record<string, unknown>;
        return 'error_code' in properties && 'message' in properties;
      };
      if (!codes.some((code) => /^4/.test(code) && errorBody(code))) missing.push(name);
    }
    expect(missing).toEqual([]);
  });
});
