/**
 * The read-cache layer on a bare Fastify app: a GET route that declares `readCache` reads through it,
 * keyed on the caller and the query as the route understands it; what is not a 200 to a signed-in caller
 * is never kept; the caller's own writes and the channel's payloads forget the answers they name.
 */
import { desc } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database, ListenHandlers } from '../db/client.ts';
import { insurances } from '../db/schema/index.ts';
import { AppError, registerErrorHandler } from './errors.ts';
import type { ListSpec, RawQuery } from './list-query.ts';
import {
  cachedAnswers,
  canonicalJson,
  createReadCache,
  listQueryKey,
  registerReadCaches,
} from './read-cache.ts';

/** A database whose channel the test drives: listening at once, payloads sent with `notify`. */
function fakeDatabase() {
  let handlers: ListenHandlers | undefined;
  const database = {
    listen: async (_channel: string, given: ListenHandlers) => {
      handlers = given;
      given.onState(true);
      return async () => undefined;
    },
  } as unknown as Database;
  return { database, notify: (payload: string) => handlers?.onMessage(payload) };
}

const spec = {
  filters: { status: { column: insurances.status, type: 'enum', ops: ['eq', 'in'] } },
  sorts: { created_at: insurances.createdAt, id: insurances.id },
  defaultSort: [desc(insurances.createdAt), desc(insurances.id)],
} satisfies ListSpec;

const keyOf = (query: RawQuery) => canonicalJson(listQueryKey(spec)(query));

describe('a list query as a cache key', () => {
  it('is the same for every spelling of one request, defaults applied and keys sorted', () => {
    const web = keyOf({ sort_by: '-created_at', page: '1', per_page: '3' });
    expect(keyOf({ per_page: '3', sort_by: '-created_at' })).toBe(web);
    expect(keyOf({ page: ['2', '1'], per_page: '3', sort_by: '-created_at,' })).toBe(web);
    expect(keyOf({ per_page: '20' })).toBe(keyOf({}));
    expect(keyOf({ sort_by: '' })).toBe(keyOf({}));
  });

  it('differs whenever the answer may differ', () => {
    const web = keyOf({ sort_by: '-created_at', page: '1', per_page: '3' });
    for (const other of [
      { page: '1', per_page: '3' },
      { sort_by: '-created_at', page: '2', per_page: '3' },
      { sort_by: '-created_at', per_page: '4' },
      { sort_by: 'created_at', per_page: '3' },
      { sort_by: '-created_at', per_page: '3', 'filter[status][eq]': 'vigente' },
    ]) {
      expect(keyOf(other), JSON.stringify(other)).not.toBe(web);
    }
  });

  it('refuses what the list refuses, with the same 422', () => {
    expect(() => keyOf({ page: '1.0' })).toThrow(AppError);
    expect(() => keyOf({ sort_by: 'secret' })).toThrow(AppError);
    expect(() => keyOf({ 'filter[status][eq]': 'nonsense' })).toThrow(AppError);
  });
});

describe('a route that reads through the cache', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  async function setUp() {
    const { database, notify } = fakeDatabase();
    const cache = await createReadCache<{ data: { owner: number; n: number } }>(database, {
      channel: 'test',
      kinds: ['user', 'thing'],
      tags: (answer, callerId) => [`user:${callerId}`, `thing:${answer.data.n}`],
    });
    const calls: string[] = [];
    app = Fastify();
    registerErrorHandler(app);
    registerReadCaches(app, { caches: [cache], changesEveryone: /^\/admin\// });
    // The caller, as requireCustomer would set it: the x-user header.
    app.decorateRequest('auth', null);
    app.addHook('onRequest', async (request) => {
      const user = Number(request.headers['x-user']);
      request.auth = user ? ({ userId: user } as NonNullable<typeof request.auth>) : null;
    });
    app.get(
      '/things',
      { config: { readCache: cachedAnswers(cache, listQueryKey(spec)) } },
      async (request) => {
        calls.push(String(request.headers['x-user'] ?? 'nobody'));
        const query = request.query as Record<string, string>;
        if (query['filter[status][eq]'] === 'anulado') throw new AppError('not_found');
        return { data: { owner: request.auth?.userId ?? 0, n: calls.length } };
      },
    );
    app.post('/things', async () => ({ ok: true }));
    app.post('/admin/things', async () => ({ ok: true }));
    const get = async (url: string, user?: number) => {
      const res = await app!.inject({ method: 'GET', url, headers: user ? { 'x-user': String(user) } : {} });
      return { status: res.statusCode, type: res.headers['content-type'], body: res.body };
    };
    return { cache, calls, notify, get };
  }

  it('answers the same request, however spelled, from memory with the same bytes and type', async () => {
    const { cache, calls, get } = await setUp();
    const first = await get('/things?sort_by=-created_at&page=1&per_page=3', 1);
    expect(first).toMatchObject({ status: 200, type: 'application/json; charset=utf-8' });
    expect(await get('/things?per_page=3&sort_by=-created_at', 1)).toEqual(first);
    expect(calls).toEqual(['1']);
    expect(cache.stats).toMatchObject({ hits: 1, misses: 1 });
    // Another caller, another entry.
    expect(JSON.parse((await get('/things?per_page=3&sort_by=-created_at', 2)).body).data.owner).toBe(2);
    expect(calls).toEqual(['1', '2']);
  });

  it('keeps nothing but a 200 to a signed-in caller', async () => {
    const { calls, get } = await setUp();
    expect((await get('/things?filter[status][eq]=anulado', 1)).status).toBe(404);
    expect((await get('/things?filter[status][eq]=anulado', 1)).status).toBe(404);
    expect((await get('/things?page=x', 1)).status).toBe(422);
    await get('/things');
    await get('/things');
    expect(calls).toEqual(['1', '1', 'nobody', 'nobody']);
  });

  it("forgets a caller's answers after the caller's write, everything after a back-office write", async () => {
    const { cache, calls, get } = await setUp();
    await get('/things', 1);
    await get('/things', 2);
    await app!.inject({ method: 'POST', url: '/things', headers: { 'x-user': '1' } });
    expect(cache.size).toBe(1);
    await get('/things', 1);
    await get('/things', 2);
    expect(calls).toEqual(['1', '2', '1']);
    await app!.inject({ method: 'POST', url: '/admin/things' });
    expect(cache.size).toBe(0);
  });

  it('drops what a payload names, and everything for a payload it does not know', async () => {
    const { cache, notify, get } = await setUp();
    await get('/things', 1); // thing:1
    await get('/things', 2); // thing:2
    notify('thing:2');
    expect(cache.size).toBe(1);
    notify('user:1');
    expect(cache.size).toBe(0);
    await get('/things', 1);
    notify('nonsense:1');
    expect(cache.size).toBe(0);
  });
});

describe('a route whose answer is the same for everyone (shared)', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('keeps one answer per path and query for every caller, kept through customers’ writes, dropped by "all"', async () => {
    const { database, notify } = fakeDatabase();
    const cache = await createReadCache<{ data: { id: number; n: number } }>(database, {
      channel: 'test',
      kinds: ['user'],
      tags: () => [],
    });
    const calls: number[] = [];
    app = Fastify();
    registerErrorHandler(app);
    registerReadCaches(app, { caches: [cache], changesEveryone: /^\/admin\// });
    app.decorateRequest('auth', null);
    app.addHook('onRequest', async (request) => {
      const user = Number(request.headers['x-user']);
      request.auth = user ? ({ userId: user } as NonNullable<typeof request.auth>) : null;
    });
    app.get<{ Params: { id: string } }>(
      '/catalogue/:id',
      { config: { readCache: cachedAnswers(cache, undefined, { shared: true }) } },
      async (request) => {
        calls.push(Number(request.params.id));
        return { data: { id: Number(request.params.id), n: calls.length } };
      },
    );
    app.post('/things', async () => ({ ok: true }));
    app.post('/admin/catalogue', async () => ({ ok: true }));
    const get = async (url: string, user?: number) =>
      JSON.parse(
        (await app!.inject({ method: 'GET', url, headers: user ? { 'x-user': String(user) } : {} })).body,
      ) as { data: { id: number; n: number } };

    const first = await get('/catalogue/1?per_page=100');
    expect(await get('/catalogue/1?per_page=100', 7)).toEqual(first);
    expect(await get('/catalogue/1?per_page=100', 8)).toEqual(first);
    // The path's parameters and the query are part of the key.
    expect((await get('/catalogue/2?per_page=100')).data.id).toBe(2);
    expect((await get('/catalogue/1?per_page=10')).data.n).toBe(3);
    expect(calls).toEqual([1, 2, 1]);
    // A customer's write and an insurance's payload concern none of it.
    await app.inject({ method: 'POST', url: '/things', headers: { 'x-user': '7' } });
    notify('user:7');
    expect(cache.size).toBe(3);
    // The catalogue changed (the database's 'all', or a back-office write): everything goes.
    notify('all');
    expect(cache.size).toBe(0);
    await get('/catalogue/1?per_page=100');
    await app.inject({ method: 'POST', url: '/admin/catalogue' });
    expect(cache.size).toBe(0);
    expect(calls).toEqual([1, 2, 1, 1]);
  });
});
