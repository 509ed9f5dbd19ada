import {
  CertificateCheckSchema,
  InsuranceDetailSchema,
  InsuranceGroupSchema,
  InsuranceSchema,
  pageOf,
  RISK_TYPE_CODES,
  type RiskTypeCode,
} from '@cubierto/contracts';
import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isoDaysFromToday, riskAnswers, uploadPhoto, VALID_IMEI } from '../../../test/contracting.ts';
import { multipart, pngImage } from '../../../test/fixtures.ts';
import { createTestApp, registerCustomer, type TestApp } from '../../../test/harness.ts';
import { entities, insurances } from '../../db/schema/index.ts';
import { seedDemoCatalog } from '../../db/seed.ts';

let t: TestApp;
let ids: { stateId: number; localityId: number };
type Customer = Awaited<ReturnType<typeof registerCustomer>>;
type PolicyOut = {
  id: number;
  external_url: string | null;
  risk_type: { short_code: string };
  coverages: Array<{ id: number }>;
};
let catalogue: PolicyOut[];

beforeAll(async () => {
  t = await createTestApp({ env: { UPLOAD_LIMIT_BYTES: '300000', PUBLIC_URL: 'https://app.cubierto.test' } });
  await seedDemoCatalog(t.database.db, t.app.deps.storage);
  catalogue = (await t.app.inject({ method: 'GET', url: '/api/v4/public-policies?per_page=100' })).json()
    .data;
  const provinces = (await t.app.inject({ method: 'GET', url: '/api/v4/common/provinces' })).json()
    .data as Array<{ id: number; code: string }>;
  const caba = provinces.find((p) => p.code === 'C')!;
  const localities = (
    await t.app.inject({ method: 'GET', url: `/api/v4/common/provinces/${caba.id}/localities` })
  ).json().data;
  ids = { stateId: caba.id, localityId: localities[0].id };
});
afterAll(async () => t.close());

function coverageFor(code: RiskTypeCode): number {
  const policy = catalogue.find((p) => p.risk_type.short_code === code && !p.external_url);
  if (!policy) throw new Error(`no in-app policy for ${code}`);
  return policy.coverages[0]!.id;
}

async function personalEntity(c: Customer): Promise<number> {
  return (await t.app.inject({ method: 'GET', url: '/api/v4/customers/entities', headers: c.auth })).json()
    .data[0].id;
}

async function answerStep(c: Customer, processId: number, step: string, body: unknown) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/v4/customers/insurance-processes/${processId}/steps/${step}`,
    headers: c.auth,
    payload: body as object,
  });
}

/**
 * The steps of each risk type, written out (not computed by stepsFor), so a wrong rule table shows:
 * flow 0 asks the dates first; flows 1 and 2 start with who or what is covered, photos for the two
 * types that need two images; personal accidents and vehicle cargo have no dates (spec §4, §5).
 */
const STEPS: Record<RiskTypeCode, string[]> = {
  'personal-accident': ['risk', 'taker'],
  life: ['dates', 'risk', 'taker'],
  bag: ['dates', 'risk', 'taker'],
  motorcycle: ['risk', 'dates', 'taker'],
  telemedicine: ['risk', 'dates', 'taker'],
  home: ['dates', 'risk', 'taker'],
  store: ['dates', 'risk', 'taker'],
  'travel-assistance': ['risk', 'dates', 'taker'],
  'protected-purchase': ['dates', 'risk', 'taker'],
  'specific-vehicle-cargo': ['risk', 'taker'],
  bicycle: ['risk', 'photos', 'dates', 'taker'],
  'cell-phone': ['risk', 'photos', 'dates', 'taker'],
};

/** Contracts a coverage through every step of its flow; returns the issued insurance. */
async function contract(c: Customer, code: RiskTypeCode) {
  const start = await t.app.inject({
    method: 'POST',
    url: '/api/v4/customers/insurance-processes',
    headers: c.auth,
    payload: { coverage_id: coverageFor(code) },
  });
  expect(start.statusCode, start.body).toBe(201);
  const process = start.json().data;
  expect(process.steps).toEqual(STEPS[code]);
  const entity = await personalEntity(c);
  for (const step of process.steps as string[]) {
    const body =
      step === 'risk'
        ? riskAnswers(code, ids)
        : step === 'photos'
          ? { photos: [await uploadPhoto(t.app, c.auth, 1), await uploadPhoto(t.app, c.auth, 2)] }
          : step === 'dates'
            ? {
                start_date: isoDaysFromToday(1),
                end_date: isoDaysFromToday(code === 'travel-assistance' ? 10 : 180),
              }
            : { taker_entity_id: entity, billing_entity_id: entity };
    const res = await answerStep(c, process.id, step, body);
    expect(res.statusCode, `${code} ${step}: ${res.body}`).toBe(200);
  }
  const quote = await t.app.inject({
    method: 'POST',
    url: `/api/v4/customers/insurance-processes/${process.id}/quote`,
    headers: c.auth,
  });
  expect(quote.statusCode, quote.body).toBe(201);
  const premium = quote.json().data.premium;
  expect(premium.total_cents).toBe(premium.net_cents + premium.surcharges_cents + premium.taxes_cents);
  const confirm = await t.app.inject({
    method: 'POST',
    url: `/api/v4/customers/insurance-processes/${process.id}/confirm`,
    headers: c.auth,
    payload: { quote_id: quote.json().data.id },
  });
  expect(confirm.statusCode, confirm.body).toBe(201);
  return {
    insurance: confirm.json().data,
    processId: process.id as number,
    quoteId: quote.json().data.id as number,
  };
}

describe('contracting each of the 12 risk types', () => {
  it.each(RISK_TYPE_CODES)('%s ends as a pendiente insurance with its premium breakdown', async (code) => {
    const c = await registerCustomer(t.app);
    const { insurance } = await contract(c, code);
    expect(insurance).toMatchObject({
      status: 'pendiente',
      status_label: 'Pendiente de pago',
      risk_type: { short_code: code },
    });
    expect(insurance.number).toMatch(/^CUB-\d{4}-\d{7}$/);
    expect(insurance.premium.total_cents).toBeGreaterThan(0);
    expect(insurance.risks).toHaveLength(1);
  });
});

describe('process rules', () => {
  it('confirming twice issues one insurance', async () => {
    const c = await registerCustomer(t.app);
    const { insurance, processId, quoteId } = await contract(c, 'bag');
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/v4/customers/insurance-processes/${processId}/confirm`,
      headers: c.auth,
      payload: { quote_id: quoteId },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(insurance.id);
    const list = await t.app.inject({ method: 'GET', url: '/api/v4/customers/insurances', headers: c.auth });
    expect(list.json().meta.total).toBe(1);
  });

  it('pages the list with the right total, counted or told by a short page', async () => {
    const c = await registerCustomer(t.app);
    const ids: number[] = [];
    for (let i = 0; i < 3; i += 1) ids.push((await contract(c, 'bag')).insurance.id);
    const page = async (query: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v4/customers/insurances?${query}`,
        headers: c.auth,
      });
      expect(res.statusCode).toBe(200);
      const body = res.json<{ data: { id: number }[]; meta: { total: number; last_page: number } }>();
      return { ids: body.data.map((row) => row.id), total: body.meta.total, last: body.meta.last_page };
    };
    const newestFirst = [...ids].reverse();
    expect(await page('per_page=5')).toEqual({ ids: newestFirst, total: 3, last: 1 });
    expect(await page('per_page=2')).toEqual({ ids: newestFirst.slice(0, 2), total: 3, last: 2 });
    expect(await page('per_page=2&page=2')).toEqual({ ids: newestFirst.slice(2), total: 3, last: 2 });
    expect(await page('per_page=3')).toEqual({ ids: newestFirst, total: 3, last: 1 });
    expect((await page('per_page=2&page=3')).total).toBe(3);
    expect(await page('per_page=5&sort_by=id')).toEqual({ ids, total: 3, last: 1 });
    // One status: the prepared statement (eq) counts a full page as the general list (in) does.
    const status = (
      await t.app.inject({ method: 'GET', url: '/api/v4/customers/insurances', headers: c.auth })
    ).json<{ data: { status: string }[] }>().data[0]!.status;
    expect(await page(`per_page=2&filter[status][eq]=${status}`)).toEqual(
      await page(`per_page=2&filter[status][in]=${status}`),
    );
    // Another customer's list is theirs alone, through the same prepared statement.
    const other = await registerCustomer(t.app);
    const theirs = await t.app.inject({
      method: 'GET',
      url: '/api/v4/customers/insurances',
      headers: other.auth,
    });
    expect(theirs.json().meta.total).toBe(0);
    expect(theirs.json().data).toEqual([]);
  });

  it('resumes a saved process from another session and discards it', async () => {
    const c = await registerCustomer(t.app);
    const start = await t.app.inject({
      method: 'POST',
      url: '/api/v4/customers/insurance-processes',
      headers: c.auth,
      payload: { coverage_id: coverageFor('cell-phone') },
    });
    const id = start.json().data.id;
    await answerStep(c, id, 'risk', riskAnswers('cell-phone', ids));
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/v4/auth/login',
      payload: { email: c.email, password: c.password },
    });
    const auth2 = { authorization: `Bearer ${other.json().access_token}` };
    const resumed = await t.app.inject({
      method: 'GET',
      url: `/api/v4/customers/insurance-processes/${id}`,
      headers: auth2,
    });
    expect(resumed.json().data).toMatchObject({
      next_step: 'photos',
      answers: { risk: { imei: VALID_IMEI } },
    });
    expect(
      (
        await t.app.inject({ method: 'GET', url: '/api/v4/customers/insurance-processes', headers: auth2 })
      ).json().data,
    ).toHaveLength(1);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/v4/customers/insurance-processes/${id}`,
          headers: auth2,
        })
      ).statusCode,
    ).toBe(204);
    expect(
      (
        await t.app.inject({ method: 'GET', url: '/api/v4/customers/insurance-processes', headers: auth2 })
      ).json().data,
    ).toHaveLength(0);
  });

  it('refuses a wrong IMEI, plate, year and date range with Spanish messages on the field, saving nothing', async () => {
    const c = await registerCustomer(t.app);
    const phone = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v4/customers/insurance-processes',
        headers: c.auth,
        payload: { coverage_id: coverageFor('cell-phone') },
      })
    ).json().data.id;
    const badImei = await answerStep(c, phone, 'risk', {
      ...riskAnswers('cell-phone', ids),
      imei: '490154203237519',
    });
    expect(badImei.statusCode).toBe(422);
    expect(badImei.json().validations.imei).toEqual([
      'El IMEI debe tener 15 números y ser válido. Marcá *#06# para verlo.',
    ]);
    const tooCheap = await answerStep(c, phone, 'risk', {
      ...riskAnswers('cell-phone', ids),
      insured_amount_cents: 100,
    });
    expect(tooCheap.json().validations.insured_amount_cents[0]).toMatch(/^El valor debe estar entre/);
    const badDates = await answerStep(c, phone, 'dates', {
      start_date: isoDaysFromToday(-1),
      end_date: isoDaysFromToday(-3),
    });
    expect(badDates.json().validations).toMatchObject({
      start_date: ['La fecha de inicio no puede ser anterior a hoy.'],
      end_date: ['La fecha de fin debe ser posterior a la de inicio.'],
    });
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v4/customers/insurance-processes/${phone}`,
          headers: c.auth,
        })
      ).json().data.answers,
    ).toEqual({});

    const moto = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v4/customers/insurance-processes',
        headers: c.auth,
        payload: { coverage_id: coverageFor('motorcycle') },
      })
    ).json().data.id;
    const year = new Date().getFullYear();
    const old = await answerStep(c, moto, 'risk', {
      ...riskAnswers('motorcycle', ids),
      year: year - 30,
      plate: 'A1B2',
    });
    expect(old.json().validations).toMatchObject({
      year: [`El año debe estar entre ${year - 29} y ${year}.`],
      plate: ['La patente debe tener el formato ABC123 o AB123CD.'],
    });
    expect(
      (
        await answerStep(c, moto, 'risk', {
          ...riskAnswers('motorcycle', ids),
          year: year - 29,
          plate: 'abc 123',
        })
      ).statusCode,
    ).toBe(200);
  });

  it('needs two distinct photos of the customer’s own, checked by content and size', async () => {
    const c = await registerCustomer(t.app);
    const other = await registerCustomer(t.app);
    const process = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v4/customers/insurance-processes',
        headers: c.auth,
        payload: { coverage_id: coverageFor('bicycle') },
      })
    ).json().data.id;
    const one = await uploadPhoto(t.app, c.auth, 1);
    expect((await answerStep(c, process, 'photos', { photos: [one] })).json().validations.photos).toEqual([
      'Tenés que subir dos imágenes para confirmar.',
    ]);
    const stranger = await uploadPhoto(t.app, other.auth, 3);
    expect(
      (await answerStep(c, process, 'photos', { photos: [one, stranger] })).json().validations.photos,
    ).toEqual(['Subí las fotos de nuevo: no las encontramos.']);

    const pdfAsPng = await multipart({
      kind: 'risk_photo',
      file: { data: Buffer.from('%PDF-1.4 not an image'), filename: 'foto.png', type: 'image/png' },
    });
    const notImage = await t.app.inject({
      method: 'POST',
      url: '/api/v4/customers/uploads',
      headers: { ...c.auth, 'content-type': pdfAsPng.contentType },
      payload: pdfAsPng.payload,
    });
    expect(notImage.statusCode).toBe(422);
    expect(notImage.json().validations.file).toEqual([
      'El archivo no es una imagen válida (JPG, PNG o WEBP).',
    ]);
    const big = await multipart({
      kind: 'risk_photo',
      file: {
        data: Buffer.concat([pngImage(2, 2), Buffer.alloc(400_000)]),
        filename: 'big.png',
        type: 'image/png',
      },
    });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v4/customers/uploads',
          headers: { ...c.auth, 'content-type': big.contentType },
          payload: big.payload,
        })
      ).statusCode,
    ).toBe(413);
  });

  it('refuses a product sold on the insurer’s site', async () => {
    const c = await registerCustomer(t.app);
    const external = catalogue.find((p) => p.external_url)!;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v4/customers/insurance-processes',
      headers: c.auth,
      payload: { coverage_id: external.coverages[0]!.id },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error_code).toBe('policy_contracted_externally');
  });

  it('only lets a customer use entities of their own as taker and billing party', async () => {
    const c = await registerCustomer(t.app, { dni: '28123456' });
    const other = await registerCustomer(t.app);
    const process = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v4/customers/insurance-processes',
        headers: c.auth,
        payload: { coverage_id: coverageFor('bag') },
      })
    ).json().data.id;
    const res = await answerStep(c, process, 'taker', {
      taker_entity_id: await personalEntity(other),
      billing_entity_id: await personalEntity(c),
    });
    expect(res.statusCode).toBe(404);
    const found = await t.app.inject({
      method: 'GET',
      url: '/api/v4/customers/entities/search?document=28.123.456',
      headers: c.auth,
    });
    expect(found.json().data).toHaveLength(1);
    const notMine = await t.app.inject({
      method: 'GET',
      url: '/api/v4/customers/entities/search?document=28123456',
      headers: other.auth,
    });
    expect(notMine.json().data.map((e: { id: number }) => e.id)).not.toContain(await personalEntity(c));
  });
});

describe('my insurances and the certificate', () => {
  it('lists, filters and groups insurances with singular and plural labels', async () => {
    const c = await registerCustomer(t.app);
    await contract(c, 'bag');
    await contract(c, 'bag');
    await contract(c, 'home');
    const groups = (
      await t.app.inject({ method: 'GET', url: '/api/v4/customers/insurances/groups', headers: c.auth })
    ).json().data;
    expect(groups.map((g: { label: string }) => g.label).sort()).toEqual(['1 Hogar', '2 Bolsos protegidos']);
    const filtered = await t.app.inject({
      method: 'GET',
      url: '/api/v4/customers/insurances?filter[risk_type][eq]=home&filter[status][eq]=pendiente',
      headers: c.auth,
    });
    expect(filtered.json().data).toHaveLength(1);
  });

  it('the detail (one JSON value from the database, its moments as text) answers it as the list does', async () => {
    const c = await registerCustomer(t.app);
    const { insurance } = await contract(c, 'home');
    // Paid, so that both of its moments are there to compare.
    const paidAt = '2026-01-02T03:04:05.678Z';
    await t.database.db
      .update(insurances)
      .set({ paidAt: new Date(paidAt) })
      .where(eq(insurances.id, insurance.id));
    const get = async (url: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/v4${url}`, headers: c.auth })).json().data;
    const [listed] = await get('/customers/insurances');
    const detail = await get(`/customers/insurances/${insurance.id}`);
    expect(listed.id).toBe(insurance.id);
    expect(detail).toMatchObject(listed);
    expect(detail.paid_at).toBe(paidAt);
  });

  it('answers with the shapes the web app reads, naming the province and locality of an address', async () => {
    const c = await registerCustomer(t.app);
    const { insurance } = await contract(c, 'home');
    const get = async (url: string, auth = true) =>
      (await t.app.inject({ method: 'GET', url: `/api/v4${url}`, headers: auth ? c.auth : {} })).json();

    pageOf(InsuranceSchema).parse(await get('/customers/insurances'));
    z.object({ data: z.array(InsuranceGroupSchema) }).parse(await get('/customers/insurances/groups'));
    const detail = InsuranceDetailSchema.parse((await get(`/customers/insurances/${insurance.id}`)).data);
    CertificateCheckSchema.parse((await get(`/common/verify/${detail.verification_code}`, false)).data);
    expect(detail.risks[0]?.data.address).toMatchObject({
      street: 'Av. Corrientes',
      state_name: 'Ciudad Autónoma de Buenos Aires',
      locality_name: expect.any(String),
    });
  });

  it('downloads the certificate of an insurance in force, with the insured object and a working QR check', async () => {
    const c = await registerCustomer(t.app);
    const { insurance } = await contract(c, 'cell-phone');
    const notYet = await t.app.inject({
      method: 'GET',
      url: `/api/v4/customers/insurances/${insurance.id}/certificate`,
      headers: c.auth,
    });
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json().error_code).toBe('certificate_not_available');
    await t.database.db
      .update(insurances)
      .set({ status: 'vigente', startsOn: isoDaysFromToday(0), paidAt: new Date() })
      .where(eq(insurances.id, insurance.id));

    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v4/customers/insurances/${insurance.id}/certificate`,
      headers: c.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="celular-protegido.pdf"');
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(res.rawPayload)), {
      mergePages: true,
    });
    for (const expected of [
      'Constancia de cobertura',
      VALID_IMEI,
      'R58T12345XY',
      'Samsung Galaxy A54',
      insurance.number,
      'Premio',
      'Aseguradora Del Plata S.A.',
    ]) {
      expect(text).toContain(expected);
    }
    const detail = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v4/customers/insurances/${insurance.id}`,
        headers: c.auth,
      })
    ).json().data;
    expect(text).toContain(`/verificar/${detail.verification_code}`);

    const verify = await t.app.inject({
      method: 'GET',
      url: `/api/v4/common/verify/${detail.verification_code}`,
    });
    expect(verify.json().data).toMatchObject({
      in_force: true,
      number: insurance.number,
      holder_initials: 'J. P.',
    });
    expect(JSON.stringify(verify.json())).not.toContain('28123456');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v4/common/verify/desconocido123' })).statusCode,
    ).toBe(404);
  });

  it('draws the certificate once, and again as soon as anything it prints changed', async () => {
    const c = await registerCustomer(t.app);
    const { insurance } = await contract(c, 'cell-phone');
    await t.database.db
      .update(insurances)
      .set({ status: 'vigente', startsOn: isoDaysFromToday(0), paidAt: new Date() })
      .where(eq(insurances.id, insurance.id));
    const certificate = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v4/customers/insurances/${insurance.id}/certificate`,
        headers: c.auth,
      });
      expect(res.statusCode).toBe(200);
      const { text } = await extractText(await getDocumentProxy(new Uint8Array(res.rawPayload)), {
        mergePages: true,
      });
      return { bytes: res.rawPayload, text };
    };
    const first = await certificate();
    // The second request sends the kept bytes (pdfkit stamps each drawing with its creation time).
    expect((await certificate()).bytes.equals(first.bytes)).toBe(true);

    const endsOn = isoDaysFromToday(200);
    const [row] = await t.database.db
      .update(insurances)
      .set({ endsOn })
      .where(eq(insurances.id, insurance.id))
      .returning({ takerEntityId: insurances.takerEntityId });
    const [y, m, d] = endsOn.split('-');
    const moved = await certificate();
    expect(moved.bytes.equals(first.bytes)).toBe(false);
    expect(moved.text).toContain(`hasta el ${d}/${m}/${y}`);

    await t.database.db
      .update(entities)
      .set({ name: 'Juana Renombrada' })
      .where(eq(entities.id, row!.takerEntityId));
    expect((await certificate()).text).toContain('Juana Renombrada');

    await t.database.db
      .update(insurances)
      .set({ status: 'cancelado' })
      .where(eq(insurances.id, insurance.id));
    const ended = await t.app.inject({
      method: 'GET',
      url: `/api/v4/customers/insurances/${insurance.id}/certificate`,
      headers: c.auth,
    });
    expect(ended.json().error_code).toBe('certificate_not_available');
  });

  it('answers 404 for another customer’s insurance, certificate and process', async () => {
    const owner = await registerCustomer(t.app);
    const intruder = await registerCustomer(t.app);
    const { insurance, processId } = await contract(owner, 'bag');
    for (const url of [
      `/api/v4/customers/insurances/${insurance.id}`,
      `/api/v4/customers/insurances/${insurance.id}/certificate`,
      `/api/v4/customers/insurance-processes/${processId}`,
    ]) {
      expect((await t.app.inject({ method: 'GET', url, headers: intruder.auth })).statusCode).toBe(404);
    }
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/v4/customers/insurances/${insurance.id}/cancel`,
          headers: intruder.auth,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('cancels a pendiente insurance at once and schedules the end of one in force', async () => {
    const c = await registerCustomer(t.app);
    const { insurance: pending } = await contract(c, 'bag');
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/v4/customers/insurances/${pending.id}/cancel`,
      headers: c.auth,
    });
    expect(cancelled.json().data.status).toBe('cancelado');
    const { insurance: active } = await contract(c, 'home');
    // Paid and started (a baja at the end of the period applies to a cover in force).
    await t.database.db
      .update(insurances)
      .set({ status: 'vigente', paidAt: new Date(), startsOn: isoDaysFromToday(0) })
      .where(eq(insurances.id, active.id));
    const scheduled = await t.app.inject({
      method: 'POST',
      url: `/api/v4/customers/insurances/${active.id}/cancel`,
      headers: c.auth,
    });
    expect(scheduled.json().data).toMatchObject({ status: 'vigente', cancels_on: active.ends_on });
    const cancelAgain = (id: number) =>
      t.app.inject({ method: 'POST', url: `/api/v4/customers/insurances/${id}/cancel`, headers: c.auth });
    const twice = await cancelAgain(active.id);
    expect([twice.statusCode, twice.json().error_code]).toEqual([409, 'cancellation_already_scheduled']);
    const ended = await cancelAgain(pending.id);
    expect([ended.statusCode, ended.json().error_code]).toEqual([409, 'insurance_not_cancellable']);
    const groups = (
      await t.app.inject({ method: 'GET', url: '/api/v4/customers/insurances/groups', headers: c.auth })
    ).json().data;
    expect(
      groups.find((g: { risk_type: { short_code: string } }) => g.risk_type.short_code === 'home').label,
    ).toBe('baja programada');
  });
});
