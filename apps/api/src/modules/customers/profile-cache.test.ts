/**
 * The profile cache (profile-cache.ts, declared by GET /customers/user) answers from memory only while
 * nothing the answer shows has changed: a change to the user, its entities, its place, or the names of
 * provinces and localities, made by any means (even SQL by hand) and on any instance, reaches it through
 * the database's notifications. On PostgreSQL (npm run test:pg) the changing side is a second database
 * handle with its own pool, as another instance would be.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anotherHandle,
  createTestApp,
  registerCustomer,
  type TestApp,
  until,
} from '../../../test/harness.ts';
import type { Database } from '../../db/client.ts';
import {
  contexts,
  entities,
  invoiceProfiles,
  localities,
  notifications,
  notificationUsers,
  places,
  userEntities,
  users,
} from '../../db/schema/index.ts';
import { holdJobs, writeHeldJobs } from '../../lib/outbox.ts';
import { notify } from '../notifications/notify.ts';
import { PROFILES_CHANNEL } from './profile-cache.ts';
import { selectCustomerUser } from './service.ts';

let t: TestApp;
/** Where the changes come from: another pool on PostgreSQL, the same (only) handle on PGlite. */
let other: Database;

beforeAll(async () => {
  t = await createTestApp();
  other = await anotherHandle(t);
});

afterAll(async () => {
  if (other !== t.database) await other.close();
  await t.close();
});

/** The profile as the web asks for it at every start (apps/web/src/shared/session/current-user.ts). */
const WEB = '/api/v4/customers/user?load%5BUser%5D=*%2Centity%2CtakerEntity%2Cplace';
/** Waits for the notifications of a change to arrive: generous, the machine may be busy. */
const WAIT = 15_000;

type Profile = {
  name: string;
  entity?: { name: string };
  takerEntity?: { name: string } | null;
  place?: { zip_code: string | null; locality: { name: string } | null } | null;
};

type Customer = { auth: Record<string, string> };

async function me(c: Customer, url = WEB) {
  const res = await t.app.inject({ method: 'GET', url, headers: c.auth });
  expect(res.statusCode, res.body).toBe(200);
  return { body: res.body, data: res.json().data as Profile };
}

/** Whether this read was answered from memory (the cache's hit count grew by one). */
async function servedFromMemory(c: Customer, url = WEB) {
  const before = t.app.deps.profiles.stats.hits;
  const { body } = await me(c, url);
  return { hit: t.app.deps.profiles.stats.hits === before + 1, body };
}

/** A new customer with a place (the first locality), its profile then answered from memory. */
async function customerWithPlace(name: string) {
  const customer = await registerCustomer(t.app, { name });
  const [user] = await t.database.db.select().from(users).where(eq(users.email, customer.email));
  const [locality] = await t.database.db.select().from(localities).limit(1);
  const [place] = await t.database.db
    .insert(places)
    .values({ provinceId: locality!.provinceId, localityId: locality!.id, zipCode: '5000' })
    .returning();
  await t.database.db.update(users).set({ placeId: place!.id }).where(eq(users.id, user!.id));
  const ids = { id: user!.id, entityId: user!.entityId!, placeId: place!.id, localityId: locality!.id };
  return { ...customer, ...ids };
}

describe('a cached profile', () => {
  it('is answered from memory, the same bytes, until its user changes by hand; then read again', async () => {
    const c = await customerWithPlace('Lucía Fernández');
    // The set-up's own notifications may still drop the first answer once; then the second read hits.
    await until(async () => (await servedFromMemory(c)).hit, WAIT);
    const first = await me(c);
    expect(first.data.place).toMatchObject({ zip_code: '5000' });
    expect(await servedFromMemory(c)).toEqual({ hit: true, body: first.body });
    // The same relations spelled otherwise are the same entry; fewer relations are another.
    expect(
      (await servedFromMemory(c, '/api/v4/customers/user?load[User]=place,takerEntity,entity')).hit,
    ).toBe(true);
    expect((await servedFromMemory(c, '/api/v4/customers/user')).hit).toBe(false);

    await other.db.update(users).set({ name: 'Lucía F. Gómez' }).where(eq(users.id, c.id));
    await until(async () => (await me(c)).data.name === 'Lucía F. Gómez', WAIT);
  });

  it('is read again when its entity, its taker entity or its place changes, and by a locality renamed', async () => {
    const own = await customerWithPlace('Ana Entidad');
    const taker = await customerWithPlace('Beto Tomador');
    await t.database.db.update(users).set({ takerEntityId: own.entityId }).where(eq(users.id, taker.id));
    await until(async () => (await me(taker)).data.takerEntity?.name === 'Ana Entidad', WAIT);
    await until(async () => (await servedFromMemory(own)).hit && (await servedFromMemory(taker)).hit, WAIT);

    // Ana's entity is her own and Beto's taker: both answers go.
    await other.db.update(entities).set({ name: 'Ana Entidad SRL' }).where(eq(entities.id, own.entityId));
    await until(async () => (await me(own)).data.entity?.name === 'Ana Entidad SRL', WAIT);
    await until(async () => (await me(taker)).data.takerEntity?.name === 'Ana Entidad SRL', WAIT);

    // Beto's place changes: his answer goes, Ana's stays.
    await until(async () => (await servedFromMemory(own)).hit, WAIT);
    await other.db.update(places).set({ zipCode: '5001' }).where(eq(places.id, taker.placeId));
    await until(async () => (await me(taker)).data.place?.zip_code === '5001', WAIT);
    expect((await servedFromMemory(own)).hit).toBe(true);

    await other.db.execute(sql`update localities set name = name || ' (x)' where id = ${own.localityId}`);
    await until(async () => / \(x\)$/.test((await me(own)).data.place?.locality?.name ?? ''), WAIT);
    await other.db.execute(
      sql`update localities set name = replace(name, ' (x)', '') where id = ${own.localityId}`,
    );
  });

  it('is forgotten by the API at once when the customer edits the profile', async () => {
    const customer = await registerCustomer(t.app, { name: 'Carla Ruiz' });
    expect((await me(customer)).data.name).toBe('Carla Ruiz');
    await until(async () => (await servedFromMemory(customer)).hit, WAIT);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/v4/customers/user',
      headers: { ...customer.auth, 'content-type': 'application/json' },
      payload: { _method: 'PUT', name: 'Carla Ruiz Paz' },
    });
    expect(put.statusCode, put.body).toBe(200);
    // No waiting for the notification: the instance that wrote forgot before answering.
    expect((await me(customer)).data.name).toBe('Carla Ruiz Paz');
  });

  it('keeps GET /auth/user and the stored context the same way, and forgets them when they change', async () => {
    const c = await customerWithPlace('Dora Contexto');
    const AUTH_USER = '/api/v4/auth/user';
    const CONTEXT = '/api/v4/customers/user/context';
    await until(async () => (await servedFromMemory(c, AUTH_USER)).hit, WAIT);
    // The same profile as the web's read, from its own entry.
    expect((await me(c, AUTH_USER)).body).toBe((await me(c)).body);
    await other.db.update(users).set({ name: 'Dora C. Ruiz' }).where(eq(users.id, c.id));
    await until(async () => (await me(c, AUTH_USER)).data.name === 'Dora C. Ruiz', WAIT);

    const [context] = await t.database.db.select().from(contexts).limit(1);
    await t.database.db.update(users).set({ contextId: null }).where(eq(users.id, c.id));
    await until(async () => (await servedFromMemory(c, CONTEXT)).body === '{"data":null}', WAIT);
    await until(async () => (await servedFromMemory(c, CONTEXT)).hit, WAIT);
    // Stored by hand (another instance, an operator): the notification drops the kept answer.
    await other.db.update(users).set({ contextId: context!.id }).where(eq(users.id, c.id));
    await until(async () => (await me(c, CONTEXT)).body.includes(`"id":${context!.id}`), WAIT);
    // Stored through the API: the instance forgets before it answers.
    await until(async () => (await servedFromMemory(c, CONTEXT)).hit, WAIT);
    const [second] = await t.database.db
      .insert(contexts)
      .values({ name: `prueba-${c.id}`, description: 'Contexto de prueba' })
      .returning();
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/v4/customers/user/update-context',
      headers: { ...c.auth, 'content-type': 'application/json' },
      payload: { _method: 'PUT', context_id: second!.id },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await me(c, CONTEXT)).body).toContain(`"id":${second!.id}`);
  });

  it("keeps the bell's unread count until a notification of the customer is added, read or removed", async () => {
    const c = await customerWithPlace('Elena Campana');
    const COUNT = '/api/v4/customers/notification-user/count';
    await until(async () => (await servedFromMemory(c, COUNT)).body === '{"data":0}', WAIT);
    await until(async () => (await servedFromMemory(c, COUNT)).hit, WAIT);
    // Delivered by hand on another handle (the outbox job of another instance): the count is read again.
    const [sent] = await other.db
      .insert(notifications)
      .values({ title: 'Aviso', body: 'Tenés un aviso.', actionType: 'Message' })
      .returning();
    const [row] = await other.db
      .insert(notificationUsers)
      .values({ notificationId: sent!.id, userId: c.id })
      .returning();
    await until(async () => (await me(c, COUNT)).body === '{"data":1}', WAIT);
    // Read by hand, then removed by hand.
    await until(async () => (await servedFromMemory(c, COUNT)).hit, WAIT);
    await other.db
      .update(notificationUsers)
      .set({ readAt: new Date() })
      .where(eq(notificationUsers.id, row!.id));
    await until(async () => (await me(c, COUNT)).body === '{"data":0}', WAIT);
    await other.db.update(notificationUsers).set({ readAt: null }).where(eq(notificationUsers.id, row!.id));
    await until(async () => (await me(c, COUNT)).body === '{"data":1}', WAIT);
    // Read through the API: the instance forgets before it answers.
    await until(async () => (await servedFromMemory(c, COUNT)).hit, WAIT);
    const read = await t.app.inject({
      method: 'POST',
      url: '/api/v4/customers/notification-user/read-all',
      headers: c.auth,
    });
    expect(read.statusCode, read.body).toBe(200);
    expect((await me(c, COUNT)).body).toBe('{"data":0}');
    await other.db.update(notificationUsers).set({ readAt: null }).where(eq(notificationUsers.id, row!.id));
    await until(async () => (await me(c, COUNT)).body === '{"data":1}', WAIT);
    await until(async () => (await servedFromMemory(c, COUNT)).hit, WAIT);
    await other.db.delete(notificationUsers).where(eq(notificationUsers.id, row!.id));
    await until(async () => (await me(c, COUNT)).body === '{"data":0}', WAIT);
  });

  it("a keyed request's notifications: the bell's count is told once the transaction committed, not at its commit", async () => {
    const COUNT = '/api/v4/customers/notification-user/count';
    const c = await customerWithPlace('Olga Campana');
    const d = await customerWithPlace('Nora Campana');
    for (const who of [c, d]) {
      await until(async () => (await servedFromMemory(who, COUNT)).body === '{"data":0}', WAIT);
      await until(async () => (await servedFromMemory(who, COUNT)).hit, WAIT);
    }
    // A transaction that holds its jobs (a wallet payment, a claim filed) stores its notifications itself.
    const after = await other.db.transaction(async (tx) => {
      holdJobs(tx);
      await notify(tx, {
        userId: c.id,
        title: 'Tu seguro está vigente',
        body: 'Ya estás cubierto.',
        action: { type: 'Message' },
        key: `held-count:${c.id}`,
      });
      return writeHeldJobs(tx);
    });
    // Committed and quiet: a message sent after it on the channel (the profiles' messages arrive in the
    // order they were sent) reaches the cache while the customer's count is still the one kept.
    await other.db.execute(sql`select pg_notify(${PROFILES_CHANNEL}, ${`unread:${d.id}`})`);
    await until(async () => !(await servedFromMemory(d, COUNT)).hit, WAIT);
    expect(await servedFromMemory(c, COUNT)).toEqual({ hit: true, body: '{"data":0}' });
    // Told after the commit, by what the transaction left for then.
    expect(after).toHaveLength(1);
    await Promise.all(after.map((work) => work(other.db)));
    await until(async () => (await me(c, COUNT)).body === '{"data":1}', WAIT);
  });

  it('keeps the entities the customer acts for and the invoice profile until they change', async () => {
    const c = await customerWithPlace('Fabio Entidades');
    const ENTITIES = '/api/v4/customers/entities';
    const PROFILE = '/api/v4/customers/invoice-profile';
    const names = async () => (await me(c, ENTITIES)).body;
    await until(async () => (await servedFromMemory(c, ENTITIES)).hit, WAIT);
    expect(await names()).toContain('Fabio Entidades');
    // A business they now act for (an invitation accepted on another instance): read again.
    const [business] = await other.db
      .insert(entities)
      .values({ kind: 'business', name: 'Fabio SRL', documentType: 'CUIT', documentNumber: '30500012346' })
      .returning();
    await other.db.insert(userEntities).values({ userId: c.id, entityId: business!.id, role: 'member' });
    await until(async () => (await names()).includes('Fabio SRL'), WAIT);
    await until(async () => (await servedFromMemory(c, ENTITIES)).hit, WAIT);
    await other.db.update(entities).set({ name: 'Fabio SA' }).where(eq(entities.id, business!.id));
    await until(async () => (await names()).includes('Fabio SA'), WAIT);
    await until(async () => (await servedFromMemory(c, ENTITIES)).hit, WAIT);
    await other.db.delete(userEntities).where(eq(userEntities.entityId, business!.id));
    await until(async () => !(await names()).includes('Fabio SA'), WAIT);

    await until(async () => (await servedFromMemory(c, PROFILE)).body === '{"data":null}', WAIT);
    await until(async () => (await servedFromMemory(c, PROFILE)).hit, WAIT);
    const put = await t.app.inject({
      method: 'PUT',
      url: PROFILE,
      headers: { ...c.auth, 'content-type': 'application/json' },
      payload: {
        name: 'Fabio Entidades',
        document_type: 'DNI',
        document_number: '30111222',
        tax_condition: 'consumidor_final',
        street: 'Av. Colón',
        street_number: '100',
        floor_apartment: '',
        locality: 'Córdoba',
        state_id: 1,
        zip_code: '5000',
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    // The instance that wrote forgets before it answers.
    expect((await me(c, PROFILE)).body).toContain('Av. Colón');
    await until(async () => (await servedFromMemory(c, PROFILE)).hit, WAIT);
    await other.db
      .update(invoiceProfiles)
      .set({ street: 'Av. Vélez Sarsfield' })
      .where(eq(invoiceProfiles.userId, c.id));
    await until(async () => (await me(c, PROFILE)).body.includes('Av. Vélez Sarsfield'), WAIT);
  });

  it("reads no column that migration 0016's triggers do not watch", async () => {
    // The columns the profile query reads, per table, from PostgreSQL's own plan of it.
    const { sql: text, params } = selectCustomerUser(t.database.db, 1).toSQL();
    const literal = text.replace(/\$(\d+)/g, (_, n: string) => String(params[Number(n) - 1]));
    const explained = (await t.database.db.execute(
      sql.raw(`explain (verbose, format json) ${literal}`),
    )) as unknown as {
      rows: Array<Record<string, unknown>>;
    };
    const cell = Object.values(explained.rows[0]!)[0];
    type PlanNode = Record<string, unknown> & {
      'Relation Name'?: string;
      Alias?: string;
      Plans?: PlanNode[];
    };
    const [{ Plan }] = (typeof cell === 'string' ? JSON.parse(cell) : cell) as [{ Plan: PlanNode }];
    // Scans may output whole rows (PostgreSQL's physical target lists): the answer's expression and the
    // join and filter conditions say which columns are used.
    const tables = new Map<string, string>();
    const used: string[] = [...((Plan.Output as string[] | undefined) ?? [])];
    const visit = (node: PlanNode) => {
      if (node['Relation Name'] && node.Alias) tables.set(node.Alias, node['Relation Name']);
      for (const [name, value] of Object.entries(node)) {
        if (/(Cond|Filter)$/.test(name) && typeof value === 'string') used.push(value);
      }
      for (const child of node.Plans ?? []) visit(child);
    };
    visit(Plan);
    const read = new Set<string>();
    for (const expression of used) {
      for (const [, alias, column] of expression.matchAll(/\b(\w+)\.(\w+)\b/g)) {
        const table = tables.get(alias!);
        if (table) read.add(`${table}.${column}`);
      }
    }
    // The plan is read right: what the answer shows, and the join keys.
    for (const column of [
      'users.name',
      'users.taker_entity_id',
      'entities.tax_condition',
      'places.zip_code',
    ]) {
      expect(read).toContain(column);
    }
    expect(read).toContain('localities.name');
    expect(read).toContain('files.storage_key');

    // The columns whose updates notify cubierto_profiles ('*' when every update does).
    const triggers = (await t.database.db.execute(sql`
      select c.relname as "table", g.tgtype as "type",
        coalesce(array_agg(a.attname::text) filter (where a.attname is not null), '{}') as "columns"
      from pg_trigger g
      join pg_class c on c.oid = g.tgrelid
      left join pg_attribute a on a.attrelid = g.tgrelid and a.attnum = any (g.tgattr::int2[])
      where g.tgfoid = 'notify_profile_changed'::regproc and not g.tgisinternal
      group by c.relname, g.tgname, g.tgtype`)) as unknown as {
      rows: Array<{ table: string; type: number; columns: string[] }>;
    };
    const UPDATE = 16;
    const watched = new Set<string>();
    for (const trigger of triggers.rows) {
      if ((trigger.type & UPDATE) === 0) continue;
      if (trigger.columns.length === 0) watched.add(`${trigger.table}.*`);
      for (const column of trigger.columns) watched.add(`${trigger.table}.${column}`);
    }
    // Ids and creation dates never change.
    const unwatched = [...read].filter(
      (c) => !/\.(id|created_at)$/.test(c) && !watched.has(c) && !watched.has(`${c.split('.')[0]}.*`),
    );
    expect(unwatched).toEqual([]);
  });
});
