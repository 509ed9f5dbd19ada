import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerCustomer, type TestApp } from '../../../test/harness.ts';
import {
  createBusiness,
  imei,
  PHONE_HEADER,
  phoneCoverage,
  phoneCsv,
  phoneRow,
  topUpCredit,
  uploadImport,
} from '../../../test/imports.ts';
import { seedDemoCatalog } from '../../db/seed.ts';

let t: TestApp;
let coverageId: number;
let policyName: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoCatalog(t.database.db, t.app.deps.storage);
  ({ coverageId, policyName } = await phoneCoverage(t.app));
});
afterAll(async () => t.close());

type Auth = Record<string, string>;
const get = (auth: Auth, url: string) =>
  t.app.inject({ method: 'GET', url: `/api/v4/customers${url}`, headers: auth });
const post = (auth: Auth, url: string) =>
  t.app.inject({ method: 'POST', url: `/api/v4/customers${url}`, headers: auth });

async function business() {
  const c = await registerCustomer(t.app);
  const entity = await createBusiness(t.app, c.auth);
  return { ...c, entityId: entity.id };
}

describe('the sample CSV', () => {
  it('is named after the policy, has the columns of a cell phone and one example row that passes', async () => {
    const c = await business();
    const res = await get(c.auth, `/imports/sample?coverage_id=${coverageId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('celular-protegido.csv');
    expect(policyName).toBe('Celular Protegido');
    const lines = res.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe(PHONE_HEADER);

    // The example itself is a valid import of one phone.
    const upload = await uploadImport(t.app, c.auth, {
      coverageId,
      entityId: c.entityId,
      file: res.rawPayload,
    });
    expect(upload.statusCode).toBe(201);
    expect(upload.json().data).toMatchObject({ row_count: 1, valid_count: 1, invalid_count: 0 });
  });

  it('needs a signed-in customer', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v4/customers/imports/sample?coverage_id=${coverageId}`,
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('uploading a CSV', () => {
  it('reports every row: the single-contract rules, duplicates in the file and against insurances in force', async () => {
    const c = await business();
    const file = phoneCsv([
      phoneRow(1),
      phoneRow(2, { imei: '123456789012345' }), // fails Luhn
      phoneRow(3, { amount: '50.000,00' }), // below the coverage's minimum insured amount
      phoneRow(4, { imei: imei(1) }), // the phone of row 2 again
      phoneRow(5, { brand: '' }),
    ]);
    const res = await uploadImport(t.app, c.auth, { coverageId, entityId: c.entityId, file });
    // Some rows valid, others not: 207 Multi-Status, its status in the body too (spec §7).
    expect(res.statusCode).toBe(207);
    expect(res.json().status).toBe(207);
    const report = res.json().data.import;
    expect(report).toMatchObject({ row_count: 5, valid_count: 1, invalid_count: 4, status: 'validated' });
    // The same file again is the same import, partly valid still.
    const retry = await uploadImport(t.app, c.auth, { coverageId, entityId: c.entityId, file });
    expect(retry.statusCode).toBe(207);
    expect(retry.json().data.import.id).toBe(report.id);

    const rows = (await get(c.auth, `/imports/${report.id}/rows?per_page=50`)).json().data;
    const byRow = Object.fromEntries(
      rows.map((r: { row_number: number; errors: string[] }) => [r.row_number, r]),
    );
    expect(byRow[2].status).toBe('valid');
    expect(byRow[3].errors[0]).toMatch(/^imei: El IMEI debe tener 15 números/);
    expect(byRow[4].errors[0]).toMatch(/^valor_del_equipo: /);
    expect(byRow[5].errors).toEqual(['Repetido en el archivo: es el mismo que la fila 2.']);
    expect(byRow[6].errors).toEqual(['marca: Completá este dato.']);

    const invalid = (await get(c.auth, `/imports/${report.id}/rows?filter[status][eq]=invalid`)).json();
    expect(invalid.meta.total).toBe(4);

    // Issue the phone of row 2; another business importing it again finds it insured.
    await topUpCredit(t.app, c.auth, 50_000_00);
    expect((await post(c.auth, `/imports/${report.id}/confirm`)).statusCode).toBe(200);
    const other = await business();
    const again = await uploadImport(t.app, other.auth, {
      coverageId,
      entityId: other.entityId,
      file: phoneCsv([phoneRow(1)]),
    });
    // Every row failing is not a partial success: the import, as any other.
    expect(again.statusCode).toBe(201);
    const againRows = (await get(other.auth, `/imports/${again.json().data.id}/rows`)).json().data;
    expect(againRows[0].errors).toEqual([`Ya hay un seguro vigente o pendiente para ${imei(1)}.`]);
  });

  it('reads Windows-1252 with commas and quoted fields, and UTF-8 with a BOM', async () => {
    const c = await business();
    const header = PHONE_HEADER.replaceAll(';', ',');
    const row = phoneRow(7, { brand: 'Ñandú "Plus"', amount: '300000' }).split(';');
    row[0] = '"Ñandú ""Plus"""';
    row[1] = '"Moto, edición 7"';
    const latin1 = Buffer.from(`${header}\r\n${row.join(',')}\r\n`, 'latin1');
    const res = await uploadImport(t.app, c.auth, {
      coverageId,
      entityId: c.entityId,
      file: latin1,
      contentType: 'application/vnd.ms-excel',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ valid_count: 1, invalid_count: 0 });

    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), phoneCsv([phoneRow(8)])]);
    const res2 = await uploadImport(t.app, c.auth, { coverageId, entityId: c.entityId, file: bom });
    expect(res2.json().data).toMatchObject({ valid_count: 1 });
  });

  it('refuses files it cannot read, with a clear message, storing nothing', async () => {
    const c = await business();
    const send = (file: Buffer) => uploadImport(t.app, c.auth, { coverageId, entityId: c.entityId, file });

    const empty = await send(Buffer.alloc(0));
    expect(empty.statusCode).toBe(422);
    expect(empty.json().validations.file).toEqual(['El archivo está vacío.']);

    const png = await send(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]));
    expect(png.statusCode).toBe(422);
    expect(png.json().message).toBe('El archivo no es un CSV.');

    const utf16 = await send(Buffer.from(`\ufeff${PHONE_HEADER}\r\n${phoneRow(1)}`, 'utf16le'));
    expect(utf16.json().message).toBe('El archivo no es un CSV.');

    const columns = await send(phoneCsv([phoneRow(1)], 'marca;modelo;imei'));
    expect(columns.statusCode).toBe(422);
    expect(columns.json().validations.file[0]).toBe(
      'Faltan las columnas: valor_del_equipo, fecha_inicio, fecha_fin. Descargá el CSV de ejemplo.',
    );

    const headerOnly = await send(phoneCsv([]));
    expect(headerOnly.json().validations.file).toEqual([
      'El archivo no tiene filas con datos debajo de los títulos.',
    ]);

    const formula = await send(phoneCsv([phoneRow(1), phoneRow(2, { brand: '=HYPERLINK("http://x","y")' })]));
    expect(formula.statusCode).toBe(422);
    expect(formula.json().validations.file[0]).toMatch(/^La fila 3 \(columna marca\) tiene una fórmula/);

    const tooLarge = await send(Buffer.alloc(10 * 1024 * 1024 + 1, 'a'));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().message).toBe('El archivo supera los 10 MB.');

    const rows = Array.from({ length: 20_001 }, (_, i) => phoneRow(i + 1));
    const tooLong = await send(phoneCsv(rows));
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().validations.file).toEqual([
      'El archivo tiene más de 20.000 filas. Dividilo en partes.',
    ]);

    const list = (await get(c.auth, '/imports')).json();
    expect(list.meta.total).toBe(0);
  });

  it('takes phones without a serial number: the cell left empty or the column left out (the IMEI identifies them)', async () => {
    const c = await business();
    const emptyCell = await uploadImport(t.app, c.auth, {
      coverageId,
      entityId: c.entityId,
      file: phoneCsv([phoneRow(41, { sn: '' }), phoneRow(42, { sn: '   ' })]),
    });
    expect(emptyCell.statusCode).toBe(201);
    expect(emptyCell.json().data).toMatchObject({ row_count: 2, valid_count: 2, invalid_count: 0 });
    const rows = (await get(c.auth, `/imports/${emptyCell.json().data.id}/rows`)).json().data;
    expect(rows.map((r: { status: string; errors: string[] }) => [r.status, r.errors])).toEqual([
      ['valid', []],
      ['valid', []],
    ]);

    const header = 'marca;modelo;imei;valor_del_equipo;fecha_inicio;fecha_fin';
    const row = phoneRow(43).split(';').toSpliced(3, 1).join(';');
    const noColumn = await uploadImport(t.app, c.auth, {
      coverageId,
      entityId: c.entityId,
      file: phoneCsv([row], header),
    });
    expect(noColumn.statusCode).toBe(201);
    expect(noColumn.json().data).toMatchObject({ row_count: 1, valid_count: 1 });
  });

  it('is idempotent: the same file for the same coverage and entity is the same import', async () => {
    const c = await business();
    const file = phoneCsv([phoneRow(11), phoneRow(12)]);
    const first = await uploadImport(t.app, c.auth, { coverageId, entityId: c.entityId, file });
    const second = await uploadImport(t.app, c.auth, { coverageId, entityId: c.entityId, file });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(200);
    expect(second.json().data.id).toBe(first.json().data.id);
  });

  it('only for an entity the caller acts for, and a linked, importable coverage', async () => {
    const owner = await business();
    const stranger = await registerCustomer(t.app);
    const file = phoneCsv([phoneRow(21)]);
    const res = await uploadImport(t.app, stranger.auth, { coverageId, entityId: owner.entityId, file });
    expect(res.statusCode).toBe(404);
    const coverage = await uploadImport(t.app, owner.auth, {
      coverageId: 99_999,
      entityId: owner.entityId,
      file,
    });
    expect(coverage.statusCode).toBe(404);
  });
});

describe('confirming an import', () => {
  it('refuses with the amount missing, then issues the valid rows paid from Mi crédito, once', async () => {
    const c = await business();
    const file = phoneCsv([
      phoneRow(31),
      phoneRow(32),
      phoneRow(33),
      phoneRow(34, { imei: '1' }),
      phoneRow(35, { amount: 'mucho' }),
    ]);
    const report = (await uploadImport(t.app, c.auth, { coverageId, entityId: c.entityId, file })).json().data
      .import;
    expect(report).toMatchObject({ valid_count: 3, invalid_count: 2 });
    const total = report.total_cents as number;
    expect(total).toBeGreaterThan(0);

    await topUpCredit(t.app, c.auth, 100_00);
    const short = await post(c.auth, `/imports/${report.id}/confirm`);
    expect(short.statusCode).toBe(409);
    expect(short.json().error_code).toBe('insufficient_funds');
    const missing = new Intl.NumberFormat('es-AR', { style: 'currency', currency: 'ARS' }).format(
      (total - 100_00) / 100,
    );
    expect(short.json().message).toBe(`Saldo insuficiente: te faltan ${missing}.`);
    expect((await get(c.auth, '/insurances')).json().data).toHaveLength(0);

    await topUpCredit(t.app, c.auth, total);
    const issued = await post(c.auth, `/imports/${report.id}/confirm`);
    expect(issued.statusCode).toBe(200);
    expect(issued.json().data).toMatchObject({ status: 'issued' });

    // Confirming again (a retry) issues nothing more.
    expect((await post(c.auth, `/imports/${report.id}/confirm`)).statusCode).toBe(200);

    const wallet = (await get(c.auth, '/credit-wallet')).json().data;
    expect(wallet.balance_cents).toBe(100_00);
    const movements = (await get(c.auth, `/credit-wallet/${wallet.id}/wallet-movements`)).json().data;
    expect(movements[0]).toMatchObject({
      kind: 'import_payment',
      amount_cents: -total,
      description: `Importación ${report.id}: 3 seguros`,
    });
    expect(movements.filter((m: { kind: string }) => m.kind === 'import_payment')).toHaveLength(1);

    const rows = (await get(c.auth, `/imports/${report.id}/rows?filter[status][eq]=issued`)).json().data;
    expect(rows.map((r: { row_number: number }) => r.row_number)).toEqual([2, 3, 4]);
    const insurance = (await get(c.auth, `/insurances/${rows[0].insurance_id}`)).json().data;
    // Starts tomorrow: paid, waiting for its first day, like a paid single contract.
    expect(insurance).toMatchObject({ number: rows[0].insurance_number, status: 'pendiente' });
    expect(insurance.paid_at).not.toBeNull();
    expect(insurance.status_label).toBe('Pagada, aún no comenzó');

    const result = await get(c.auth, `/imports/${report.id}/result`);
    expect(result.headers['content-disposition']).toContain(`importacion-${report.id}-resultado.csv`);
    const lines = result.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('fila;estado;identificacion;numero_de_seguro;premio;errores');
    expect(lines[1]).toContain(`;Emitida;${imei(31)};${rows[0].insurance_number};`);
    expect(lines[4]).toMatch(/^5;Con errores;;;;imei: /);
  });

  it('two confirmations at once issue the import once and debit once (row lock; PostgreSQL in test:pg)', async () => {
    const c = await business();
    const file = phoneCsv([phoneRow(71), phoneRow(72)]);
    const report = (await uploadImport(t.app, c.auth, { coverageId, entityId: c.entityId, file })).json()
      .data;
    await topUpCredit(t.app, c.auth, report.total_cents * 3);
    const answers = await Promise.all([
      post(c.auth, `/imports/${report.id}/confirm`),
      post(c.auth, `/imports/${report.id}/confirm`),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const wallet = (await get(c.auth, '/credit-wallet')).json().data;
    expect(wallet.balance_cents).toBe(report.total_cents * 2);
    expect((await get(c.auth, '/insurances')).json().data).toHaveLength(2);
  });

  it("another business's import, report and result do not exist for the caller", async () => {
    const owner = await business();
    const file = phoneCsv([phoneRow(51)]);
    const report = (
      await uploadImport(t.app, owner.auth, { coverageId, entityId: owner.entityId, file })
    ).json().data;
    const other = await business();
    for (const url of [
      `/imports/${report.id}`,
      `/imports/${report.id}/rows`,
      `/imports/${report.id}/result`,
    ]) {
      expect((await get(other.auth, url)).statusCode).toBe(404);
    }
    expect((await post(other.auth, `/imports/${report.id}/confirm`)).statusCode).toBe(404);
    expect((await get(other.auth, '/imports')).json().meta.total).toBe(0);
  });
});
