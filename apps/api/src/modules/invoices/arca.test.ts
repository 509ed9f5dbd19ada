/**
 * ARCA authorisation end to end (decision 024): the real app with its local ARCA peer (ARCA_ENV=local, the
 * client speaking SOAP to it over HTTP), the outbox's ARCA jobs run as the worker runs them, on PGlite or
 * PostgreSQL (CUBIERTO_TEST_DB=postgres). Every document of a purchase, a cancellation and an
 * arrepentimiento gets its CAE; a rejection reaches the operators, who retry it; a call with no answer is
 * consulted, never asked twice; two runners leave no gap and no duplicate; the request's totals add up
 * and are the PDF's; the PDF's fiscal QR decodes to the voucher.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { formatArs } from '@cubierto/contracts';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arcaPeer, authorizeInvoices } from '../../../test/arca.ts';
import { createTestApp, registerCustomer, type TestApp } from '../../../test/harness.ts';
import { operatorSession } from '../../../test/operator.ts';
import {
  bagCoverageId,
  contractInsurance,
  idempotencyKey,
  payThroughSandbox,
} from '../../../test/purchase.ts';
import { type Db, openDatabase } from '../../db/client.ts';
import { auditLog, invoiceLines, invoices, outbox } from '../../db/schema/index.ts';
import { seedDemoCatalog } from '../../db/seed.ts';
import { runDueJobs } from '../../lib/outbox.ts';
import { postMovement } from '../wallets/service.ts';
import { ArcaUnavailableError } from './arca/types.ts';
import { ARCA_AUTHORIZE_JOB, arcaAmounts, enqueueArcaAuthorization, invoiceJobs } from './arca-job.ts';
import { createArcaService } from './arca-service.ts';
import { createArcaTicketStore } from './arca-tickets.ts';
import { FISCAL_QR_URL } from './invoice-pdf.ts';

const run = promisify(execFile);
const work = mkdtempSync(path.join(tmpdir(), 'cubierto-arca-'));

let t: TestApp;
let coverage: number;
let operator: Record<string, string>;
type Customer = Awaited<ReturnType<typeof registerCustomer>>;

beforeAll(async () => {
  // A call to ARCA gives up after 2 s here (the timeout test waits for it).
  t = await createTestApp({ poolSize: 16, env: { ARCA_TIMEOUT_MS: '2000' } });
  await seedDemoCatalog(t.database.db, t.app.deps.storage);
  coverage = await bagCoverageId(t.app);
  operator = (await operatorSession(t.app, t.database)).auth;
}, 120_000);
afterAll(async () => {
  await t.close();
  rmSync(work, { recursive: true, force: true });
});

const RI_PROFILE = {
  name: 'Panadería La Espiga S.R.L.',
  document_type: 'CUIT',
  document_number: '30-50001234-6',
  tax_condition: 'responsable_inscripto',
  street: 'Av. Rivadavia',
  street_number: '5000',
  floor_apartment: '',
  locality: 'Caballito',
  state_id: 1,
  zip_code: 'C1424CES',
};

type InvoiceJson = {
  id: number;
  kind: 'invoice' | 'credit_note';
  letter: 'A' | 'B';
  point_of_sale: number;
  number: number | null;
  full_number: string | null;
  arca_status: string;
  arca_voucher_type: number;
  cae: string | null;
  cae_due_on: string | null;
  invoice_id: number | null;
  total_cents: number;
  recipient: { document_type: string; document_number: string };
};

const customerGet = (c: Customer, url: string) =>
  t.app.inject({ method: 'GET', url: `/api/v4/customers${url}`, headers: c.auth });

async function invoicesOf(c: Customer): Promise<InvoiceJson[]> {
  const res = await customerGet(c, '/invoices?per_page=50&sort_by=id');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function withProfile(): Promise<Customer> {
  const c = await registerCustomer(t.app);
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/v4/customers/invoice-profile',
    headers: c.auth,
    payload: RI_PROFILE,
  });
  expect(res.statusCode, res.body).toBe(200);
  return c;
}

async function paidFromMoney(c: Customer, startInDays = 0) {
  const insurance = await contractInsurance(t.app, c.auth, coverage, { startInDays });
  const userId = (await customerGet(c, '/user')).json().data.id as number;
  await t.database.db.transaction((tx) =>
    postMovement(tx, {
      userId,
      kind: 'money',
      amountCents: insurance.premium.total_cents,
      movement: 'adjustment',
      description: 'Saldo de prueba',
    }),
  );
  const paid = await t.app.inject({
    method: 'POST',
    url: '/api/v4/customers/payments',
    headers: { ...c.auth, ...idempotencyKey() },
    payload: { insurance_id: insurance.id, method: 'money_wallet' },
  });
  expect(paid.statusCode, paid.body).toBe(201);
  return insurance;
}

async function pdfOf(c: Customer, id: number): Promise<Buffer> {
  const res = await customerGet(c, `/invoices/${id}/pdf`);
  expect(res.statusCode, res.body).toBe(200);
  return res.rawPayload;
}

/** The PDF's text as poppler's pdftotext reads it (non-breaking spaces as plain ones). */
async function pdfText(pdf: Buffer): Promise<string> {
  const file = path.join(work, `text-${Date.now()}-${Math.random()}.pdf`);
  writeFileSync(file, pdf);
  const { stdout } = await run('pdftotext', ['-layout', file, '-']);
  return stdout.replace(/\u00a0/g, ' ');
}

/** The first page rendered at 200 dpi (pdftoppm) and its QR read back (zbarimg). */
async function qrOf(pdf: Buffer): Promise<string> {
  const base = path.join(work, `qr-${Date.now()}-${Math.random().toString(36).slice(2)}`);
  writeFileSync(`${base}.pdf`, pdf);
  await run('pdftoppm', ['-png', '-r', '200', '-f', '1', '-l', '1', '-singlefile', `${base}.pdf`, base]);
  const { stdout } = await run('zbarimg', ['--raw', '-q', `${base}.png`]);
  return stdout.trim();
}

const ars = (cents: number) => formatArs(cents).replace(/\u00a0/g, ' ');

async function arcaIssuedOn(id: number): Promise<string> {
  const [row] = await t.database.db
    .select({ on: invoices.arcaIssuedOn })
    .from(invoices)
    .where(eq(invoices.id, id));
  return row!.on!;
}

describe('ARCA authorisation', () => {
  it('gives a CAE to every invoice and credit note of a purchase, a cancellation refund and an arrepentimiento', async () => {
    const peer = arcaPeer(t);
    // An A: paid before its start date and cancelled, all of it refunded with a credit note.
    const a = await withProfile();
    const insuranceA = await contractInsurance(t.app, a.auth, coverage, { startInDays: 10 });
    await payThroughSandbox(t.app, a.auth, insuranceA.id);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/v4/customers/insurances/${insuranceA.id}/cancel`,
      headers: a.auth,
      payload: { mode: 'now' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    // A B: paid from Mi dinero, then the botón de arrepentimiento.
    const b = await registerCustomer(t.app);
    const insuranceB = await paidFromMoney(b, 3);
    const withdrawal = await t.app.inject({
      method: 'POST',
      url: '/api/v4/customers/rights/withdrawals',
      headers: b.auth,
      payload: { insurance_id: insuranceB.id },
    });
    expect(withdrawal.statusCode, withdrawal.body).toBe(201);

    const before = [...(await invoicesOf(a)), ...(await invoicesOf(b))];
    expect(before.map((i) => [i.kind, i.letter, i.arca_status, i.number])).toEqual([
      ['invoice', 'A', 'pendiente_cae', null],
      ['credit_note', 'A', 'pendiente_cae', null],
      ['invoice', 'B', 'pendiente_cae', null],
      ['credit_note', 'B', 'pendiente_cae', null],
    ]);
    await authorizeInvoices(t);

    const documents = [...(await invoicesOf(a)), ...(await invoicesOf(b))];
    expect(documents.map((i) => [i.arca_voucher_type, i.arca_status])).toEqual([
      [1, 'autorizada'],
      [3, 'autorizada'],
      [6, 'autorizada'],
      [8, 'autorizada'],
    ]);
    const vouchers = peer.vouchers();
    for (const document of documents) {
      expect(document.cae).toMatch(/^\d{14}$/);
      expect(document.full_number).toBe(
        `${String(document.point_of_sale).padStart(4, '0')}-${String(document.number).padStart(8, '0')}`,
      );
      const voucher = vouchers.filter(
        (v) =>
          v.voucherType === document.arca_voucher_type &&
          v.pointOfSale === document.point_of_sale &&
          v.number === document.number,
      );
      expect(voucher).toHaveLength(1);
      expect(voucher[0]!.cae).toBe(document.cae);
      expect(voucher[0]!.totalCentavos).toBe(document.total_cents);
      if (document.kind === 'credit_note') {
        const invoice = documents.find((d) => d.id === document.invoice_id)!;
        expect(voucher[0]!.request.associated).toEqual({
          voucherType: invoice.arca_voucher_type,
          pointOfSale: invoice.point_of_sale,
          number: invoice.number,
          issuedOn: await arcaIssuedOn(invoice.id),
        });
      }
    }
    // The receivers as ARCA got them: the CUIT (80) as responsable inscripto, the DNI (96) as consumidor final.
    const receiverOf = (d: InvoiceJson) =>
      vouchers.find((v) => v.voucherType === d.arca_voucher_type && v.number === d.number)!.request.receiver;
    expect(receiverOf(documents[0]!)).toEqual({ docType: 80, docNumber: '30500012346', ivaConditionId: 1 });
    expect(receiverOf(documents[2]!)).toEqual({ docType: 96, docNumber: b.dni, ivaConditionId: 5 });

    // The credit note's PDF names its invoice.
    const text = await pdfText(await pdfOf(a, documents[1]!.id));
    expect(text).toContain('Nota de crédito A');
    expect(text).toContain('Cód. 003');
    expect(text).toContain(`Factura A ${documents[0]!.full_number}`);
  }, 120_000);

  it('lists a rejection for operators with ARCA’s message; after a retry the invoice is authorised', async () => {
    const peer = arcaPeer(t);
    const c = await registerCustomer(t.app);
    const insurance = await contractInsurance(t.app, c.auth, coverage);
    await payThroughSandbox(t.app, c.auth, insurance.id);
    peer.nextAnswer('reject', 'El campo Condicion Frente al IVA del receptor es obligatorio.');
    await authorizeInvoices(t);

    const [rejected] = await invoicesOf(c);
    expect(rejected).toMatchObject({ arca_status: 'rechazada', number: null, cae: null });
    const pdf = await customerGet(c, `/invoices/${rejected!.id}/pdf`);
    expect(pdf.statusCode).toBe(409);
    expect(pdf.json().error_code).toBe('invoice_not_authorised');

    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/v4/admin/invoices?filter[arca_status][eq]=rechazada&per_page=100',
      headers: operator,
    });
    expect(listed.statusCode, listed.body).toBe(200);
    const row = listed.json().data.find((i: { id: number }) => i.id === rejected!.id);
    expect(row).toMatchObject({ arca_status: 'rechazada', arca_attempts: 1 });
    expect(row.arca_messages).toContainEqual(
      expect.objectContaining({
        kind: 'error',
        message: 'El campo Condicion Frente al IVA del receptor es obligatorio.',
      }),
    );
    const asCustomer = await t.app.inject({ method: 'GET', url: '/api/v4/admin/invoices', headers: c.auth });
    expect([401, 403]).toContain(asCustomer.statusCode);

    const retry = await t.app.inject({
      method: 'POST',
      url: `/api/v4/admin/invoices/${rejected!.id}/retry`,
      headers: operator,
      payload: {},
    });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().data.arca_status).toBe('pendiente_cae');
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'invoice'), eq(auditLog.targetId, String(rejected!.id))));
    expect(audited.map((a) => a.action)).toEqual(['invoice.update']);

    await authorizeInvoices(t);
    const [authorised] = await invoicesOf(c);
    expect(authorised).toMatchObject({ arca_status: 'autorizada', cae: expect.stringMatching(/^\d{14}$/) });
    expect((await customerGet(c, `/invoices/${authorised!.id}/pdf`)).statusCode).toBe(200);
    // Only a rejected document is sent again.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/v4/admin/invoices/${rejected!.id}/retry`,
      headers: operator,
      payload: {},
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error_code).toBe('invoice_not_rejected');
  }, 120_000);

  it('after a timeout consults the number it asked for and stores that CAE: exactly one voucher', async () => {
    const peer = arcaPeer(t);
    await authorizeInvoices(t);
    const c = await registerCustomer(t.app);
    const insurance = await contractInsurance(t.app, c.auth, coverage);
    await payThroughSandbox(t.app, c.auth, insurance.id);
    const vouchersBefore = peer.vouchers().length;
    peer.nextAnswer('timeout');
    const first = await runDueJobs(t.database.db, {
      handlers: invoiceJobs(t.app.deps.arca),
      onlyHandled: true,
    });
    expect(first).toMatchObject({ claimed: 1, failed: 1 });
    const [invoice] = await invoicesOf(c);
    const [row] = await t.database.db.select().from(invoices).where(eq(invoices.id, invoice!.id));
    expect(row).toMatchObject({ arcaStatus: 'pendiente_cae', number: null, arcaAttempts: 1 });
    expect(row!.arcaPendingNumber).toBeGreaterThan(0);
    expect(row!.arcaMessages[0]!.message).toMatch(/^Sin respuesta de ARCA/);
    // ARCA authorised it although no answer came.
    expect(peer.vouchers()).toHaveLength(vouchersBefore + 1);

    await authorizeInvoices(t);
    const [authorised] = await invoicesOf(c);
    const created = peer.vouchers().slice(vouchersBefore);
    expect(created).toHaveLength(1);
    expect(authorised).toMatchObject({
      arca_status: 'autorizada',
      number: row!.arcaPendingNumber,
      cae: created[0]!.cae,
    });
  }, 120_000);

  it('numbers without gaps or duplicates when two runners authorise at once', async () => {
    const peer = arcaPeer(t);
    await authorizeInvoices(t);
    // A second handle, as another instance has (its own pool on PostgreSQL).
    const other = t.databaseUrl ? await openDatabase({ databaseUrl: t.databaseUrl, poolSize: 8 }) : undefined;
    const c = await registerCustomer(t.app);
    const N = 10;
    for (let i = 0; i < N; i++) {
      const insurance = await contractInsurance(t.app, c.auth, coverage);
      await payThroughSandbox(t.app, c.auth, insurance.id);
    }
    const runner = async (db: Db) => {
      const handlers = invoiceJobs(t.app.deps.arca);
      for (let pass = 0; pass < 20; pass++) {
        const result = await runDueJobs(db, { handlers, onlyHandled: true, batchSize: 3 });
        if (result.claimed === 0) return;
      }
    };
    await Promise.all([runner(t.database.db), runner(other?.db ?? t.database.db)]);
    await other?.close();

    const mine = await invoicesOf(c);
    expect(mine.every((i) => i.arca_status === 'autorizada')).toBe(true);
    const all = await t.database.db
      .select({ number: invoices.number })
      .from(invoices)
      .where(and(eq(invoices.arcaVoucherType, 6), eq(invoices.pointOfSale, t.app.deps.arca.pointOfSale)))
      .orderBy(asc(invoices.number));
    const numbers = all.map((r) => r.number);
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
    const onPeer = peer
      .vouchers()
      .filter((v) => v.voucherType === 6)
      .map((v) => v.number)
      .sort((x, y) => x - y);
    expect(onPeer).toEqual(numbers);
    // In the order they were issued.
    expect(mine.map((i) => i.number)).toEqual([...mine.map((i) => i.number)].sort((x, y) => x! - y!));
  }, 180_000);

  it('a batch of jobs asks ARCA once when it does not answer; the others wait for their retry unasked', async () => {
    await authorizeInvoices(t);
    const c = await registerCustomer(t.app);
    for (let i = 0; i < 3; i++) {
      const insurance = await contractInsurance(t.app, c.auth, coverage);
      await payThroughSandbox(t.app, c.auth, insurance.id);
    }
    // ARCA down: its first call fails, and it is the only one.
    let asked = 0;
    const real = t.app.deps.arca;
    const down = {
      ...real,
      client: {
        ...real.client,
        receiverIvaConditions: async () => {
          asked += 1;
          throw new ArcaUnavailableError('connect ECONNREFUSED');
        },
      },
    };
    const result = await runDueJobs(t.database.db, { handlers: invoiceJobs(down), onlyHandled: true });
    expect(result).toEqual({ claimed: 3, done: 0, failed: 3 });
    expect(asked).toBe(1);
    const jobs = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, ARCA_AUTHORIZE_JOB), isNull(outbox.doneAt)));
    expect(jobs.map((job) => job.lastError).sort()).toEqual([
      'connect ECONNREFUSED',
      'not asked: connect ECONNREFUSED',
      'not asked: connect ECONNREFUSED',
    ]);
    expect(jobs.every((job) => job.attempts === 1 && job.failedAt === null)).toBe(true);

    // Back up: the next batch authorises all three, in the order they were issued.
    await authorizeInvoices(t);
    const mine = await invoicesOf(c);
    expect(mine.map((i) => i.arca_status)).toEqual(['autorizada', 'autorizada', 'autorizada']);
    expect(mine.map((i) => i.number)).toEqual([...mine.map((i) => i.number)].sort((x, y) => x! - y!));
  }, 120_000);

  it('a restarted app (a new local peer) goes on from the database’s last number, never numbering from 1 again', async () => {
    await authorizeInvoices(t);
    const c = await registerCustomer(t.app);
    const first = await contractInsurance(t.app, c.auth, coverage);
    await payThroughSandbox(t.app, c.auth, first.id);
    await authorizeInvoices(t);
    const lastBefore = Math.max(...(await invoicesOf(c)).map((i) => i.number ?? 0));
    expect(lastBefore).toBeGreaterThan(0);

    // The app started again on the same database: its local peer remembers nothing.
    const restarted = await createArcaService(
      { environment: 'local', pointOfSale: t.app.deps.arca.pointOfSale, timeoutMs: 5_000 },
      t.database.db,
    );
    try {
      expect(restarted.peer?.vouchers()).toEqual([]);
      const second = await contractInsurance(t.app, c.auth, coverage);
      await payThroughSandbox(t.app, c.auth, second.id);
      const handlers = invoiceJobs(restarted);
      for (let pass = 0; pass < 10; pass++) {
        if ((await runDueJobs(t.database.db, { handlers, onlyHandled: true })).claimed === 0) break;
      }
      const mine = await invoicesOf(c);
      expect(mine.every((i) => i.arca_status === 'autorizada')).toBe(true);
      expect(Math.max(...mine.map((i) => i.number ?? 0))).toBe(lastBefore + 1);
      expect(restarted.peer?.vouchers().map((v) => v.number)).toEqual([lastBefore + 1]);
    } finally {
      await restarted.close();
    }
  }, 120_000);

  it('asks ARCA for totals that add up to the centavo, the same the PDF prints, for random premiums and rates', async () => {
    const peer = arcaPeer(t);
    const c = await withProfile();
    const userId = (await customerGet(c, '/user')).json().data.id as number;
    const lineArb = fc.record({
      totalCents: fc.integer({ min: 1, max: 50_000_000 }),
      ivaRateBps: fc.constantFrom(2100, 1050, 2700, 0),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(lineArb, { minLength: 1, maxLength: 4 }), async (lines) => {
        const amounts = arcaAmounts(lines);
        // The document as insertDocument writes it (service.ts), straight into the database.
        const id = await t.database.db.transaction(async (tx) => {
          const [row] = await tx
            .insert(invoices)
            .values({
              userId,
              kind: 'invoice',
              letter: 'A',
              pointOfSale: 1,
              issuedAt: new Date(),
              recipientName: RI_PROFILE.name,
              recipientDocumentType: 'CUIT',
              recipientDocumentNumber: '30500012346',
              recipientTaxCondition: 'responsable_inscripto',
              recipientAddress: '',
              netCents: amounts.totalCentavos - amounts.vatCentavos,
              ivaCents: amounts.vatCentavos,
              totalCents: amounts.totalCentavos,
              arcaVoucherType: 1,
              receiverIvaConditionId: 1,
            })
            .returning({ id: invoices.id });
          await tx.insert(invoiceLines).values(
            lines.map((l, n) => {
              const ivaCents =
                l.ivaRateBps === 0
                  ? 0
                  : l.totalCents - Math.round((l.totalCents * 10_000) / (10_000 + l.ivaRateBps));
              return {
                invoiceId: row!.id,
                description: `Línea ${n + 1}`,
                netCents: l.totalCents - ivaCents,
                ivaRateBps: l.ivaRateBps,
                ivaCents,
                totalCents: l.totalCents,
              };
            }),
          );
          await enqueueArcaAuthorization(tx, row!.id);
          return row!.id;
        });
        await authorizeInvoices(t);
        const [stored] = await t.database.db.select().from(invoices).where(eq(invoices.id, id));
        expect(stored!.arcaStatus, JSON.stringify(stored!.arcaMessages)).toBe('autorizada');
        const request = peer
          .vouchers()
          .find((v) => v.voucherType === 1 && v.number === stored!.number)!.request;
        const sum = lines.reduce((s, l) => s + l.totalCents, 0);
        expect(request.totalCentavos).toBe(sum);
        expect(
          request.netCentavos + request.vatCentavos + request.exemptCentavos + request.untaxedCentavos,
        ).toBe(request.totalCentavos);
        expect(request.vat.reduce((s, v) => s + v.baseCentavos, 0)).toBe(request.netCentavos);
        expect(request.vat.reduce((s, v) => s + v.amountCentavos, 0)).toBe(request.vatCentavos);

        const text = await pdfText(await pdfOf(c, id));
        const amountAfter = (label: string) =>
          new RegExp(`${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s+(\\$ [\\d.,-]+)`).exec(text)?.[1];
        expect(amountAfter('Total')).toBe(ars(request.totalCentavos));
        if (request.netCentavos > 0)
          expect(amountAfter('Importe neto gravado')).toBe(ars(request.netCentavos));
        if (request.exemptCentavos > 0)
          expect(amountAfter('Importe exento')).toBe(ars(request.exemptCentavos));
        const rates: Record<number, string> = { 4: '10.5', 5: '21', 6: '27' };
        for (const line of request.vat)
          expect(amountAfter(`IVA ${rates[line.rateId]} %`)).toBe(ars(line.amountCentavos));
      }),
      { numRuns: 8 },
    );
  }, 240_000);

  it('prints the CAE, its due date and a fiscal QR that decodes to the voucher (RG 4892)', async () => {
    const peer = arcaPeer(t);
    const b = await registerCustomer(t.app);
    const insuranceB = await contractInsurance(t.app, b.auth, coverage);
    await payThroughSandbox(t.app, b.auth, insuranceB.id);
    const a = await withProfile();
    const insuranceA = await contractInsurance(t.app, a.auth, coverage);
    await payThroughSandbox(t.app, a.auth, insuranceA.id);
    await authorizeInvoices(t);

    for (const [c, docType, docNumber] of [
      [b, 96, Number(b.dni)],
      [a, 80, 30500012346],
    ] as const) {
      const [invoice] = await invoicesOf(c);
      const pdf = await pdfOf(c, invoice!.id);
      const url = await qrOf(pdf);
      expect(url.startsWith(FISCAL_QR_URL)).toBe(true);
      const data = JSON.parse(Buffer.from(url.slice(FISCAL_QR_URL.length), 'base64').toString('utf8'));
      expect(data).toEqual({
        ver: 1,
        fecha: await arcaIssuedOn(invoice!.id),
        cuit: Number(peer.cuit),
        ptoVta: invoice!.point_of_sale,
        tipoCmp: invoice!.arca_voucher_type,
        nroCmp: invoice!.number,
        importe: invoice!.total_cents / 100,
        moneda: 'PES',
        ctz: 1,
        tipoDocRec: docType,
        nroDocRec: docNumber,
        tipoCodAut: 'E',
        codAut: Number(invoice!.cae),
      });
      const text = await pdfText(pdf);
      const [y, m, d] = invoice!.cae_due_on!.split('-');
      expect(text).toContain(`CAE N° ${invoice!.cae}`);
      expect(text).toContain(`Vencimiento del CAE: ${d}/${m}/${y}`);
      expect(text).toContain(`Cód. ${String(invoice!.arca_voucher_type).padStart(3, '0')}`);
      expect(text).toContain(`N° ${invoice!.full_number}`);
      expect(text).toContain(docType === 80 ? 'IVA Responsable Inscripto' : 'Consumidor Final');
    }
  }, 120_000);

  it('shows operators the environment, point of sale and the ticket’s expiry; one login for many calls', async () => {
    const peer = arcaPeer(t);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v4/admin/invoices/arca-status',
      headers: operator,
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ environment: 'local', point_of_sale: 1, cuit: peer.cuit });
    expect(new Date(data.ticket_expires_at).getTime()).toBeGreaterThan(Date.now() + 60 * 60_000);
    expect(data.counts.autorizada).toBeGreaterThan(0);
    // Every call of this file used the ticket stored in the database: WSAA was asked once.
    expect(peer.loginCount()).toBe(1);
  });
});

describe('ARCA tickets (arca_tickets)', () => {
  it('renews once when several callers (and instances) find it expired at the same time', async () => {
    const other = t.databaseUrl ? await openDatabase({ databaseUrl: t.databaseUrl, poolSize: 4 }) : undefined;
    const stores = [createArcaTicketStore(t.database.db), createArcaTicketStore(other?.db ?? t.database.db)];
    let renewals = 0;
    const service = `test-${Date.now()}`;
    const renew = async () => {
      renewals += 1;
      await new Promise((resolve) => setTimeout(resolve, 100));
      const now = new Date();
      return {
        token: `T${renewals}`,
        sign: `S${renewals}`,
        generatedAt: now,
        expiresAt: new Date(now.getTime() + 12 * 3_600_000),
      };
    };
    const tickets = await Promise.all([0, 1, 0, 1].map((n) => stores[n]!.renewOnce(service, renew)));
    expect(renewals).toBe(1);
    expect(new Set(tickets.map((x) => x.token))).toEqual(new Set(['T1']));
    expect((await stores[1]!.read(service))?.token).toBe('T1');
    // One about to expire (under ten minutes) is renewed.
    await t.database.db.execute(
      sql`update arca_tickets set expires_at = now() + interval '5 minutes' where service = ${service}`,
    );
    expect((await stores[0]!.renewOnce(service, renew)).token).toBe('T2');
    await other?.close();
  });
});

describe('the ARCA job', () => {
  it('is registered under its kind and claims nothing else', async () => {
    expect(Object.keys(invoiceJobs(t.app.deps.arca))).toEqual([ARCA_AUTHORIZE_JOB]);
    const pending = await t.database.db
      .select({ id: invoices.id })
      .from(invoices)
      .where(inArray(invoices.arcaStatus, ['pendiente_cae']));
    expect(pending).toEqual([]);
  });
});
