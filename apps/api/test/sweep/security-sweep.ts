/**
 * The security sweep, generated from the OpenAPI document so that every route — those of tomorrow too —
 * is covered without anyone remembering to:
 *  (a) every customer route with an id in its path, called by another customer with each id the owner's
 *      data could have, answers nothing of the owner's (no 2xx carrying the owner's name, e-mail,
 *      insurance number or payment reference) and changes nothing of the owner's;
 *  (b) every route that needs a session answers 401 without a token and with a revoked one (an operator
 *      route may say 403 to a customer's revoked token: it is refused either way);
 *  (c) every route, fed random paths, queries and bodies made from its schema (fast-check), never answers
 *      a 5xx. SWEEP_RUNS sets the cases per route: 30 in `npm test` (well over 2,000 cases in all, a floor
 *      the test asserts), 500 in `npm run test:sweep`, which CI runs (about a minute and a half); SWEEP_SEED
 *      picks the cases (fixed by default, so every run tries the same ones; `random` to explore);
 *  (d) every path, query and body parameter of every route (nested body properties and the whole body
 *      too), given each edge class of schema-arbitrary.ts whatever its declared type — integers as
 *      decimals, exponents and past every integer type, dates in the year 0 and 10000, lone UTF-16
 *      surrogates, NUL, every other JSON type, just past its own bounds — never answers a 5xx: the first
 *      value of each class in `npm test`, all of them with SWEEP_EDGES=all or SWEEP_RUNS ≥ 1000 (CI);
 *  (e) a truncated or malformed multipart body is refused (4xx) on every route that reads a body (the multipart
 *      parser is the app's, so JSON routes take one too).
 * The list routes' filters are read from the document like any parameter: lib/list-query documents each
 * with its type.
 */
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCatalog } from '../../src/db/seed.ts';
import { createSession } from '../../src/modules/auth/sessions.ts';
import { BROKEN_MULTIPART_BOUNDARY, brokenMultipartBodies } from '../fixtures.ts';
import { createTestApp, registerCustomer, type TestApp } from '../harness.ts';
import { bagCoverageId, contractInsurance, payThroughSandbox, startPayment } from '../purchase.ts';
import {
  arbitraryFor,
  asText,
  bodyPlaces,
  edgeValues,
  type JsonSchema,
  listQuery,
  percentEncode,
  shaped,
  withValueAt,
} from './schema-arbitrary.ts';

const RUNS = Number(process.env.SWEEP_RUNS ?? 30);
// A fixed seed makes a run repeatable: what passes here passes in CI. SWEEP_SEED=random explores new
// cases; a failure prints the seed that reproduces it.
const SEED = process.env.SWEEP_SEED === 'random' ? Date.now() : Number(process.env.SWEEP_SEED ?? 20261124);
const OPS_TOKEN = 'sweep-ops-token-0123456789abcdefghijklmnop';
/** The owner's rows get small ids in a fresh database: every id up to this one is tried. */
const MAX_ID = 12;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
type Parameter = { in: string; name: string; schema?: JsonSchema };
type Operation = {
  security?: unknown[];
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};
type Route = {
  method: Method;
  path: string;
  secured: boolean;
  operator: boolean;
  pathParams: Parameter[];
  queryParams: Parameter[];
  /** A free-form query (the list convention) rather than named parameters. */
  listQuery: boolean;
  contentType: string | undefined;
  body: JsonSchema | undefined;
};

/**
 * The sweep over one share of the routes: route i belongs to shard `i % shards`. Each shard is its own test
 * file, so the runner spreads them over the cores; together they cover every route.
 */
export function defineSecuritySweep(shard: number, shards: number): void {
  let t: TestApp;
  let allRoutes: Route[] = [];
  let routes: Route[] = [];
  type Customer = Awaited<ReturnType<typeof registerCustomer>>;
  let owner: Customer;
  let intruder: Customer;
  let intruderId: number;
  let revokedAuth: Record<string, string>;
  let ownerMarkers: string[] = [];
  let ownerSnapshot: string;
  let ownerReference = '';

  async function snapshotOf(customer: Customer): Promise<string> {
    const urls = [
      '/api/v4/customers/user',
      '/api/v4/customers/insurances',
      '/api/v4/customers/insurance-processes',
      '/api/v4/customers/money-wallet',
      '/api/v4/customers/credit-wallet',
      '/api/v4/customers/entities',
    ];
    const answers = await Promise.all(
      urls.map(async (url) => (await t.app.inject({ method: 'GET', url, headers: customer.auth })).body),
    );
    return answers.join('\n');
  }

  function readRoutes(doc: { paths: Record<string, Record<string, Operation>> }): Route[] {
    const found: Route[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        const parameters = op.parameters ?? [];
        const content = op.requestBody?.content ?? {};
        const contentType = Object.keys(content)[0];
        const queryParams = parameters.filter((p) => p.in === 'query');
        found.push({
          method: method.toUpperCase() as Method,
          path,
          secured: (op.security?.length ?? 0) > 0,
          operator: path.startsWith('/api/v4/admin/') && !path.startsWith('/api/v4/admin/auth/login'),
          pathParams: parameters.filter((p) => p.in === 'path'),
          // The list convention (lib/list-query.ts): paging and sorting named, filters and relations free.
          listQuery: queryParams.some((p) => p.name === 'sort_by'),
          queryParams,
          contentType,
          body: contentType ? content[contentType]?.schema : undefined,
        });
      }
    }
    return found;
  }

  const fill = (route: Route, value: (param: Parameter) => string) =>
    route.pathParams.reduce(
      (path, param) => path.replace(`{${param.name}}`, percentEncode(value(param))),
      route.path,
    );

  /** A URL with its query written here, so that text encodeURIComponent refuses can be sent too. */
  const withQuery = (url: string, query: Array<[string, string]>) =>
    query.length
      ? `${url}?${query.map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`).join('&')}`
      : url;

  const label = (route: Route) => `${route.method} ${route.path}`;

  /** Session routes whose call ends the session used (refresh revokes the old token, logout revokes it). */
  const endsSession = (route: Route) => /\/auth\/(logout|refresh)$/.test(route.path);

  /**
   * A refresh or logout ends the fuzzing customer's session: give it another (issued directly: signing in
   * again would hash the password at every case).
   */
  async function keepSession(route: Route) {
    if (!endsSession(route)) return;
    const issued = await createSession(t.database.db, { userId: intruderId, sessionDays: 1 });
    intruder = {
      ...intruder,
      token: issued.access_token,
      auth: { authorization: `Bearer ${issued.access_token}` },
    };
  }

  /** Switching maintenance on or locking the fuzzing customer would only make the rest answer 503/401. */
  const fuzzable = (route: Route) => !/\/admin\/(maintenance|customers\/\{id\}\/lock)$/.test(route.path);

  const credentials = (route: Route): Record<string, string> =>
    route.operator ? { 'x-ops-token': OPS_TOKEN } : { ...intruder.auth };

  beforeAll(async () => {
    t = await createTestApp({ opsToken: OPS_TOKEN });
    await seedDemoCatalog(t.database.db, t.app.deps.storage);
    const coverage = await bagCoverageId(t.app);

    owner = await registerCustomer(t.app, { name: 'Olga Propietaria Zeta', dni: '27111222' });
    const paid = await contractInsurance(t.app, owner.auth, coverage);
    await payThroughSandbox(t.app, owner.auth, paid.id);
    const pending = await contractInsurance(t.app, owner.auth, coverage);
    const started = await startPayment(t.app, owner.auth, pending.id, 'sandbox');
    ownerReference = started.payment.external_reference;
    await t.app.inject({
      method: 'POST',
      url: '/api/v4/customers/insurance-processes',
      headers: owner.auth,
      payload: { coverage_id: coverage },
    });
    ownerMarkers = [owner.email, 'Propietaria Zeta', paid.number, pending.number, ownerReference];

    intruder = await registerCustomer(t.app, { name: 'Iván Intruso' });
    intruderId = (
      await t.app.inject({ method: 'GET', url: '/api/v4/customers/user', headers: intruder.auth })
    ).json().data.id;
    const leaving = await registerCustomer(t.app);
    await t.app.inject({ method: 'POST', url: '/api/v4/auth/logout', headers: leaving.auth });
    revokedAuth = leaving.auth;

    const doc = (await t.app.inject({ method: 'GET', url: '/api/v4/openapi.json' })).json();
    allRoutes = readRoutes(doc);
    // This file's share of the routes: the shards run in parallel, one per core.
    routes = allRoutes.filter((_, index) => index % shards === shard);
    // An operator route is one the operations token gets past (customer routes ignore that header).
    for (const route of routes.filter((r) => r.secured && !r.operator)) {
      const res = await t.app.inject({
        method: route.method,
        url: fill(route, () => '999999'),
        headers: { 'x-ops-token': OPS_TOKEN },
      });
      route.operator = res.statusCode !== 401;
    }
    ownerSnapshot = await snapshotOf(owner);
  }, 120_000);

  afterAll(async () => t?.close());

  describe(`security sweep, routes ${shard + 1} of every ${shards}`, () => {
    it('reads a sensible list of routes from the OpenAPI document', () => {
      expect(allRoutes.length).toBeGreaterThan(60);
      expect(allRoutes.map(label)).toContain('GET /api/v4/customers/insurances/{id}');
      expect(routes.filter((r) => r.secured).length).toBeGreaterThan(40);
    });

    it('(b) every route that needs a session refuses no token and a revoked one', async () => {
      const wrong: string[] = [];
      for (const route of routes.filter((r) => r.secured)) {
        const url = fill(route, () => '1');
        for (const [who, headers] of [
          ['no token', {}],
          ['revoked token', revokedAuth],
        ] as const) {
          const res = await t.app.inject({ method: route.method, url, headers });
          const allowed = route.operator && who === 'revoked token' ? [401, 403] : [401];
          if (!allowed.includes(res.statusCode)) wrong.push(`${label(route)} with ${who}: ${res.statusCode}`);
        }
      }
      expect(wrong).toEqual([]);
    }, 120_000);

    it("(a) no customer route gives another customer's data away or changes it", async () => {
      const leaks: string[] = [];
      const customerRoutes = routes.filter(
        (r) => r.secured && !r.operator && r.pathParams.length > 0 && !endsSession(r),
      );
      for (const route of customerRoutes) {
        const bodies =
          route.body && route.contentType === 'application/json'
            ? fc.sample(shaped(route.body), 2)
            : [undefined];
        for (let id = 1; id <= MAX_ID; id += 1) {
          const url = fill(route, (param) =>
            param.name === 'ref'
              ? ownerReference
              : param.schema?.type === 'string' && param.name === 'step'
                ? 'dates'
                : String(id),
          );
          for (const body of bodies) {
            const res = await t.app.inject({
              method: route.method,
              url,
              headers: intruder.auth,
              ...(body !== undefined ? { payload: body as InjectOptions['payload'] } : {}),
            });
            if (res.statusCode >= 500) leaks.push(`${label(route)} id ${id}: ${res.statusCode}`);
            const marker = ownerMarkers.find((m) => res.body.includes(m));
            if (res.statusCode < 300 && marker) leaks.push(`${label(route)} id ${id}: shows "${marker}"`);
          }
        }
      }
      expect(leaks).toEqual([]);
      expect(await snapshotOf(owner)).toBe(ownerSnapshot);
    }, 300_000);

    it('text PostgreSQL cannot store (a NUL character) is refused as invalid, not a 500', async () => {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/v4/customers/user',
        headers: intruder.auth,
        payload: { name: 'Iván\u0000Intruso' },
      });
      expect(res.statusCode).toBe(422);
    });

    it('a JSON body of null, a number or a string is a 4xx on every route that takes JSON', async () => {
      const wrong: string[] = [];
      for (const route of routes.filter((r) => r.contentType === 'application/json')) {
        for (const payload of ['null', '0', '"texto"', '[]']) {
          const res = await t.app.inject({
            method: route.method,
            url: fill(route, () => '1'),
            headers: {
              ...(route.operator ? { 'x-ops-token': OPS_TOKEN } : intruder.auth),
              'content-type': 'application/json',
            },
            payload,
          });
          if (res.statusCode >= 500) wrong.push(`${label(route)} with ${payload}: ${res.statusCode}`);
        }
      }
      expect(wrong).toEqual([]);
    });

    it('(c) no route answers a 5xx to random paths, queries and bodies', async () => {
      const failures: string[] = [];
      let cases = 0;
      let fuzzed = 0;
      for (const [index, route] of routes.entries()) {
        if (!fuzzable(route)) continue;
        fuzzed += 1;
        const pathValue = fc.oneof(
          fc.integer({ min: 1, max: MAX_ID }).map(String),
          fc.constantFrom('0', '-1', 'abc', '2147483648', '1.5', '%00', '..%2F..', ownerReference),
          fc.string({ minLength: 1, maxLength: 20 }),
        );
        const named = Object.fromEntries(
          route.queryParams.map((p) => [
            p.name,
            // A value of an open schema may be an object without a prototype, which String() refuses.
            arbitraryFor(p.schema).map((v) =>
              v === undefined
                ? undefined
                : typeof v === 'object' && v !== null
                  ? JSON.stringify(v)
                  : String(v),
            ),
          ]),
        );
        const request = fc.record({
          path: fc.array(pathValue, {
            minLength: route.pathParams.length,
            maxLength: route.pathParams.length,
          }),
          query: fc
            .tuple(fc.record(named, { requiredKeys: [] }), route.listQuery ? listQuery : fc.constant({}))
            .map(([declared, stray]) => ({ ...stray, ...declared })),
          body:
            route.contentType === 'application/json'
              ? arbitraryFor(route.body)
              : fc.oneof(fc.string({ maxLength: 200 }), fc.constant(undefined)),
        });
        await fc
          .assert(
            fc.asyncProperty(request, async ({ path, query, body }) => {
              cases += 1;
              let n = 0;
              const url = withQuery(
                fill(route, () => path[n++] ?? '1'),
                Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined),
              );
              const headers = credentials(route);
              if (body !== undefined && route.contentType) headers['content-type'] = route.contentType;
              const res = await t.app.inject({
                method: route.method,
                url,
                headers,
                ...(body !== undefined
                  ? { payload: typeof body === 'string' ? body : JSON.stringify(body) }
                  : {}),
              });
              if (res.statusCode >= 500) {
                failures.push(
                  `${label(route)} ${url} ${JSON.stringify(query)} ${JSON.stringify(body)?.slice(0, 200)}: ${res.statusCode} ${res.body.slice(0, 200)}`,
                );
                return false;
              }
              await keepSession(route);
              return true;
            }),
            { numRuns: RUNS, endOnFailure: true, seed: SEED + index },
          )
          .catch((error: unknown) => {
            // A 5xx is already in `failures`; anything else thrown (by the app or the test) is reported too.
            const message = error instanceof Error ? error.message : String(error);
            if (!failures.some((f) => f.startsWith(label(route))))
              failures.push(`${label(route)}: ${message.split('\n').slice(0, 6).join(' | ').slice(0, 600)}`);
          });
      }
      expect(failures, `SWEEP_SEED=${SEED}`).toEqual([]);
      // Every fuzzed route got all its cases: none stopped early.
      expect(cases).toBe(RUNS * fuzzed);
      if (RUNS >= 30) expect(cases).toBeGreaterThanOrEqual(2000 / shards);
    }, 900_000);

    it('(d) every parameter of every route, given each edge class and every other JSON type, never answers a 5xx', async () => {
      // CI's sweep (SWEEP_EDGES=all) tries every value of every class, `npm test` the first of each.
      const all = process.env.SWEEP_EDGES === 'all' || RUNS >= 1000;
      const failures: string[] = [];
      let cases = 0;
      for (const route of routes.filter(fuzzable)) {
        const base = route.body ? fc.sample(shaped(route.body), { numRuns: 1, seed: SEED })[0] : undefined;
        const plain = fill(route, () => '1');
        const send = async (what: string, url: string, body: unknown) => {
          cases += 1;
          const headers = credentials(route);
          if (body !== undefined) headers['content-type'] = 'application/json';
          const res = await t.app.inject({
            method: route.method,
            url,
            headers,
            ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
          });
          if (res.statusCode >= 500)
            failures.push(`${label(route)} ${what}: ${res.statusCode} ${res.body.slice(0, 160)}`);
          await keepSession(route);
        };
        const shown = (value: unknown) => JSON.stringify(value)?.slice(0, 40);
        for (const param of route.pathParams) {
          for (const { edge, value } of edgeValues(param.schema, all)) {
            const url = fill(route, (p) => (p === param ? asText(value) : '1'));
            await send(`path ${param.name} (${edge}) ${shown(value)}`, url, base);
          }
        }
        for (const param of route.queryParams) {
          for (const { edge, value } of edgeValues(param.schema, all)) {
            const url = withQuery(plain, [[param.name, asText(value)]]);
            await send(`query ${param.name} (${edge}) ${shown(value)}`, url, base);
          }
          // Given twice, a query parameter arrives as an array.
          await send(
            `query ${param.name} twice`,
            withQuery(plain, [
              [param.name, '1'],
              [param.name, '2'],
            ]),
            base,
          );
        }
        if (route.body === undefined) continue;
        for (const place of bodyPlaces(route.body)) {
          for (const { edge, value } of edgeValues(place.schema, all)) {
            const body = withValueAt(base, place.path, value);
            await send(`body ${place.path.join('.')} (${edge}) ${shown(value)}`, plain, body);
          }
        }
        for (const { edge, value } of edgeValues(route.body, all)) {
          await send(`whole body (${edge}) ${shown(value)}`, plain, value);
        }
        await send('body with a lone surrogate as a key', plain, withValueAt(base, ['\ud800'], 'x'));
      }
      expect(failures, `SWEEP_SEED=${SEED}`).toEqual([]);
      expect(cases).toBeGreaterThan((all ? 20_000 : 5_000) / shards);
    }, 900_000);

    it('(e) a truncated or malformed multipart body is a 4xx, never a 5xx, on every route that reads a body', async () => {
      const wrong: string[] = [];
      let tried = 0;
      for (const route of routes.filter((r) => fuzzable(r) && r.method !== 'GET')) {
        for (const [how, payload] of Object.entries(brokenMultipartBodies)) {
          tried += 1;
          const res = await t.app.inject({
            method: route.method,
            url: fill(route, () => '1'),
            headers: {
              ...credentials(route),
              'content-type': `multipart/form-data; boundary=${BROKEN_MULTIPART_BOUNDARY}`,
            },
            payload,
          });
          // Refused before or at the body: never a 5xx, never taken as a valid form.
          if (res.statusCode >= 500 || res.statusCode < 400)
            wrong.push(`${label(route)} ${how}: ${res.statusCode}`);
          await keepSession(route);
        }
      }
      expect(wrong).toEqual([]);
      expect(tried).toBeGreaterThan(200 / shards);
    });
  });
}
