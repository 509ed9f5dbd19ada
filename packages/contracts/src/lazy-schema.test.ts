import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';
import { AddressSchema, PersonSchema } from './risk-types/answers.ts';

describe('lazySchema', () => {
  it('builds the schema on its first use, once', () => {
    let builds = 0;
    const schema = lazySchema(() => {
      builds += 1;
      return z.object({ id: z.number() });
    });
    expect(builds).toBe(0);
    expect(schema.parse({ id: 1, extra: true })).toEqual({ id: 1 });
    expect(schema.safeParse({ id: 'x' }).success).toBe(false);
    expect(builds).toBe(1);
  });

  it('answers as the schema it builds: errors, derived schemas, parents, instanceof, keys', async () => {
    const eager = z.object({
      name: z.string().trim().min(1, { error: 'Ingresá el nombre.' }),
      age: z.number(),
    });
    const lazy = lazySchema(() =>
      z.object({ name: z.string().trim().min(1, { error: 'Ingresá el nombre.' }), age: z.number() }),
    );
    for (const input of [{ name: ' Ana ', age: 3 }, { name: ' ', age: 'x' }, null, { age: 1 }]) {
      expect(JSON.stringify(lazy.safeParse(input))).toBe(JSON.stringify(eager.safeParse(input)));
      expect(JSON.stringify(await lazy.safeParseAsync(input))).toBe(
        JSON.stringify(await eager.safeParseAsync(input)),
      );
    }
    expect(() => lazy.parse({})).toThrow(z.ZodError);
    expect(lazy).toBeInstanceOf(z.ZodObject);
    expect(lazy).toBeInstanceOf(z.ZodType);
    expect(Object.keys(lazy.shape)).toEqual(['name', 'age']);
    expect('_zod' in lazy).toBe(true);
    expect(lazy.extend({ ok: z.boolean() }).parse({ name: 'a', age: 1, ok: true })).toEqual({
      name: 'a',
      age: 1,
      ok: true,
    });
    expect(lazy.pick({ age: true }).parse({ age: 2 })).toEqual({ age: 2 });
    expect(lazy.optional().parse(undefined)).toBeUndefined();
    const parent = z.object({ child: lazy, list: z.array(lazy) });
    expect(
      parent.safeParse({ child: { name: 'a', age: 1 }, list: [{ name: '', age: 1 }] }).error?.issues,
    ).toEqual(
      z.object({ child: eager, list: z.array(eager) }).safeParse({
        child: { name: 'a', age: 1 },
        list: [{ name: '', age: 1 }],
      }).error?.issues,
    );
    const described = lazySchema(() => z.string().describe('Un texto'));
    expect(described.description).toBe('Un texto');
    expect(described.meta()).toEqual({ description: 'Un texto' });
    expect(lazy['~standard'].validate({ name: 'a', age: 1 })).toEqual({ value: { name: 'a', age: 1 } });
  });

  it('works in discriminated unions and as a union member', () => {
    const a = lazySchema(() => z.object({ kind: z.literal('a'), n: z.number() }));
    const b = lazySchema(() => z.object({ kind: z.literal('b'), s: z.string() }));
    const union = z.discriminatedUnion('kind', [a, b]);
    expect(union.parse({ kind: 'b', s: 'x' })).toEqual({ kind: 'b', s: 'x' });
    expect(union.safeParse({ kind: 'c' }).success).toBe(false);
  });

  it('wraps the contracts’ own schemas with the same answers', () => {
    const person = lazySchema(() => PersonSchema);
    const address = lazySchema(() => AddressSchema);
    for (const input of [{}, { first_name: 'Ana' }, null]) {
      expect(JSON.stringify(person.safeParse(input))).toBe(JSON.stringify(PersonSchema.safeParse(input)));
      expect(JSON.stringify(address.safeParse(input))).toBe(JSON.stringify(AddressSchema.safeParse(input)));
    }
  });

  it('refuses a builder that returns no schema', () => {
    const wrong = lazySchema(() => ({ nope: true }) as unknown as z.ZodString);
    expect(() => wrong.parse('x')).toThrow(TypeError);
  });
});
