/**
 * The request bodies the API reads — JSON, url-encoded forms and multipart forms — each refused with a
 * 400 before any handler runs when it is not what it claims to be:
 *  - JSON whose strings or keys hold a lone UTF-16 surrogate ("\ud800" without its pair): valid JSON text,
 *    but no UTF-8 string can hold it, so PostgreSQL refuses it in text and jsonb columns (and PGlite
 *    stores a replacement character instead);
 *  - a multipart body that is truncated or malformed (no boundary, a part cut short, a header that never
 *    ends): busboy reports those as plain errors, which would otherwise reach the error handler as 500s.
 *    Every route takes multipart this way, the JSON ones included, since the parser is the app's.
 * A multipart form becomes the same `{ field: value }` body as before (`attachFieldsToBody: 'keyValues'`:
 * files as Buffers, a repeated field as an array), checked for lone surrogates too.
 */
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

const LONE_SURROGATE_MESSAGE =
  'El cuerpo de la solicitud tiene un carácter Unicode incompleto (un surrogate UTF-16 suelto).';
const MALFORMED_MULTIPART_MESSAGE = 'El formulario multipart está incompleto o mal formado.';

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether every string in `value`, keys included, is well-formed UTF-16 (no lone surrogate). */
export function isWellFormed(value: unknown): boolean {
  if (typeof value === 'string') return !LONE_SURROGATE.test(value);
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return true;
  if (Array.isArray(value)) return value.every(isWellFormed);
  for (const [key, item] of Object.entries(value)) {
    if (LONE_SURROGATE.test(key) || !isWellFormed(item)) return false;
  }
  return true;
}

/** A surrogate can only enter a UTF-8 JSON text as a \uD800–\uDFFF escape: look deeper only then. */
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;

async function readMultipart(request: FastifyRequest): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = {};
  try {
    for await (const part of request.parts()) {
      const value = part.type === 'file' ? await part.toBuffer() : part.value;
      const before = body[part.fieldname];
      body[part.fieldname] =
        before === undefined ? value : Array.isArray(before) ? [...before, value] : [before, value];
    }
  } catch (error) {
    // The plugin's own errors carry their status (a file or part limit is a 413); busboy's do not.
    if (typeof (error as { statusCode?: unknown }).statusCode === 'number') throw error;
    throw new AppError('bad_request', { message: MALFORMED_MULTIPART_MESSAGE, cause: error });
  }
  if (!isWellFormed(body)) throw new AppError('invalid_json', { message: LONE_SURROGATE_MESSAGE });
  return body;
}

export async function registerBodyParsers(
  app: FastifyInstance,
  options: { uploadLimit: number },
): Promise<void> {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    // parseAs 'string' always hands over text; the type also allows the 'buffer' case.
    const text = body.toString();
    parseJson(request, text, (error: Error | null, value?: unknown) => {
      if (error) return done(error, undefined);
      if (SURROGATE_ESCAPE.test(text) && !isWellFormed(value))
        return done(new AppError('invalid_json', { message: LONE_SURROGATE_MESSAGE }), undefined);
      done(null, value);
    });
  });
  await app.register(formbody);
  await app.register(multipart, {
    limits: { fileSize: options.uploadLimit, files: 5, fields: 50, fieldSize: 64 * 1024 },
  });
  app.addHook('preValidation', async (request) => {
    if (request.isMultipart()) request.body = await readMultipart(request);
  });
}
