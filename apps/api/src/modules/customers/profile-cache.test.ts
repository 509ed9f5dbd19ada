/**
 * The profile cache answers from memory only while nothing the profile shows has changed: a change to the
 * user, its entities, its place, or the names of provinces and localities, made by any means (even SQL by
 * hand) and on any instance, reaches it through the database's notifications. On PostgreSQL (npm run
 * test:pg) the changing side is a second database handle with its own pool, as another instance would be.
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
import { entities, localities, places, users } from '../../db/schema/index.ts';
import { createProfileCache } from './profile-cache.ts';
import { findCustomerUser, USER_RELATIONS } from './service.ts';

let t: TestApp;
/** Where the changes come from: another pool on PostgreSQL, the same (only) handle on PGlite. */
let other: Database;
const ALL = new Set<string>(USER_RELATIONS);

beforeAll(async () => {
  t = await createTestApp();
  other = await anotherHandle(t);
});

afterAll(async () => {
  if (other !== t.database) await other.close();
  await t.close();
});

/**
 * A new customer with a place (the first locality), made before the cache under test starts listening, so
 * none of the set-up's own notifications reach it.
 */
async function customerWithPlace(name: string) {
  const customer = await registerCustomer(t.app, { name });
  const [user] = await t.database.db.select().from(users).where(eq(users.email, customer.email));
  const [locality] = await t.database.db.select().from(localities).limit(1);
  const [place] = await t.database.db
    .insert(places)
    .values({ provinceId: locality!.provinceId, localityId: locality!.id, zipCode: '5000' })
    .returning();
  await t.database.db.update(users).set({ placeId: place!.id }).where(eq(users.id, user!.id));
  return { id: user!.id, entityId: user!.entityId!, placeId: place!.id, localityId: locality!.id };
}

describe('a cached profile', () => {
  it('is served from memory, frozen, until its user changes by hand; then read again', async () => {
    const c = await customerWithPlace('Lucía Fernández');
    const cache = await createProfileCache(t.database);
    const read = () => findCustomerUser({ db: t.database.db, profiles: cache }, { userId: c.id, load: ALL });
    try {
      const first = await read();
      expect(cache.size).toBe(1);
      expect(first.place).toMatchObject({ id: c.placeId, zip_code: '5000' });
      const again = await read();
      expect(again.entity).toBe(first.entity);
      expect(Object.isFrozen(again.entity)).toBe(true);
      expect(Object.isFrozen(again.place?.state)).toBe(true);

      await other.db.update(users).set({ name: 'Lucía F. Gómez' }).where(eq(users.id, c.id));
      await until(() => cache.size === 0);
      expect((await read()).name).toBe('Lucía F. Gómez');
    } finally {
      await cache.close();
    }
  });

  it('is dropped when its entity, its taker entity or its place changes, and by a locality renamed', async () => {
    const own = await customerWithPlace('Ana Entidad');
    const taker = await customerWithPlace('Beto Tomador');
    await t.database.db.update(users).set({ takerEntityId: own.entityId }).where(eq(users.id, taker.id));
    const cache = await createProfileCache(t.database);
    const readOwn = () =>
      findCustomerUser({ db: t.database.db, profiles: cache }, { userId: own.id, load: ALL });
    const readTaker = () =>
      findCustomerUser({ db: t.database.db, profiles: cache }, { userId: taker.id, load: ALL });
    try {
      await readOwn();
      expect((await readTaker()).takerEntity?.name).toBe('Ana Entidad');
      expect(cache.size).toBe(2);
      // Ana's entity is her own and Beto's taker: both profiles go.
      await other.db.update(entities).set({ name: 'Ana Entidad SRL' }).where(eq(entities.id, own.entityId));
      await until(() => cache.size === 0);
      expect((await readOwn()).entity?.name).toBe('Ana Entidad SRL');
      expect((await readTaker()).takerEntity?.name).toBe('Ana Entidad SRL');

      await other.db.update(places).set({ zipCode: '5001' }).where(eq(places.id, taker.placeId));
      await until(() => cache.size === 1);
      expect((await readTaker()).place?.zip_code).toBe('5001');

      expect(cache.size).toBe(2);
      await other.db.execute(sql`update localities set name = name || ' (x)' where id = ${own.localityId}`);
      await until(() => cache.size === 0);
      expect((await readOwn()).place?.locality?.name).toMatch(/ \(x\)$/);
      await other.db.execute(
        sql`update localities set name = replace(name, ' (x)', '') where id = ${own.localityId}`,
      );
    } finally {
      await cache.close();
    }
  });

  it('is forgotten by the API at once when the customer edits the profile', async () => {
    const customer = await registerCustomer(t.app, { name: 'Carla Ruiz' });
    const me = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/v4/customers/user', headers: customer.auth })).json()
        .data;
    expect((await me()).name).toBe('Carla Ruiz');
    expect((await me()).name).toBe('Carla Ruiz');
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/v4/customers/user',
      headers: { ...customer.auth, 'content-type': 'application/json' },
      payload: { _method: 'PUT', name: 'Carla Ruiz Paz' },
    });
    expect(put.statusCode, put.body).toBe(200);
    // No waiting for the notification: the instance that wrote forgot before answering.
    expect((await me()).name).toBe('Carla Ruiz Paz');
  });
});
