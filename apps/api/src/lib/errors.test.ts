/**
 * The error handler's last safety net: a PostgreSQL data exception (class 22) that a validator let through
 * is the input's fault, a 400 and never a 500. The causes are fixed where values are read (lib/list-query,
 * lib/body-parsers); this keeps a future one from becoming a 500.
 */
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { declareErrorAnswers, registerErrorHandler } from './errors.ts';

/** An app whose one route fails as the database driver does, with `code` on the error or on its cause. */
async function failingWith(code: string, wrapped: boolean) {
  const app = Fastify({ logger: false });
  registerErrorHandler(app);
  app.get('/', async () => {
    const databaseError = Object.assign(new Error('data exception'), { code });
    throw wrapped ? new Error('query failed', { cause: databaseError }) : databaseError;
  });
  await app.ready();
  return app;
}

describe('error handler', () => {
  it('answers the PostgreSQL data exceptions no validator caught with 400, never 500', async () => {
    // 22P02 invalid text representation, 22008 date/time out of range, 22007 invalid date/time format,
    // 22P05 untranslatable character, 22001 string too long.
    for (const code of ['22P02', '22008', '22007', '22001', '22012']) {
      for (const wrapped of [false, true]) {
        const app = await failingWith(code, wrapped);
        const res = await app.inject({ method: 'GET', url: '/' });
        expect(res.statusCode, `${code} wrapped=${wrapped}`).toBe(400);
        expect(res.json()).toEqual({ message: 'La solicitud no es válida.', error_code: 'bad_request' });
        await app.close();
      }
    }
  });

  it('still answers any other failure with a 500 that says nothing of its cause', async () => {
    const app = await failingWith('23505', false);
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('data exception');
    await app.close();
  });

  it('names unknown body fields called like Object.prototype members (toString, __proto__) in a 422, not a 500', async () => {
    const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(app);
    declareErrorAnswers(app);
    app.post('/', { schema: { body: z.strictObject({ name: z.string() }) } }, async () => ({}));
    await app.ready();
    for (const key of ['toString', 'constructor', 'hasOwnProperty', 'valueOf']) {
      const res = await app.inject({ method: 'POST', url: '/', payload: { name: 'x', [key]: 'y' } });
      expect(res.statusCode, key).toBe(422);
      expect(res.json().validations, key).toEqual({ [key]: ['Campo no permitido.'] });
    }
    const proto = await app.inject({
      method: 'POST',
      url: '/',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":"x","__proto__":"y"}',
    });
    expect(proto.statusCode).toBeLessThan(500);
    await app.close();
  });
});
