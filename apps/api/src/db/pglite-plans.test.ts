import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepPglitePlans, type PglitePlans, sqlLiteral } from './pglite-plans.ts';

describe('SQL literals for EXECUTE', () => {
  it('writes only values whose literal is exact', () => {
    expect(sqlLiteral(42)).toBe('42');
    expect(sqlLiteral(-7)).toBe('-7');
    expect(sqlLiteral(10n)).toBe('10');
    expect(sqlLiteral(true)).toBe('true');
    expect(sqlLiteral(null)).toBe('null');
    expect(sqlLiteral("O'Brien")).toBe("'O''Brien'");
    expect(sqlLiteral(new Date('2026-11-25T10:00:00.123Z'))).toBe("'2026-11-25T10:00:00.123Z'");
    for (const inexact of [1.5, Number.NaN, 2 ** 60, undefined, {}, [1], 'a\0b', new Date(Number.NaN)]) {
      expect(sqlLiteral(inexact)).toBeUndefined();
    }
  });
});

describe('kept plans on PGlite', () => {
  const client = new PGlite();
  let plans: PglitePlans;
  const byName = 'select id, name, at from people where name = $1 and id > $2 order by id limit $3';
  const prepared = async () =>
    (await client.query<{ statement: string }>('select statement from pg_prepared_statements')).rows.map(
      (r) => r.statement,
    );

  beforeAll(async () => {
    await client.exec(`create table people (id int primary key, name text not null, at timestamptz not null);
      insert into people values (1, 'Ana', '2026-01-01T00:00:00Z'), (2, 'O''Brien', '2026-02-01T00:00:00Z'),
      (3, 'Ana', '2026-03-01T00:00:00Z');`);
    plans = await keepPglitePlans(client);
    plans.keep(byName);
  });
  afterAll(() => client.close());

  it('answers a kept query from its prepared statement, the same rows as the plain query', async () => {
    const options = { rowMode: 'array' as const, parsers: { 1184: (value: string) => `at ${value}` } };
    const kept = await client.query(byName, ['Ana', 0, 5], options);
    expect(kept.rows).toEqual([
      [1, 'Ana', 'at 2026-01-01 00:00:00+00'],
      [3, 'Ana', 'at 2026-03-01 00:00:00+00'],
    ]);
    expect(kept.fields.map((f) => f.name)).toEqual(['id', 'name', 'at']);
    expect(await prepared()).toEqual([expect.stringContaining('prepare kept_1 as select id, name, at')]);
    expect((await client.query(byName, ["O'Brien", 0, 5])).rows).toEqual([
      { id: 2, name: "O'Brien", at: new Date('2026-02-01T00:00:00Z') },
    ]);
  });

  it('keeps a string a string: a quote in it cannot end the literal', async () => {
    const attack = "x' or '1'='1";
    expect((await client.query(byName, [attack, 0, 5])).rows).toEqual([]);
    expect((await client.query(byName, ["Ana'; drop table people; --", 0, 5])).rows).toEqual([]);
    expect((await client.query<{ n: number }>('select count(*)::int as n from people')).rows).toEqual([
      { n: 3 },
    ]);
  });

  it('runs the plain query for a value without an exact literal, or a query PostgreSQL will not prepare', async () => {
    const byScore = 'select id from people where id::numeric > $1 order by id';
    plans.keep(byScore);
    expect((await client.query(byScore, [1.5])).rows).toEqual([{ id: 2 }, { id: 3 }]);
    // Only SELECT, INSERT, UPDATE, DELETE, MERGE and VALUES can be prepared.
    const unpreparable = 'show standard_conforming_strings';
    plans.keep(unpreparable);
    expect((await client.query(unpreparable)).rows).toEqual([{ standard_conforming_strings: 'on' }]);
    expect(await prepared()).toHaveLength(1);
  });

  it('passes every other query through untouched', async () => {
    expect((await client.query('select name from people where id = $1', [3])).rows).toEqual([
      { name: 'Ana' },
    ]);
  });
});
