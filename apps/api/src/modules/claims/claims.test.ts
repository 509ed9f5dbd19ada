import { and, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoDaysFromToday } from '../../../test/contracting.ts';
import { multipart, pngImage } from '../../../test/fixtures.ts';
import { createTestApp, registerCustomer, type TestApp } from '../../../test/harness.ts';
import { operatorSession } from '../../../test/operator.ts';
import {
  bagCoverageId,
  type ContractedInsurance,
  contractInsurance,
  payThroughSandbox,
} from '../../../test/purchase.ts';
import {
  auditLog,
  claimAttachments,
  claimEvents,
  files,
  insurances,
  notifications,
  outbox,
  walletMovements,
  wallets,
} from '../../db/schema/index.ts';
import { seedDemoCatalog } from '../../db/seed.ts';
import { NOTIFY_JOB } from '../notifications/notify.ts';
import { sweepUnattachedClaimFiles } from './jobs.ts';

const OPS = 'claims-ops-token-0123456789';
const ops = { 'x-ops-token': OPS };
let t: TestApp;
let coverage: number;
type Customer = Awaited<ReturnType<typeof registerCustomer>>;

beforeAll(async () => {
  t = await createTestApp({ opsToken: OPS, poolSize: 12 });
  await seedDemoCatalog(t.database.db, t.app.deps.storage);
  coverage = await bagCoverageId(t.app);
});
afterAll(async () => t.close());

const base = '/api/v4/customers/claims';
let keys = 0;
const key = () => ({ 'idempotency-key': `claim-key-${process.pid}-${++keys}-${Date.now()}` });

/** A customer with a bag insurance in force from today for 60 days. */
async function insured(): Promise<{ c: Customer; insurance: ContractedInsurance; riskId: number }> {
  const c = await registerCustomer(t.app);
  const insurance = await contractInsurance(t.app, c.auth, coverage);
  await payThroughSandbox(t.app, c.auth, insurance.id);
  const detail = await t.app.inject({
    method: 'GET',
    url: `/api/v4/customers/insurances/${insurance.id}`,
    headers: c.auth,
  });
  return { c, insurance, riskId: detail.json().data.risks[0].id };
}

async function upload(c: Customer, data: Buffer, filename: string, type = 'image/png') {
  const form = await multipart({ name: filename, file: { data, filename, type } });
  return t.app.inject({
    method: 'POST',
    url: `${base}/attachments`,
    headers: { ...c.auth, 'content-type': form.contentType },
    payload: form.payload,
  });
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

function claimBody(insuranceId: number, riskId: number, extra: Record<string, unknown> = {}) {
  return {
    insurance_id: insuranceId,
    risk_id: riskId,
    incident_date: isoDaysFromToday(0),
    description: 'Me robaron la mochila en el colectivo, con la billetera adentro.',
    place: 'Línea 60, Av. Cabildo y Juramento, CABA',
    ...extra,
  };
}

async function file(c: Customer, body: object, headers: Record<string, string> = key()) {
  return t.app.inject({ method: 'POST', url: base, headers: { ...c.auth, ...headers }, payload: body });
}

async function fileClaim(c: Customer, insuranceId: number, riskId: number, attachmentIds: number[] = []) {
  const res = await file(c, claimBody(insuranceId, riskId, { attachment_ids: attachmentIds }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; number: string; status: string };
}

const change = (claimId: number, body: object, headers: Record<string, string> = ops) =>
  t.app.inject({ method: 'POST', url: `/api/v4/admin/claims/${claimId}/status`, headers, payload: body });

/**
 * What the customer is told about a claim, in the order told: the notifications already stored (filing a
 * claim is a keyed request, whose transaction stores its own) and those whose jobs wait in the outbox (an
 * operator's change).
 */
async function notices(claimId: number) {
  type Notice = { title: string; action: { type: string; claimId: number } };
  const stored = await t.database.db
    .select({
      key: notifications.key,
      title: notifications.title,
      type: notifications.actionType,
      claimId: notifications.claimId,
    })
    .from(notifications)
    .where(like(notifications.key, `notify:claim:${claimId}:%`))
    .orderBy(notifications.id);
  const waiting = await t.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.kind, NOTIFY_JOB), like(outbox.key, `notify:claim:${claimId}:%`)))
    .orderBy(outbox.id);
  return [
    ...stored.map((n): Notice => ({ title: n.title, action: { type: n.type, claimId: n.claimId ?? 0 } })),
    ...waiting.filter((job) => !stored.some((n) => n.key === job.key)).map((job) => job.payload as Notice),
  ];
}

async function moneyBalance(c: Customer) {
  const res = await t.app.inject({ method: 'GET', url: '/api/v4/customers/money-wallet', headers: c.auth });
  return res.json().data.balance_cents as number;
}

describe('filing a claim', () => {
  it('files a claim with two photos and a PDF, and the customer sees it with its timeline and files', async () => {
    const { c, insurance, riskId } = await insured();
    const photo1 = await upload(c, pngImage(6, 6, [200, 10, 10]), 'mochila.png');
    const photo2 = await upload(c, pngImage(8, 8, [10, 200, 10]), 'lugar.png');
    const denuncia = await upload(c, PDF, 'denuncia policial.pdf', 'application/pdf');
    for (const r of [photo1, photo2, denuncia]) expect(r.statusCode, r.body).toBe(201);
    expect(denuncia.json().data).toMatchObject({
      name: 'denuncia policial.pdf',
      content_type: 'application/pdf',
    });
    const ids = [photo1, photo2, denuncia].map((r) => r.json().data.id as number);

    const res = await file(c, claimBody(insurance.id, riskId, { attachment_ids: ids }));
    expect(res.statusCode, res.body).toBe(201);
    const claim = res.json().data;
    expect(claim).toMatchObject({
      status: 'recibido',
      status_label: 'Recibido',
      insurance: { id: insurance.id, number: insurance.number, risk_type_name: 'Bolso protegido' },
      risk: { id: riskId, label: 'Bolso protegido: Mochila negra' },
      place: 'Línea 60, Av. Cabildo y Juramento, CABA',
      approved_amount_cents: null,
    });
    expect(claim.number).toMatch(/^R-\d{6}$/);
    expect(claim.events.map((e: { status: string }) => e.status)).toEqual(['recibido']);
    expect(claim.attachments.map((a: { name: string }) => a.name)).toEqual([
      'mochila.png',
      'lugar.png',
      'denuncia policial.pdf',
    ]);

    const list = await t.app.inject({ method: 'GET', url: base, headers: c.auth });
    expect(list.json().data.map((x: { id: number }) => x.id)).toEqual([claim.id]);
    expect(list.json().meta.total).toBe(1);

    const download = await t.app.inject({
      method: 'GET',
      url: `${base}/attachments/${ids[2]}`,
      headers: c.auth,
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain("filename*=UTF-8''denuncia%20policial.pdf");
    expect(download.rawPayload.equals(PDF)).toBe(true);

    expect(await notices(claim.id)).toEqual([
      expect.objectContaining({
        title: 'Recibimos tu reclamo',
        action: { type: 'Claim', claimId: claim.id },
      }),
    ]);
  });

  it('answers the same claim for a retried filing with the same Idempotency-Key', async () => {
    const { c, insurance, riskId } = await insured();
    const headers = key();
    const first = await file(c, claimBody(insurance.id, riskId), headers);
    const again = await file(c, claimBody(insurance.id, riskId), headers);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(first.json().data.id);
    const list = await t.app.inject({ method: 'GET', url: base, headers: c.auth });
    expect(list.json().meta.total).toBe(1);
    const missing = await t.app.inject({
      method: 'POST',
      url: base,
      headers: c.auth,
      payload: claimBody(1, 1),
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().validations['Idempotency-Key']).toEqual(['Falta el encabezado Idempotency-Key.']);
  });

  it('files one claim for concurrent filings with the same Idempotency-Key, with its files once', async () => {
    const { c, insurance, riskId } = await insured();
    const photo = (await upload(c, pngImage(), 'foto.png')).json().data.id;
    const headers = key();
    const body = claimBody(insurance.id, riskId, { attachment_ids: [photo] });
    const answers = await Promise.all([
      file(c, body, headers),
      file(c, body, headers),
      file(c, body, headers),
    ]);
    const ids = new Set(answers.map((a) => a.json().data?.id));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 201]);
    expect(ids.size).toBe(1);
    const list = await t.app.inject({ method: 'GET', url: base, headers: c.auth });
    expect(list.json().meta.total).toBe(1);
    expect(answers[0]!.json().data.attachments).toHaveLength(1);
  });

  it('refuses the same Idempotency-Key with another body (409), and files nothing more', async () => {
    const { c, insurance, riskId } = await insured();
    const headers = key();
    expect((await file(c, claimBody(insurance.id, riskId), headers)).statusCode).toBe(201);
    const other = await file(
      c,
      claimBody(insurance.id, riskId, { description: 'Otra cosa: un choque.' }),
      headers,
    );
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({
      error_code: 'idempotency_key_reused',
      message: 'Esa clave de idempotencia ya se usó para otro reclamo.',
    });
    // The same body in another field order is the same request.
    const { description, ...rest } = claimBody(insurance.id, riskId);
    expect((await file(c, { description, ...rest }, headers)).statusCode).toBe(200);
    const list = await t.app.inject({ method: 'GET', url: base, headers: c.auth });
    expect(list.json().meta.total).toBe(1);
  });

  it('concurrent filings with one key and different bodies: one claim, the others get 409', async () => {
    const { c, insurance, riskId } = await insured();
    const headers = key();
    const answers = await Promise.all(
      ['uno', 'dos', 'tres'].map((n) =>
        file(
          c,
          claimBody(insurance.id, riskId, { description: `Me robaron la mochila, intento ${n}.` }),
          headers,
        ),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
    const list = await t.app.inject({ method: 'GET', url: base, headers: c.auth });
    expect(list.json().meta.total).toBe(1);
  });

  it('a refused filing is answered again for its key, not run again once the refusal no longer holds', async () => {
    const c = await registerCustomer(t.app);
    const insurance = await contractInsurance(t.app, c.auth, coverage);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/v4/customers/insurances/${insurance.id}`,
      headers: c.auth,
    });
    const body = claimBody(insurance.id, detail.json().data.risks[0].id);
    const headers = key();
    const refused = await file(c, body, headers);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().validations.insurance_id).toEqual([
      'Solo podés hacer un reclamo sobre una contratación vigente.',
    ]);
    // Now it is in force, but the key already has its answer: the same refusal, nothing filed.
    await payThroughSandbox(t.app, c.auth, insurance.id);
    const replayed = await file(c, body, headers);
    expect(replayed.statusCode).toBe(422);
    expect(replayed.json()).toEqual(refused.json());
    expect((await t.app.inject({ method: 'GET', url: base, headers: c.auth })).json().meta.total).toBe(0);
    // Another body with that key is still another request; a new key files it.
    expect((await file(c, { ...body, place: 'Otro lugar' }, headers)).statusCode).toBe(409);
    expect((await file(c, body)).statusCode).toBe(201);
  });

  it('refuses an executable renamed .jpg, an empty file and a file over 5 MB, by content', async () => {
    const { c } = await insured();
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(200, 1)]);
    const exe = await upload(c, elf, 'foto.jpg', 'image/jpeg');
    expect(exe.statusCode).toBe(422);
    expect(exe.json().validations.file).toEqual(['El archivo debe ser una foto (JPG, PNG o WEBP) o un PDF.']);
    const mz = await upload(
      c,
      Buffer.concat([Buffer.from('MZ'), Buffer.alloc(300, 0)]),
      'foto.jpg',
      'image/jpeg',
    );
    expect(mz.statusCode).toBe(422);
    const empty = await upload(c, Buffer.alloc(0), 'vacio.png');
    expect(empty.statusCode).toBe(422);
    const big = await upload(c, Buffer.concat([pngImage(), Buffer.alloc(5 * 1024 * 1024)]), 'grande.png');
    expect([413, 422]).toContain(big.statusCode);
    expect(big.json().message).toMatch(/supera|tamaño/);
  });

  it('names the field when the date is outside the cover or the description is short', async () => {
    const { c, insurance, riskId } = await insured();
    const before = await file(c, claimBody(insurance.id, riskId, { incident_date: isoDaysFromToday(-1) }));
    expect(before.statusCode).toBe(422);
    expect(before.json().validations.incident_date).toEqual([
      'La fecha del siniestro debe estar dentro de la vigencia de la contratación.',
    ]);
    const future = await file(c, claimBody(insurance.id, riskId, { incident_date: isoDaysFromToday(3) }));
    expect(future.json().validations.incident_date).toEqual(['La fecha del siniestro no puede ser futura.']);
    const short = await file(c, claimBody(insurance.id, riskId, { description: 'Me robaron' }));
    expect(short.statusCode).toBe(422);
    expect(short.json().validations.description).toEqual(['Contanos qué pasó en al menos 20 caracteres.']);
  });

  it("refuses someone else's insurance, risk or attachment, and an insurance not in force", async () => {
    const { c, insurance, riskId } = await insured();
    const other = await insured();
    const theirs = await file(c, claimBody(other.insurance.id, other.riskId));
    expect(theirs.statusCode).toBe(422);
    expect(theirs.json().validations.insurance_id).toEqual(['La contratación no existe.']);
    const theirRisk = await file(c, claimBody(insurance.id, other.riskId));
    expect(theirRisk.json().validations.risk_id).toEqual([
      'Elegí un bien o persona asegurada de esta contratación.',
    ]);
    const theirFile = (await upload(other.c, pngImage(), 'ajena.png')).json().data.id;
    const withTheirFile = await file(c, claimBody(insurance.id, riskId, { attachment_ids: [theirFile] }));
    expect(withTheirFile.json().validations.attachment_ids).toEqual([
      'No encontramos alguno de los archivos. Subilo de nuevo.',
    ]);
    const theirDownload = await t.app.inject({
      method: 'GET',
      url: `${base}/attachments/${theirFile}`,
      headers: c.auth,
    });
    expect(theirDownload.statusCode).toBe(404);

    // An unpaid one, a finished one and a cancelled one.
    const pending = await contractInsurance(t.app, c.auth, coverage);
    const pendingDetail = await t.app.inject({
      method: 'GET',
      url: `/api/v4/customers/insurances/${pending.id}`,
      headers: c.auth,
    });
    const unpaid = await file(c, claimBody(pending.id, pendingDetail.json().data.risks[0].id));
    expect(unpaid.json().validations.insurance_id).toEqual([
      'Solo podés hacer un reclamo sobre una contratación vigente.',
    ]);
    await t.database.db
      .update(insurances)
      .set({ status: 'finalizado' })
      .where(eq(insurances.id, other.insurance.id));
    const expired = await file(other.c, claimBody(other.insurance.id, other.riskId));
    expect(expired.json().validations.insurance_id).toEqual([
      'Solo podés hacer un reclamo sobre una contratación vigente.',
    ]);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/v4/customers/insurances/${insurance.id}/cancel`,
      headers: c.auth,
      payload: { mode: 'now' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const cancelled = await file(c, claimBody(insurance.id, riskId));
    expect(cancelled.json().validations.insurance_id).toEqual([
      'Solo podés hacer un reclamo sobre una contratación vigente.',
    ]);
    const claimable = await t.app.inject({
      method: 'GET',
      url: `${base}/claimable-insurances`,
      headers: c.auth,
    });
    expect(claimable.json().data).toEqual([]);
  });

  it('lists the in-force insurances a claim can be filed on, with their cover dates and risks', async () => {
    const { c, insurance, riskId } = await insured();
    const res = await t.app.inject({ method: 'GET', url: `${base}/claimable-insurances`, headers: c.auth });
    expect(res.json().data).toEqual([
      expect.objectContaining({
        id: insurance.id,
        starts_on: insurance.starts_on,
        ends_on: insurance.ends_on,
        risks: [{ id: riskId, label: 'Bolso protegido: Mochila negra' }],
      }),
    ]);
  });
});

describe('adding files to a claim already filed', () => {
  it('attaches the customer’s new files while the claim is open, never another’s, never after it closes', async () => {
    const { c, insurance, riskId } = await insured();
    const claim = await fileClaim(c, insurance.id, riskId);
    const add = (who: Customer, ids: number[], id = claim.id) =>
      t.app.inject({
        method: 'POST',
        url: `${base}/${id}/attachments`,
        headers: who.auth,
        payload: { attachment_ids: ids },
      });
    const denuncia = (await upload(c, PDF, 'denuncia.pdf', 'application/pdf')).json().data.id;
    const added = await add(c, [denuncia]);
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().data.attachments.map((a: { name: string }) => a.name)).toEqual(['denuncia.pdf']);
    expect((await add(c, [denuncia])).json().validations.attachment_ids).toEqual([
      'No encontramos alguno de los archivos. Subilo de nuevo.',
    ]);
    expect((await add(c, [])).statusCode).toBe(422);

    const stranger = await registerCustomer(t.app);
    const theirs = (await upload(stranger, pngImage(), 'ajena.png')).json().data.id;
    expect((await add(stranger, [theirs])).statusCode).toBe(404);
    expect((await add(c, [theirs])).statusCode).toBe(422);

    const many = [];
    for (let i = 0; i < 10; i += 1)
      many.push((await upload(c, pngImage(3 + i, 3), `f${i}.png`)).json().data.id);
    expect((await add(c, many)).json().validations.attachment_ids).toEqual([
      'Un reclamo admite hasta 10 archivos.',
    ]);

    await change(claim.id, { status: 'en_revision' });
    await change(claim.id, { status: 'rechazado', message: 'Fuera de cobertura.' });
    const closed = await add(c, [many[0]]);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error_code).toBe('claim_closed');
    expect(closed.json().validations.attachment_ids).toEqual([
      'Este reclamo está cerrado: ya no se le pueden agregar archivos.',
    ]);
  });
});

describe("a customer's claims are theirs only", () => {
  it("answers 401 without a session and 404 for another customer's claim", async () => {
    const { c, insurance, riskId } = await insured();
    const claim = await fileClaim(c, insurance.id, riskId);
    const stranger = await registerCustomer(t.app);
    expect((await t.app.inject({ method: 'GET', url: base })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `${base}/${claim.id}` })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: `${base}/${claim.id}`, headers: stranger.auth })).statusCode,
    ).toBe(404);
    const message = await t.app.inject({
      method: 'POST',
      url: `${base}/${claim.id}/messages`,
      headers: stranger.auth,
      payload: { body: 'Hola' },
    });
    expect(message.statusCode).toBe(404);
    const list = await t.app.inject({ method: 'GET', url: base, headers: stranger.auth });
    expect(list.json()).toMatchObject({ data: [], meta: { total: 0 } });
    // A customer's session is not an operator's.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v4/admin/claims', headers: c.auth })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v4/admin/claims' })).statusCode).toBe(401);
  });

  it('answers 401 on every claims route without a session, 403 to a customer on the operator routes, 401 to a wrong operations token', async () => {
    const c = await registerCustomer(t.app);
    const customerRoutes: Array<['GET' | 'POST', string]> = [
      ['GET', base],
      ['POST', base],
      ['GET', `${base}/claimable-insurances`],
      ['POST', `${base}/attachments`],
      ['GET', `${base}/attachments/1`],
      ['GET', `${base}/1`],
      ['POST', `${base}/1/messages`],
      ['POST', `${base}/1/attachments`],
    ];
    for (const [method, url] of customerRoutes)
      expect((await t.app.inject({ method, url })).statusCode, `${method} ${url}`).toBe(401);
    const operatorRoutes: Array<['GET' | 'POST', string]> = [
      ['GET', '/api/v4/admin/claims'],
      ['GET', '/api/v4/admin/claims/1'],
      ['POST', '/api/v4/admin/claims/1/status'],
      ['POST', '/api/v4/admin/claims/1/messages'],
      ['GET', '/api/v4/admin/claims/1/attachments/1'],
    ];
    for (const [method, url] of operatorRoutes) {
      expect((await t.app.inject({ method, url })).statusCode, `${method} ${url}`).toBe(401);
      expect((await t.app.inject({ method, url, headers: c.auth })).statusCode, `${method} ${url}`).toBe(403);
      const wrong = await t.app.inject({
        method,
        url,
        headers: { 'x-ops-token': 'not-the-token-0123456789' },
      });
      expect(wrong.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('filters by status, sorts and pages, and refuses unknown filters', async () => {
    const { c, insurance, riskId } = await insured();
    const a = await fileClaim(c, insurance.id, riskId);
    const b = await fileClaim(c, insurance.id, riskId);
    expect((await change(b.id, { status: 'en_revision' })).statusCode).toBe(200);
    const get = (q: string) => t.app.inject({ method: 'GET', url: `${base}?${q}`, headers: c.auth });
    expect(
      (await get('filter[status][eq]=en_revision')).json().data.map((x: { id: number }) => x.id),
    ).toEqual([b.id]);
    expect((await get('sort_by=id')).json().data.map((x: { id: number }) => x.id)).toEqual([a.id, b.id]);
    const page = (await get('per_page=1&page=2&sort_by=-id')).json();
    expect(page.data.map((x: { id: number }) => x.id)).toEqual([a.id]);
    expect(page.meta).toMatchObject({ total: 2, last_page: 2 });
    const bad = await get('filter[user_id][eq]=1');
    expect(bad.statusCode).toBe(422);
    // A date filter takes an ISO date; a bare number is a JavaScript date past any timestamp column.
    for (const q of ['filter[created_at][gte]=100000', 'filter[created_at][lte]=tomorrow']) {
      expect((await get(q)).statusCode, q).toBe(422);
    }
    const today = new Date().toISOString().slice(0, 10);
    expect((await get(`filter[created_at][lte]=${today}T23:59:59Z`)).json().data).toHaveLength(2);
  });
});

describe('operators move a claim and it is paid into Mi dinero once', () => {
  it('follows recibido → en_revision → aprobado → pagado, notifying each change and crediting once', async () => {
    const { c, insurance, riskId } = await insured();
    const claim = await fileClaim(c, insurance.id, riskId);
    const before = await moneyBalance(c);

    const skip = await change(claim.id, { status: 'pagado' });
    expect(skip.statusCode).toBe(409);
    expect(skip.json().error_code).toBe('claim_transition_refused');
    expect(skip.json().validations.status).toEqual(['Un reclamo recibido solo puede pasar a: En revisión.']);

    expect(
      (await change(claim.id, { status: 'en_revision', message: 'Estamos revisando.' })).statusCode,
    ).toBe(200);
    const noAmount = await change(claim.id, { status: 'aprobado' });
    expect(noAmount.statusCode).toBe(422);
    expect(noAmount.json().validations.approved_amount_cents).toEqual(['Indicá el importe aprobado.']);
    const approved = await change(claim.id, { status: 'aprobado', approved_amount_cents: 45_000_00 });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({
      approved_amount_cents: 45_000_00,
      status_label: 'Aprobado',
    });
    expect(await moneyBalance(c)).toBe(before);

    const paid = await change(claim.id, { status: 'pagado', message: 'Acreditado en Mi dinero.' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await moneyBalance(c)).toBe(before + 45_000_00);
    const again = await change(claim.id, { status: 'pagado' });
    expect(again.statusCode).toBe(409);
    expect(await moneyBalance(c)).toBe(before + 45_000_00);

    const detail = (await t.app.inject({ method: 'GET', url: `${base}/${claim.id}`, headers: c.auth })).json()
      .data;
    expect(detail.status).toBe('pagado');
    expect(detail.paid_at).not.toBeNull();
    // The customer's page (one JSON value per row, its moments as text) answers it as the detail does.
    const page = (await t.app.inject({ method: 'GET', url: base, headers: c.auth })).json().data;
    expect(detail).toMatchObject(page.find((x: { id: number }) => x.id === claim.id));
    expect(
      detail.events.map((e: { status: string; message: string | null }) => [e.status, e.message]),
    ).toEqual([
      ['recibido', null],
      ['en_revision', 'Estamos revisando.'],
      ['aprobado', null],
      ['pagado', 'Acreditado en Mi dinero.'],
    ]);
    const movements = await t.app.inject({
      method: 'GET',
      url: '/api/v4/customers/money-wallet',
      headers: c.auth,
    });
    const walletId = movements.json().data.id;
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/v4/customers/money-wallet/${walletId}/wallet-movements`,
      headers: c.auth,
    });
    expect(list.json().data[0]).toMatchObject({
      kind: 'claim_payout',
      amount_cents: 45_000_00,
      description: `Pago del reclamo ${claim.number}`,
    });
    expect((await notices(claim.id)).map((n) => n.title)).toEqual([
      'Recibimos tu reclamo',
      'Tu reclamo está en revisión',
      'Tu reclamo fue aprobado',
      'Pagamos tu reclamo',
    ]);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(claim.id)));
    expect(audit.filter((a) => a.targetType === 'claim').map((a) => a.actor)).toEqual([
      'ops_token',
      'ops_token',
      'ops_token',
    ]);
  });

  it('needs the reason of a rejection, and a rejected claim never moves again', async () => {
    const { c, insurance, riskId } = await insured();
    const claim = await fileClaim(c, insurance.id, riskId);
    await change(claim.id, { status: 'en_revision' });
    const noReason = await change(claim.id, { status: 'rechazado' });
    expect(noReason.json().validations.message).toEqual(['Indicá el motivo del rechazo.']);
    const rejected = await change(claim.id, { status: 'rechazado', message: 'El hecho no está cubierto.' });
    expect(rejected.statusCode).toBe(200);
    const pay = await change(claim.id, { status: 'pagado' });
    expect(pay.statusCode).toBe(409);
    expect((await notices(claim.id)).map((n) => n.title)).toContain('Tu reclamo fue rechazado');
  });

  it('a retried change with the same Idempotency-Key answers the claim as it is, and pays once', async () => {
    const { c, insurance, riskId } = await insured();
    const claim = await fileClaim(c, insurance.id, riskId);
    await change(claim.id, { status: 'en_revision' });
    await change(claim.id, { status: 'aprobado', approved_amount_cents: 1_234_56 });
    const before = await moneyBalance(c);
    const headers = { ...ops, 'idempotency-key': `pay-${claim.id}-retry` };
    const first = await change(claim.id, { status: 'pagado' }, headers);
    const retry = await change(claim.id, { status: 'pagado' }, headers);
    expect(first.statusCode).toBe(200);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data.status).toBe('pagado');
    expect(await moneyBalance(c)).toBe(before + 1_234_56);
  });

  it('two concurrent payments of one claim credit it once', async () => {
    const { c, insurance, riskId } = await insured();
    const claim = await fileClaim(c, insurance.id, riskId);
    await change(claim.id, { status: 'en_revision' });
    await change(claim.id, { status: 'aprobado', approved_amount_cents: 80_000_00 });
    const before = await moneyBalance(c);
    const results = await Promise.all([
      change(claim.id, { status: 'pagado' }),
      change(claim.id, { status: 'pagado' }),
      change(claim.id, { status: 'pagado' }, { ...ops, 'idempotency-key': `concurrent-pay-${claim.id}` }),
      change(claim.id, { status: 'pagado' }, { ...ops, 'idempotency-key': `concurrent-pay-${claim.id}` }),
    ]);
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
    expect(
      codes.every((s) => s === 200 || s === 409),
      JSON.stringify(results.map((r) => r.body)),
    ).toBe(true);
    expect(await moneyBalance(c)).toBe(before + 80_000_00);
    const [wallet] = await t.database.db
      .select()
      .from(wallets)
      .where(eq(wallets.id, (await walletOf(c)).id));
    const payouts = await t.database.db
      .select()
      .from(walletMovements)
      .where(and(eq(walletMovements.walletId, wallet!.id), eq(walletMovements.kind, 'claim_payout')));
    expect(payouts).toHaveLength(1);
    const paidEvents = await t.database.db
      .select()
      .from(claimEvents)
      .where(and(eq(claimEvents.claimId, claim.id), eq(claimEvents.status, 'pagado')));
    expect(paidEvents).toHaveLength(1);
  });

  it('operators list every claim by status and customer, and messages go both ways with a notification', async () => {
    const { c, insurance, riskId } = await insured();
    const claim = await fileClaim(c, insurance.id, riskId);
    const operator = await operatorSession(t.app, t.database);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/v4/admin/claims?filter[status][eq]=recibido&filter[email][eq]=${encodeURIComponent(c.email)}`,
      headers: operator.auth,
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data).toEqual([
      expect.objectContaining({ id: claim.id, customer: expect.objectContaining({ email: c.email }) }),
    ]);

    const mine = await t.app.inject({
      method: 'POST',
      url: `${base}/${claim.id}/messages`,
      headers: c.auth,
      payload: { body: '¿Necesitan la denuncia policial?' },
    });
    expect(mine.statusCode).toBe(201);
    const answer = await t.app.inject({
      method: 'POST',
      url: `/api/v4/admin/claims/${claim.id}/messages`,
      headers: operator.auth,
      payload: { body: 'Sí, por favor, adjuntala en un mensaje o mandala por mail.' },
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const empty = await t.app.inject({
      method: 'POST',
      url: `${base}/${claim.id}/messages`,
      headers: c.auth,
      payload: { body: '   ' },
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().validations.body).toEqual(['Escribí tu mensaje.']);

    const detail = (await t.app.inject({ method: 'GET', url: `${base}/${claim.id}`, headers: c.auth })).json()
      .data;
    expect(detail.messages.map((m: { author: string }) => m.author)).toEqual(['customer', 'operator']);
    expect((await notices(claim.id)).map((n) => n.title)).toContain('Tenés un mensaje sobre tu reclamo');

    const moved = await change(claim.id, { status: 'en_revision' }, operator.auth);
    expect(moved.statusCode).toBe(200);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(claim.id)));
    expect(audit.filter((a) => a.targetType === 'claim').map((a) => [a.actor, a.action])).toEqual([
      ['operator', 'claim.message'],
      ['operator', 'claim.status'],
    ]);
    expect((await change(999_999, { status: 'en_revision' })).statusCode).toBe(404);
  });

  it('operators download the attachments of a claim, and only through that claim', async () => {
    const { c, insurance, riskId } = await insured();
    const photo = (await upload(c, pngImage(5, 5), 'foto.png')).json().data.id;
    const loose = (await upload(c, pngImage(3, 3), 'suelta.png')).json().data.id;
    const claim = await fileClaim(c, insurance.id, riskId, [photo]);
    const get = (id: number) =>
      t.app.inject({
        method: 'GET',
        url: `/api/v4/admin/claims/${claim.id}/attachments/${id}`,
        headers: ops,
      });
    const ok = await get(photo);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('image/png');
    expect((await get(loose)).statusCode).toBe(404);
    const reuse = await file(c, claimBody(insurance.id, riskId, { attachment_ids: [photo] }));
    expect(reuse.json().validations.attachment_ids).toBeDefined();
  });

  it('appears in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v4/openapi.json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v4/customers/claims',
        '/api/v4/customers/claims/{id}',
        '/api/v4/customers/claims/attachments',
        '/api/v4/admin/claims/{id}/status',
      ]),
    );
  });
});

async function walletOf(c: Customer) {
  const res = await t.app.inject({ method: 'GET', url: '/api/v4/customers/money-wallet', headers: c.auth });
  return res.json().data as { id: number };
}

describe('files never filed with a claim', () => {
  it('are deleted after a day, bytes included; filed ones and recent ones stay', async () => {
    const { c, insurance, riskId } = await insured();
    const filedId = (await upload(c, pngImage(5, 5), 'filed.png')).json().data.id;
    const staleId = (await upload(c, pngImage(6, 6), 'stale.png')).json().data.id;
    const recentId = (await upload(c, pngImage(7, 7), 'recent.png')).json().data.id;
    await fileClaim(c, insurance.id, riskId, [filedId]);
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    await t.database.db
      .update(claimAttachments)
      .set({ createdAt: twoDaysAgo })
      .where(inArray(claimAttachments.id, [filedId, staleId]));
    const [stale] = await t.database.db
      .select({ key: files.storageKey })
      .from(claimAttachments)
      .innerJoin(files, eq(files.id, claimAttachments.fileId))
      .where(eq(claimAttachments.id, staleId));

    expect(
      await sweepUnattachedClaimFiles({ db: t.database.db, storage: t.app.deps.storage }),
    ).toBeGreaterThanOrEqual(1);
    const get = (id: number) =>
      t.app.inject({ method: 'GET', url: `${base}/attachments/${id}`, headers: c.auth });
    expect((await get(staleId)).statusCode).toBe(404);
    expect(await t.app.deps.storage.get(stale!.key)).toBeNull();
    expect((await get(filedId)).statusCode).toBe(200);
    expect((await get(recentId)).statusCode).toBe(200);
  });
});
