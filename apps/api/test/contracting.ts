/** Valid answers for every step of every risk type, for tests that contract through the API. */
import type { RiskTypeCode } from '@cubierto/contracts';
import type { FastifyInstance } from 'fastify';
import { multipart, pngImage } from './fixtures.ts';

export const VALID_IMEI = '490154203237518';

export function isoDaysFromToday(days: number): string {
  const today = new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

const person = {
  first_name: 'Sofía',
  last_name: 'Gómez',
  dni: '30123456',
  birth_date: '1990-04-12',
  gender: 'f',
};

type Ids = { stateId: number; localityId: number };

const address = (ids: Ids) => ({
  street: 'Av. Corrientes',
  street_number: '1234',
  floor_block: '5',
  apartment_house: 'B',
  state_id: ids.stateId,
  locality_id: ids.localityId,
  zip_code: 'C1043AAZ',
});

/** Test data, one entry per risk type (a new type's test brings its own, as the 13th one does). */
const ANSWERS: Record<RiskTypeCode, (ids: Ids) => Record<string, unknown>> = {
  'cell-phone': () => ({
    brand: 'Samsung',
    model: 'Galaxy A54',
    imei: VALID_IMEI,
    serial_number: 'R58T12345XY',
    insured_amount_cents: 45_000_000,
  }),
  bicycle: () => ({ brand: 'Trek', model: 'Marlin 5', frame_number: 'WTU123456789', wheel_size: '29' }),
  motorcycle: () => ({
    brand: 'Honda',
    model: 'Wave 110',
    year: new Date().getFullYear() - 3,
    engine_number: 'JA45E1234567',
    chassis_number: '8CHJA4500PA123456',
    plate: 'AB123CD',
  }),
  'specific-vehicle-cargo': () => ({ plate: 'AA 123 BB', cargo_description: 'Electrodomésticos embalados' }),
  'personal-accident': () => ({
    insured: person,
    activity: 'Docente',
    beneficiaries: [
      {
        first_name: 'Juan',
        last_name: 'Gómez',
        dni: '28123456',
        relationship: 'Cónyuge',
        percentage: 100,
      },
    ],
    special_clauses_accepted: true,
  }),
  life: () => ({
    insured: person,
    beneficiaries: [
      { first_name: 'Ana', last_name: 'Gómez', dni: '45123456', relationship: 'Hija', percentage: 60 },
      {
        first_name: 'Juan',
        last_name: 'Gómez',
        dni: '28123456',
        relationship: 'Cónyuge',
        percentage: 40,
      },
    ],
  }),
  telemedicine: () => ({ insured: person }),
  'travel-assistance': () => ({
    trip_type: 'one_trip',
    destination: 'Brasil',
    travellers: [person, { ...person, first_name: 'Juan', dni: '28123456', gender: 'm' }],
  }),
  home: (ids) => ({ address: address(ids) }),
  store: (ids) => ({ address: address(ids), business_activity: 'Librería' }),
  bag: () => ({ description: 'Mochila negra' }),
  'protected-purchase': () => ({
    product_description: 'Notebook Lenovo IdeaPad',
    store_name: 'Tienda Online',
    purchase_date: isoDaysFromToday(-2),
    insured_amount_cents: 90_000_000,
  }),
};

export function riskAnswers(code: RiskTypeCode, ids: Ids): Record<string, unknown> {
  return ANSWERS[code](ids);
}

export async function uploadPhoto(
  app: FastifyInstance,
  auth: Record<string, string>,
  seed = 1,
): Promise<number> {
  const form = await multipart({
    kind: 'risk_photo',
    file: {
      data: pngImage(4 + seed, 4, [seed * 20, 100, 150]),
      filename: `foto${seed}.png`,
      type: 'image/png',
    },
  });
  const res = await app.inject({
    method: 'POST',
    url: '/api/v4/customers/uploads',
    headers: { ...auth, 'content-type': form.contentType },
    payload: form.payload,
  });
  if (res.statusCode !== 201) throw new Error(`upload failed ${res.statusCode} ${res.body}`);
  return res.json().data.id as number;
}
