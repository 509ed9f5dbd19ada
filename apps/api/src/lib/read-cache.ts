/**
 * Read caches as a layer of the routes, not of the services (issue 17). A GET route that declares
 * `config: { readCache: cachedAnswers(cache, query) }` has its answers kept in this instance's memory,
 * serialized, under the route, the caller and its query as the route understands it (parsed, defaults
 * applied, keys sorted): two spellings of one request share an entry, so the request the web sends is the
 * request that gets cached. The services behind such routes are plain database code and know nothing of
 * it.
 *
 * What keeps an answer honest is lib/notified-cache.ts: the database notifies the cache's channel at
 * commit whenever a row an answer may have been read from changes (by a route, an operator, another
 * instance, a job or SQL by hand), with a payload '<kind>:<id>'. Each answer is stored with the rows it
 * shows, as such payloads ('user:42', 'entity:7'), and every instance drops the answers a payload names;
 * a payload of any other kind drops everything. The instance that served a write also forgets at once
 * (registerReadCaches), so the writer's next read never races the notification.
 */
import type { FastifyInstance, RouteHandlerMethod } from 'fastify';
import type { Database } from '../db/client.ts';
import { type ListSpec, parseListQuery, type RawQuery } from './list-query.ts';
import { createNotifiedCache, type NotifiedCache, type NotifiedCacheOptions } from './notified-cache.ts';

/** An answer as kept: the body as sent, and the rows it shows as notification payloads. */
export type CachedAnswer = { body: string; tags: ReadonlySet<string> };

/** The kept answers of one kind `A` (a route's 200 body), dropped by the payloads of one channel. */
export type ReadCache<A> = NotifiedCache<CachedAnswer> & {
  /** The rows an answer to `callerId` shows, as the channel names them ('user:42'). */
  readonly tagsOf: (answer: A, callerId: number) => Iterable<string>;
};

export type ReadCacheOptions<A> = Pick<
  NotifiedCacheOptions<CachedAnswer>,
  'channel' | 'kinds' | 'maxAgeMs' | 'maxEntries' | 'now'
> & {
  tags: (answer: A, callerId: number) => Iterable<string>;
};

export async function createReadCache<A>(
  database: Database,
  options: ReadCacheOptions<A>,
): Promise<ReadCache<A>> {
  const { tags, ...rest } = options;
  const cache = await createNotifiedCache<CachedAnswer>(database, {
    ...rest,
    concerns: (kind, id, answer) => answer.tags.has(`${kind}:${id}`),
  });
  return Object.assign(cache, { tagsOf: tags });
}

/** A route's use of a cache: see cachedAnswers. */
export type RouteReadCache = {
  cache: NotifiedCache<CachedAnswer>;
  tags: (answer: unknown, callerId: number) => Iterable<string>;
  query: (query: RawQuery) => unknown;
  /** The answer is the same for every caller, signed in or not (the public catalogue): one entry for all. */
  shared?: boolean;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Keep this GET route's answers in memory, per caller and query (lib/read-cache.ts). */
    readCache?: RouteReadCache;
  }
}

/**
 * The route option. `query` says what of the query string the answer depends on, parsed and with its
 * defaults applied (it may throw the route's 422 for a query it refuses); by default the query string as
 * validated. The path's parameters are always part of the key. The route must be behind requireCustomer
 * (the caller is part of the key; without one nothing is cached) unless `shared` says the answer is the
 * same for everyone (then the caller is not part of it, and callerId is 0 for `tags`); it must return its
 * answer rather than send it, and declare its 200 schema: a missed answer is serialized with it once, and
 * each hit sends those bytes.
 */
export function cachedAnswers<A>(
  cache: ReadCache<A>,
  query: (query: RawQuery) => unknown = (raw) => raw,
  options: { shared?: boolean } = {},
): RouteReadCache {
  return {
    cache,
    // The answer has just been serialized against the route's 200 schema, which is A's.
    tags: (answer, callerId) => cache.tagsOf(answer as A, callerId),
    query,
    ...(options.shared ? { shared: true } : {}),
  };
}

/**
 * A list route's query as lib/list-query.ts understands it: checked first (an invalid query is the 422
 * it always was), page and per_page as numbers with their defaults, the sort fields (none when the route's
 * default applies), each filter's value as read (the last one when repeated), each load as its sorted
 * relations.
 */
export function listQueryKey(spec: ListSpec): (query: RawQuery) => Record<string, unknown> {
  return (query) => {
    const parsed = parseListQuery(query, spec);
    const key: Record<string, unknown> = { page: parsed.page, per_page: parsed.perPage };
    for (const [name, value] of Object.entries(query)) {
      const last = Array.isArray(value) ? value[value.length - 1] : value;
      if (name === 'page' || name === 'per_page' || name.startsWith('load[') || last === undefined) continue;
      if (name === 'sort_by') {
        const fields = last.split(',').filter(Boolean);
        if (fields.length) key.sort_by = fields.join(',');
      } else key[name] = last;
    }
    for (const [model, relations] of Object.entries(parsed.load)) {
      key[`load[${model}]`] = [...relations].sort();
    }
    return key;
  };
}

/** JSON with every object's keys sorted: equal values, equal strings. */
export function canonicalJson(value: unknown): string {
  return (
    JSON.stringify(value, (_name, v: unknown) =>
      v && typeof v === 'object' && !Array.isArray(v)
        ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
        : v,
    ) ?? ''
  );
}

function cachedHandler(handler: RouteHandlerMethod, route: RouteReadCache): RouteHandlerMethod {
  return async function readThroughCache(this: FastifyInstance, request, reply) {
    const callerId = route.shared ? 0 : request.auth?.userId;
    if (callerId === undefined) return handler.call(this, request, reply);
    const key = `${route.shared ? '*' : callerId} ${request.routeOptions.url} ${canonicalJson(request.params ?? {})} ${canonicalJson(route.query(request.query as RawQuery))}`;
    let notKept: { answer: unknown } | undefined;
    const kept = await route.cache.get(key, async () => {
      const answer: unknown = await handler.call(this, request, reply);
      const body = reply.sent || reply.statusCode !== 200 ? undefined : reply.serialize(answer);
      if (typeof body !== 'string') {
        notKept = { answer };
        return null;
      }
      return { value: { body, tags: new Set(route.tags(answer, callerId)) } };
    });
    if (notKept || !kept) return notKept?.answer;
    // A string with a JSON content type is sent as it is, not serialized again.
    reply.header('content-type', 'application/json; charset=utf-8');
    return kept.body;
  };
}

/**
 * Installs the layer; call it before the routes are registered. Every GET route that declares `readCache`
 * reads through its cache. After any other request that may write, the caches forget what it may have
 * changed before the answer leaves: a customer's request, that customer's rows ('user:<id>'); a request
 * whose path matches `changesEveryone` (webhooks, the back office, the sandbox checkout), everything.
 */
export function registerReadCaches(
  app: FastifyInstance,
  options: { caches: ReadonlyArray<NotifiedCache<CachedAnswer>>; changesEveryone: RegExp },
): void {
  app.addHook('onRoute', (route) => {
    const readCache = route.config?.readCache;
    if (readCache && route.method === 'GET') route.handler = cachedHandler(route.handler, readCache);
  });
  // A callback hook: it runs on every answer and never waits for anything.
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS')
      return done(null, payload);
    const forget = request.auth
      ? `user:${request.auth.userId}`
      : options.changesEveryone.test(request.url)
        ? 'all'
        : undefined;
    if (forget) for (const cache of options.caches) cache.evict(forget);
    done(null, payload);
  });
}
