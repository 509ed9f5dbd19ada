/**
 * Every PUT route of the API, declared through one helper (spec §7): the app sends a PUT with a form-data
 * body as POST with a `_method=PUT` field, so each PUT route also answers that POST.
 *
 *   app.route({ ...formPut(BodySchema), url, schema: { body: BodySchema, … }, handler })
 *
 * The spread gives the route both methods and a preValidation hook that
 *  - refuses a POST without the override (405), so POST never silently acts as PUT; a path whose POST
 *    has a meaning of its own (the poll: POST opens it) passes `plainPost` and tells the two apart with
 *    `isPlainPost(request)` (its body schema is `.nullish()`: a plain POST carries none, a PUT always);
 *  - drops the `_method` field, so the body schemas stay strict;
 *  - coerces the fields of a form (multipart or url-encoded: every value is text) by the body schema:
 *    a number field from its decimal text, a boolean from true/false/1/0, null from an empty field of a
 *    nullable one, an object or array from its JSON text. JSON bodies are left as they are.
 */
import type { FastifyReply, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import type { z } from 'zod';
import { AppError } from './errors.ts';

const PLAIN_POST = Symbol('plainPost');

type Override = { [PLAIN_POST]?: true };

/** Whether this request is a POST without `_method=PUT`, on a route declared with `plainPost`. */
export function isPlainPost(request: FastifyRequest): boolean {
  return (request as FastifyRequest & Override)[PLAIN_POST] === true;
}

function isForm(request: FastifyRequest): boolean {
  const type = request.headers['content-type'] ?? '';
  return /^(multipart\/form-data|application\/x-www-form-urlencoded)/i.test(type);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && !Buffer.isBuffer(value);
}

type Def = { type: string; innerType?: z.ZodType; in?: z.ZodType; shape?: Record<string, z.ZodType> };

function defOf(schema: z.ZodType): Def {
  return (schema as unknown as { _zod: { def: Def } })._zod.def;
}

/** The schema under optional/nullable/default/pipe wrappers, and whether null is allowed on the way. */
function unwrap(schema: z.ZodType): { base: z.ZodType; nullable: boolean } {
  let current = schema;
  let nullable = false;
  for (;;) {
    const def = defOf(current);
    if (def.type === 'nullable') nullable = true;
    if ((def.type === 'optional' || def.type === 'nullable' || def.type === 'default') && def.innerType) {
      current = def.innerType;
    } else if (def.type === 'pipe' && def.in) {
      current = def.in;
    } else {
      return { base: current, nullable };
    }
  }
}

const DECIMAL = /^-?\d+(\.\d+)?$/;

/** One form value read as the schema's type; a value that does not fit is left for the schema to refuse. */
function coerceField(value: unknown, schema: z.ZodType): unknown {
  if (typeof value !== 'string') return value;
  const { base, nullable } = unwrap(schema);
  if (value === '' && nullable) return null;
  switch (defOf(base).type) {
    case 'number':
    case 'int':
      return DECIMAL.test(value.trim()) ? Number(value.trim()) : value;
    case 'boolean':
      if (value === 'true' || value === '1') return true;
      if (value === 'false' || value === '0') return false;
      return value;
    case 'object':
    case 'array':
    case 'record':
      try {
        return JSON.parse(value) as unknown;
      } catch {
        return value;
      }
    default:
      return value;
  }
}

/** The fields of a form body coerced by the object schema's shape; unknown fields stay for the schema. */
export function coerceFormBody(body: Record<string, unknown>, schema: z.ZodType): Record<string, unknown> {
  const shape = defOf(unwrap(schema).base).shape;
  if (!shape) return body;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    const field = shape[key];
    out[key] = field ? coerceField(value, field) : value;
  }
  return out;
}

export function formPut(
  bodySchema: z.ZodType | undefined,
  options: { plainPost?: boolean } = {},
): { method: ['PUT', 'POST']; preValidation: preValidationAsyncHookHandler } {
  async function putOverride(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const body = isRecord(request.body) ? request.body : undefined;
    const override = body?._method;
    const overridden = typeof override === 'string' && override.toUpperCase() === 'PUT';
    if (request.method === 'POST' && !overridden) {
      if (!options.plainPost) {
        throw new AppError('method_not_allowed', { message: 'Usá PUT, o POST con el campo _method=PUT.' });
      }
      (request as FastifyRequest & Override)[PLAIN_POST] = true;
      // Its body is not the PUT's: the route's schema takes it nullish, and the PUT never goes without.
      request.body = null;
      return;
    }
    if (!body) {
      if (options.plainPost) request.body = {};
      return;
    }
    const { _method, ...rest } = body;
    request.body = bodySchema && isForm(request) ? coerceFormBody(rest, bodySchema) : rest;
  }
  return { method: ['PUT', 'POST'], preValidation: putOverride };
}
