import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, pngImage } from '../../../test/fixtures.ts';
import { createTestApp, registerCustomer, type TestApp } from '../../../test/harness.ts';
import { appVersions } from '../../db/schema/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { UPLOAD_LIMIT_BYTES: '200000' } });
});
afterAll(async () => t.close());

async function provinceWithLocalities() {
  const provinces = (await t.app.inject({ method: 'GET', url: '/api/v4/common/provinces' })).json()
    .data as Array<{ id: number; name: string }>;
  const cordoba = provinces.find((p) => p.name === 'Córdoba')!;
  const localities = (
    await t.app.inject({ method: 'GET', url: `/api/v4/common/provinces/${cordoba.id}/localities` })
  ).json().data as Array<{
    id: number;
    name: string;
  }>;
  return { provinces, cordoba, localities };
}

const putForm = async (auth: Record<string, string>, fields: Parameters<typeof multipart>[0]) => {
  const form = await multipart({ _method: 'PUT', ...fields });
  return t.app.inject({
    method: 'POST',
    url: '/api/v4/customers/user',
    headers: { ...auth, 'content-type': form.contentType },
    payload: form.payload,
  });
};

describe('reference data', () => {
  it('lists the 24 Argentine provinces and their localities', async () => {
    const { provinces, localities } = await provinceWithLocalities();
    expect(provinces).toHaveLength(24);
    expect(localities.map((l) => l.name)).toContain('Río Cuarto');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v4/common/provinces/9999/localities' })).statusCode,
    ).toBe(404);
  });
});

describe('profile', () => {
  it('gives the user alone, or with exactly the relations asked for', async () => {
    const { auth, email } = await registerCustomer(t.app, { name: 'Marta Gómez', dni: '30111222' });
    const get = async (query: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/v4/customers/user${query}`, headers: auth })).json()
        .data;
    const alone = await get('');
    expect(alone).toEqual({
      id: expect.any(Number),
      name: 'Marta Gómez',
      email,
      avatar: null,
      context_id: null,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    const person = {
      id: expect.any(Number),
      kind: 'person',
      name: 'Marta Gómez',
      document_type: 'DNI',
      document_number: '30111222',
      tax_condition: expect.toBeOneOf([null, 'consumidor_final']),
    };
    const all = await get('?load[User]=*,entity,takerEntity,place');
    expect(all).toEqual({
      ...alone,
      entity: person,
      takerEntity: all.takerEntity,
      place: null,
      userEntityPlace: null,
    });
    expect(all.takerEntity === null || all.takerEntity.id === all.entity.id).toBe(true);
    expect(await get('?load[User]=place')).toEqual({ ...alone, place: null, userEntityPlace: null });
    expect(await get('?load[Entity]=*')).toEqual({ ...alone, entity: person });
  });

  it('updates name, province, locality and zip code, and the user shows them', async () => {
    const { auth } = await registerCustomer(t.app);
    const { cordoba, localities } = await provinceWithLocalities();
    const rioCuarto = localities.find((l) => l.name === 'Río Cuarto')!;
    const res = await putForm(auth, {
      name: 'Lucía Fernández',
      state_id: String(cordoba.id),
      locality_id: String(rioCuarto.id),
      zip_code: 'x5800abc',
    });
    expect(res.statusCode).toBe(200);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v4/customers/user?load[User]=*,place',
      headers: auth,
    });
    expect(me.json().data).toMatchObject({
      name: 'Lucía Fernández',
      place: {
        state: { id: cordoba.id, name: 'Córdoba' },
        locality: { id: rioCuarto.id, name: 'Río Cuarto' },
        zip_code: 'X5800ABC',
        // Spec §3's name for it, the same value.
        zipCode: 'X5800ABC',
      },
    });
    // Spec §3's userEntityPlace: the place that goes with the user's personal entity.
    const { id, entity, place } = (
      await t.app.inject({
        method: 'GET',
        url: '/api/v4/customers/user?load[User]=*,entity&load[Place]=*',
        headers: auth,
      })
    ).json().data;
    expect(place.zipCode).toBe('X5800ABC');
    expect(me.json().data.userEntityPlace).toEqual({ user_id: id, entity_id: entity.id, place_id: place.id });
  });

  it('refuses a locality of another province and keeps the previous data', async () => {
    const { auth } = await registerCustomer(t.app);
    const { provinces, localities } = await provinceWithLocalities();
    const mendoza = provinces.find((p) => p.name === 'Mendoza')!;
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v4/customers/user',
      headers: auth,
      payload: { name: 'No Debe Quedar', state_id: mendoza.id, locality_id: localities[0]!.id },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().validations.locality_id).toEqual(['La localidad no pertenece a la provincia elegida.']);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v4/customers/user?load[User]=*,place',
      headers: auth,
    });
    expect(me.json().data.name).toBe('Juan Pérez');
    expect(me.json().data.place).toBeNull();
  });

  it('stores a real image as avatar and serves it by its URL', async () => {
    const { auth } = await registerCustomer(t.app);
    const image = pngImage(8, 8);
    const res = await putForm(auth, { avatar: { data: image, filename: 'yo.png', type: 'image/png' } });
    expect(res.statusCode).toBe(200);
    const url = res.json().data.avatar as string;
    expect(url).toMatch(/^\/api\/v4\/files\/avatars\/[\w-]+\.png$/);
    const file = await t.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    // Stored as re-encoded (lib/images.ts): the same picture, not the same bytes.
    expect(await sharp(file.rawPayload).metadata()).toMatchObject({ format: 'png', width: 8, height: 8 });
  });

  it('checks the avatar by its content, not its name or declared type', async () => {
    const { auth } = await registerCustomer(t.app);
    const fake = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const res = await putForm(auth, { avatar: { data: fake, filename: 'foto.png', type: 'image/png' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().validations.avatar).toEqual(['El archivo no es una imagen válida (JPG, PNG o WEBP).']);
    const me = await t.app.inject({ method: 'GET', url: '/api/v4/customers/user', headers: auth });
    expect(me.json().data.avatar).toBeNull();
  });

  it('refuses an avatar over the size limit with 413', async () => {
    const { auth } = await registerCustomer(t.app);
    const big = Buffer.concat([pngImage(2, 2), Buffer.alloc(250_000)]);
    const over = await putForm(auth, { avatar: { data: big, filename: 'grande.png', type: 'image/png' } });
    expect(over.statusCode).toBe(413);
    expect(over.json().error_code).toBe('payload_too_large');
  });

  it('refuses an empty or too long name', async () => {
    const { auth } = await registerCustomer(t.app);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v4/customers/user',
      headers: auth,
      payload: { name: 'x' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().validations.name).toEqual(['Ingresá tu nombre y apellido.']);
  });

  it('serves no file that is not an avatar and no path outside the store', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v4/files/avatars/nada.png' })).statusCode).toBe(
      404,
    );
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v4/files/avatars/..%2F..%2Fetc%2Fpasswd' })).statusCode,
    ).toBe(422);
  });
});

describe('context', () => {
  it('stores the chosen context and returns it', async () => {
    const { auth } = await registerCustomer(t.app);
    const contexts = (await t.app.inject({ method: 'GET', url: '/api/v4/common/contexts?sort_by=id' })).json()
      .data as Array<{ id: number; name: string }>;
    const ar = contexts.find((c) => c.name === 'ar')!;
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v4/customers/user/context', headers: auth })).json()
        .data,
    ).toBeNull();
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/v4/customers/user/update-context',
      headers: auth,
      payload: { context_id: ar.id },
    });
    expect(put.statusCode).toBe(200);
    const got = await t.app.inject({
      method: 'GET',
      url: '/api/v4/customers/user/context',
      headers: { ...auth, 'context-id': String(ar.id) },
    });
    expect(got.json().data).toEqual({ id: ar.id, name: 'ar', description: 'Argentina' });
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/v4/customers/user/update-context',
      headers: auth,
      payload: { context_id: 999 },
    });
    expect(bad.statusCode).toBe(422);
  });
});

describe('app versions', () => {
  it('filters by platform and active flag as the app asks, newest first', async () => {
    const social = { google: true, facebook: false, apple: true };
    await t.database.db.insert(appVersions).values([
      { version: '2.0.0', platform: 'web', active: true, social },
      { version: '2.1.11', platform: 'web', active: true, social },
      { version: '9.9.9', platform: 'web', active: false, social },
      { version: '3.0.0', platform: 'android', active: true, social },
    ]);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v4/common/app-version?filter[platform][like]=web&filter[active][eq]=true&sort_by=-id',
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as Array<{ version: string; platform: string; social: typeof social }>;
    expect(data.map((v) => v.version)).toEqual(['2.1.11', '2.0.0']);
    expect(data[0]!.social).toEqual(social);

    // The apps' own query is read by one prepared statement; any other by the general list: the same answers.
    for (const [filters, page] of [
      ['filter[platform][like]=web&filter[active][eq]=true', ''],
      ['filter[platform][like]=web&filter[active][eq]=1', '&page=2&per_page=1'],
      ['filter[platform][like]=%25&filter[active][eq]=false', ''],
      ['filter[active][eq]=true&filter[platform][like]=e', '&per_page=1'],
    ]) {
      const one = await t.app.inject({
        method: 'GET',
        url: `/api/v4/common/app-version?${filters}&sort_by=-id${page}`,
      });
      const general = await t.app.inject({
        method: 'GET',
        url: `/api/v4/common/app-version?${filters}&sort_by=-id,id${page}`,
      });
      expect(one.statusCode, filters).toBe(200);
      expect(one.json(), filters).toEqual(general.json());
    }
  });
});
