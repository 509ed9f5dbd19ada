import { formatArs, splitIva } from '@cubierto/contracts';
import { and, asc, eq, max } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizeInvoices } from '../../../test/arca.ts';
import { createTestApp, registerCustomer, type TestApp } from '../../../test/harness.ts';
import {
  createBusiness,
  phoneCoverage,
  phoneCsv,
  phoneRow,
  topUpCredit,
  uploadImport,
} from '../../../test/imports.ts';
import {
  bagCoverageId,
  contractInsurance,
  idempotencyKey,
  payThroughSandbox,
  startPayment,
} from '../../../test/purchase.ts';
import { invoices, outbox, provinces } from '../../db/schema/index.ts';
import { seedDemoCatalog } from '../../db/seed.ts';
import { postMovement } from '../wallets/service.ts';

let t: TestApp;
let coverage: number;
type Customer = Awaited<ReturnType<typeof registerCustomer>>;

beforeAll(async () => {
  t = await createTestApp({ poolSize: 16 });
  await seedDemoCatalog(t.database.db, t.app.deps.storage);
  coverage = await bagCoverageId(t.app);
});
afterAll(async () => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/v4/customers${url}`, headers });
const putProfile = (c: Customer, payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/v4/customers/invoice-profile', headers: c.auth, payload });

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

async function pdfText(res: { rawPayload: Buffer }) {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(res.rawPayload)), {
    mergePages: true,
  });
  // PDF text has plain spaces where formatted amounts have non-breaking ones.
  return text.replace(/\u00a0/g, ' ');
}

const ars = (cents: number) => formatArs(cents).replace(/\u00a0/g, ' ');

async function userIdOf(c: Customer): Promise<number> {
  return (await get('/user', c.auth)).json().data.id;
}

async function fundMoneyWallet(c: Customer, cents: number) {
  const userId = await userIdOf(c);
  await t.database.db.transaction((tx) =>
    postMovement(tx, {
      userId,
      kind: 'money',
      amountCents: cents,
      movement: 'adjustment',
      description: 'Saldo de prueba',
    }),
  );
}

async function invoicesOf(c: Customer, query = '') {
  const res = await get(`/invoices${query}`, c.auth);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    data: Array<{
      id: number;
      kind: string;
      letter: string;
      number: number;
      full_number: string;
      arca_status: string;
      cae: string | null;
      insurance_id: number;
      invoice_id: number | null;
      total_cents: number;
      net_cents: number;
      iva_cents: number;
      recipient: { name: string; document_number: string; tax_condition: string };
    }>;
    meta: { total: number };
  };
}

describe('invoice profile (designated billing party)', () => {
  it('is empty at first, refuses a wrong CUIT check digit and a DNI that is not consumidor final, then saves', async () => {
    const c = await registerCustomer(t.app);
    const empty = await get('/invoice-profile', c.auth);
    expect(empty.statusCode).toBe(200);
    expect(empty.json().data).toBeNull();

    const badCuit = await putProfile(c, { ...RI_PROFILE, document_number: '30-50001234-5' });
    expect(badCuit.statusCode).toBe(422);
    expect(badCuit.json().validations.document_number).toEqual([
      'El CUIT no es válido: revisá los 11 números.',
    ]);

    const dniNotFinal = await putProfile(c, {
      ...RI_PROFILE,
      document_type: 'DNI',
      document_number: '28123456',
      tax_condition: 'monotributo',
    });
    expect(dniNotFinal.statusCode).toBe(422);
    expect(dniNotFinal.json().validations.tax_condition[0]).toMatch(/consumidor final/);

    const missing = await putProfile(c, { ...RI_PROFILE, street: '', zip_code: '12' });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().validations).sort()).toEqual(['street', 'zip_code']);

    const unknownProvince = await putProfile(c, { ...RI_PROFILE, state_id: 9999 });
    expect(unknownProvince.statusCode).toBe(422);
    expect(unknownProvince.json().validations.state_id).toBeDefined();

    const saved = await putProfile(c, RI_PROFILE);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({
      document_number: '30500012346',
      tax_condition: 'responsable_inscripto',
      invoice_letter: 'A',
    });
    const again = await putProfile(c, { ...RI_PROFILE, tax_condition: 'monotributo' });
    expect(again.json().data.invoice_letter).toBe('B');
    expect((await get('/invoice-profile', c.auth)).json().data.tax_condition).toBe('monotributo');
  });

  it('needs a session', async () => {
    expect((await get('/invoice-profile')).statusCode).toBe(401);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/v4/customers/invoice-profile',
      payload: RI_PROFILE,
    });
    expect(put.statusCode).toBe(401);
    expect((await get('/invoices')).statusCode).toBe(401);
    expect((await get('/invoices/1')).statusCode).toBe(401);
    expect((await get('/invoices/1/pdf')).statusCode).toBe(401);
  });
});

describe('invoices', () => {
  it('issues an A with IVA broken out to a responsable inscripto when the payment is collected, as a PDF', async () => {
    const c = await registerCustomer(t.app);
    await putProfile(c, RI_PROFILE);
    const insurance = await contractInsurance(t.app, c.auth, coverage);
    expect((await invoicesOf(c)).data).toEqual([]);
    await payThroughSandbox(t.app, c.auth, insurance.id);

    // Written with the payment, waiting for ARCA's CAE: no number and no PDF yet ("En proceso").
    const [waiting] = (await invoicesOf(c)).data;
    expect(waiting).toMatchObject({
      arca_status: 'pendiente_cae',
      number: null,
      full_number: null,
      cae: null,
    });
    const early = await get(`/invoices/${waiting!.id}/pdf`, c.auth);
    expect(early.statusCode).toBe(409);
    expect(early.json().error_code).toBe('invoice_not_authorised');
    await authorizeInvoices(t);

    const list = await invoicesOf(c);
    expect(list.meta.total).toBe(1);
    const [invoice] = list.data;
    const total = insurance.premium.total_cents;
    const { netCents, ivaCents } = splitIva(total, 2100);
    expect(invoice).toMatchObject({
      kind: 'invoice',
      letter: 'A',
      arca_status: 'autorizada',
      cae: expect.stringMatching(/^\d{14}$/),
      insurance_id: insurance.id,
      total_cents: total,
      net_cents: netCents,
      iva_cents: ivaCents,
      recipient: {
        name: RI_PROFILE.name,
        document_number: '30500012346',
        tax_condition: 'responsable_inscripto',
      },
    });
    expect(netCents + ivaCents).toBe(total);
    expect(ivaCents).toBeGreaterThan(0);

    const detail = await get(`/invoices/${invoice!.id}`, c.auth);
    expect(detail.statusCode).toBe(200);
    // The list (one JSON value per row, its moments as text) answers it as the detail does.
    expect(detail.json().data).toMatchObject(invoice!);
    expect(detail.json().data.lines).toHaveLength(1);
    expect(detail.json().data.lines[0].description).toContain(insurance.number);

    const pdf = await get(`/invoices/${invoice!.id}/pdf`, c.auth);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(
      `attachment; filename="factura-A-${invoice!.full_number}.pdf"`,
    );
    const text = await pdfText(pdf);
    for (const expected of [
      'Factura A',
      invoice!.full_number,
      'CUIT 30-50001234-6',
      RI_PROFILE.name,
      'Responsable inscripto',
      ars(total),
      ars(ivaCents),
      insurance.number,
    ])
      expect(text).toContain(expected);

    // The customer is told, with an action that opens the invoice.
    const jobs = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.key, `notify:invoice:${invoice!.id}:issued`));
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.payload).toMatchObject({ action: { type: 'Invoice', invoiceId: invoice!.id } });
  });

  it("without an invoice profile, invoices a B to the customer's own name and DNI as consumidor final", async () => {
    const c = await registerCustomer(t.app, { name: 'Marta Suárez', dni: '31222333' });
    const insurance = await contractInsurance(t.app, c.auth, coverage);
    await payThroughSandbox(t.app, c.auth, insurance.id);
    await authorizeInvoices(t);
    const [invoice] = (await invoicesOf(c)).data;
    expect(invoice).toMatchObject({
      letter: 'B',
      recipient: { name: 'Marta Suárez', document_number: '31222333', tax_condition: 'consumidor_final' },
    });
    const text = await pdfText(await get(`/invoices/${invoice!.id}/pdf`, c.auth));
    expect(text).toContain('Factura B');
    expect(text).toContain('DNI 31222333');
    expect(text).toContain(`IVA contenido: ${ars(invoice!.iva_cents)}`);
  });

  it('invoices a payment from Mi dinero, and not a top-up (the money is invoiced when it pays a cover)', async () => {
    const c = await registerCustomer(t.app);
    const insurance = await contractInsurance(t.app, c.auth, coverage);
    await fundMoneyWallet(c, insurance.premium.total_cents);
    expect((await invoicesOf(c)).meta.total).toBe(0);
    const pay = await t.app.inject({
      method: 'POST',
      url: '/api/v4/customers/payments',
      headers: { ...c.auth, ...idempotencyKey() },
      payload: { insurance_id: insurance.id, method: 'money_wallet' },
    });
    expect(pay.statusCode, pay.body).toBe(201);
    const list = await invoicesOf(c);
    expect(list.data.map((i) => [i.kind, i.insurance_id, i.total_cents])).toEqual([
      ['invoice', insurance.id, insurance.premium.total_cents],
    ]);
  });

  it('a payment from Mi dinero invoices the invoice profile, or else the customer as registered, each its own', async () => {
    // The facts' statement is built once and bound on every payment: two payments one after the other,
    // each to its own recipient.
    const [province] = await t.database.db
      .select()
      .from(provinces)
      .where(eq(provinces.id, RI_PROFILE.state_id));
    const withProfile = await registerCustomer(t.app);
    await putProfile(withProfile, RI_PROFILE);
    const plain = await registerCustomer(t.app, { name: 'Rosa Ibáñez', dni: '28444555' });
    const written: (typeof invoices.$inferSelect)[] = [];
    for (const c of [withProfile, plain]) {
      const insurance = await contractInsurance(t.app, c.auth, coverage);
      await fundMoneyWallet(c, insurance.premium.total_cents);
      const pay = await t.app.inject({
        method: 'POST',
        url: '/api/v4/customers/payments',
        headers: { ...c.auth, ...idempotencyKey() },
        payload: { insurance_id: insurance.id, method: 'money_wallet' },
      });
      expect(pay.statusCode, pay.body).toBe(201);
      const rows = await t.database.db.select().from(invoices).where(eq(invoices.insuranceId, insurance.id));
      expect(rows.map((row) => [row.userId, row.kind])).toEqual([[await userIdOf(c), 'invoice']]);
      written.push(rows[0]!);
    }
    const [a, b] = written;
    expect([a!.letter, b!.letter]).toEqual(['A', 'B']);
    expect([
      a!.recipientName,
      a!.recipientDocumentNumber,
      a!.recipientTaxCondition,
      a!.recipientAddress,
    ]).toEqual([
      RI_PROFILE.name,
      '30500012346',
      'responsable_inscripto',
      `Av. Rivadavia 5000 · Caballito, ${province!.name} · CP C1424CES`,
    ]);
    expect([b!.recipientName, b!.recipientDocumentNumber, b!.recipientTaxCondition]).toEqual([
      'Rosa Ibáñez',
      '28444555',
      'consumidor_final',
    ]);
  });

  it('issues no invoice for a payment that was not collected', async () => {
    const c = await registerCustomer(t.app);
    const insurance = await contractInsurance(t.app, c.auth, coverage);
    const { checkout_url } = await startPayment(t.app, c.auth, insurance.id, 'sandbox');
    await t.app.inject({ method: 'POST', url: `${new URL(checkout_url).pathname}/reject` });
    expect((await invoicesOf(c)).meta.total).toBe(0);
  });

  it('issues a credit note referencing the invoice when a cancellation refunds the premium', async () => {
    const c = await registerCustomer(t.app);
    await putProfile(c, RI_PROFILE);
    // Paid before its start date: a cancellation refunds all of it.
    const insurance = await contractInsurance(t.app, c.auth, coverage, { startInDays: 10 });
    await payThroughSandbox(t.app, c.auth, insurance.id);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/v4/customers/insurances/${insurance.id}/cancel`,
      headers: c.auth,
      payload: { mode: 'now' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await authorizeInvoices(t);
    const notes = await invoicesOf(c, '?filter[kind][eq]=credit_note');
    expect(notes.meta.total).toBe(1);
    const [invoice] = (await invoicesOf(c, '?filter[kind][eq]=invoice')).data;
    expect(notes.data[0]).toMatchObject({
      kind: 'credit_note',
      letter: 'A',
      invoice_id: invoice!.id,
      total_cents: insurance.premium.total_cents,
    });
    const text = await pdfText(await get(`/invoices/${notes.data[0]!.id}/pdf`, c.auth));
    expect(text).toContain('Nota de crédito A');
    expect(text).toContain(invoice!.full_number);
  });

  it("answers 404 for another customer's invoice and its PDF", async () => {
    const owner = await registerCustomer(t.app);
    const other = await registerCustomer(t.app);
    const insurance = await contractInsurance(t.app, owner.auth, coverage);
    await payThroughSandbox(t.app, owner.auth, insurance.id);
    const [invoice] = (await invoicesOf(owner)).data;
    expect((await get(`/invoices/${invoice!.id}`, other.auth)).statusCode).toBe(404);
    const pdf = await get(`/invoices/${invoice!.id}/pdf`, other.auth);
    expect(pdf.statusCode).toBe(404);
    expect(pdf.json().message).toBe('La factura no existe.');
    expect((await invoicesOf(other)).meta.total).toBe(0);
  });

  it('filters, sorts and pages, and refuses unknown filters', async () => {
    const c = await registerCustomer(t.app);
    for (let i = 0; i < 3; i++) {
      const insurance = await contractInsurance(t.app, c.auth, coverage);
      await payThroughSandbox(t.app, c.auth, insurance.id);
    }
    await authorizeInvoices(t);
    const page = await invoicesOf(c, '?per_page=2&page=2&sort_by=id');
    expect(page.meta.total).toBe(3);
    expect(page.data).toHaveLength(1);
    const first = await invoicesOf(c, '?per_page=1&sort_by=id');
    expect(first.data[0]!.number).toBeLessThan(page.data[0]!.number);
    expect((await invoicesOf(c, '?filter[letter][eq]=A')).meta.total).toBe(0);
    expect((await get('/invoices?filter[user_id][eq]=1', c.auth)).statusCode).toBe(422);
  });

  it('refuses to change or delete an issued invoice (append-only), before and after its CAE', async () => {
    const c = await registerCustomer(t.app);
    const insurance = await contractInsurance(t.app, c.auth, coverage);
    await payThroughSandbox(t.app, c.auth, insurance.id);
    const [invoice] = (await invoicesOf(c)).data;
    const change = () =>
      t.database.db
        .update(invoices)
        .set({ totalCents: 1, netCents: 1, ivaCents: 0 })
        .where(eq(invoices.id, invoice!.id));
    await expect(change()).rejects.toThrow();
    await authorizeInvoices(t);
    await expect(change()).rejects.toThrow();
    await expect(
      t.database.db.update(invoices).set({ cae: '1' }).where(eq(invoices.id, invoice!.id)),
    ).rejects.toThrow();
    await expect(t.database.db.delete(invoices).where(eq(invoices.id, invoice!.id))).rejects.toThrow();
  });

  it("invoices a CSV import paid from Mi crédito once, a line per insurance, to the import's business", async () => {
    const c = await registerCustomer(t.app);
    const entity = await createBusiness(t.app, c.auth);
    const { coverageId } = await phoneCoverage(t.app);
    const file = phoneCsv(Array.from({ length: 30 }, (_, i) => phoneRow(71 + i)));
    const report = (await uploadImport(t.app, c.auth, { coverageId, entityId: entity.id, file })).json().data;
    await topUpCredit(t.app, c.auth, report.total_cents);
    const confirm = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/v4/customers/imports/${report.id}/confirm`,
        headers: c.auth,
      });
    expect((await confirm()).statusCode).toBe(200);
    expect((await confirm()).statusCode).toBe(200);
    await authorizeInvoices(t);

    const list = await invoicesOf(c);
    expect(list.meta.total).toBe(1);
    const detail = (await get(`/invoices/${list.data[0]!.id}`, c.auth)).json().data;
    expect(detail).toMatchObject({
      kind: 'invoice',
      import_id: report.id,
      insurance_id: null,
      total_cents: report.total_cents,
      recipient: { document_type: 'CUIT', document_number: '30712345671' },
    });
    expect(detail.lines).toHaveLength(30);
    // Thirty lines run on to a second page, every insurance on it.
    const pdf = await get(`/invoices/${detail.id}/pdf`, c.auth);
    const document = await getDocumentProxy(new Uint8Array(pdf.rawPayload));
    expect(document.numPages).toBeGreaterThan(1);
    const { text } = await extractText(document, { mergePages: true });
    expect(text).toContain(`Importación ${report.id}`);
    const numbers = (await get('/insurances?per_page=50', c.auth)).json().data as Array<{ number: string }>;
    expect(numbers).toHaveLength(30);
    for (const { number } of numbers) expect(text).toContain(number);

    // Cancelling one of them refunds it with a credit note against the import's invoice.
    const insurances = (await get('/insurances', c.auth)).json().data as Array<{ id: number }>;
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/v4/customers/insurances/${insurances[0]!.id}/cancel`,
      headers: c.auth,
      payload: { mode: 'now' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await authorizeInvoices(t);
    const notes = await invoicesOf(c, '?filter[kind][eq]=credit_note');
    expect(notes.data.map((n) => n.invoice_id)).toEqual([detail.id]);
    expect(notes.data[0]!.arca_status).toBe('autorizada');
    expect(notes.data[0]!.total_cents).toBeLessThanOrEqual(detail.lines[0].total_cents);
  });

  it("numbers concurrent payments 1..N per letter with no gaps or repeats (ARCA's numbers)", async () => {
    const N = 12;
    const c = await registerCustomer(t.app);
    await authorizeInvoices(t);
    const letterB = and(eq(invoices.kind, 'invoice'), eq(invoices.letter, 'B'));
    const [before] = await t.database.db
      .select({ n: max(invoices.number) })
      .from(invoices)
      .where(letterB);
    const start = before?.n ?? 0;
    const pending = [];
    for (let i = 0; i < N; i++) {
      const insurance = await contractInsurance(t.app, c.auth, coverage);
      pending.push(await startPayment(t.app, c.auth, insurance.id, 'sandbox'));
    }
    // Every approval at once: each confirms its payment and takes a number in its own transaction.
    const results = await Promise.all(
      pending.map(({ checkout_url }) =>
        t.app.inject({ method: 'POST', url: `${new URL(checkout_url).pathname}/approve` }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(N).fill(303));
    await authorizeInvoices(t);
    const all = await t.database.db
      .select({ number: invoices.number })
      .from(invoices)
      .where(letterB)
      .orderBy(asc(invoices.number));
    const numbers = all.map((r) => r.number);
    expect(numbers).toEqual(Array.from({ length: start + N }, (_, i) => i + 1));
    expect((await invoicesOf(c, '?per_page=50')).meta.total).toBe(N);
  });
});
