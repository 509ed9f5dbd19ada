/**
 * Bulk insurance imports ('Mis importaciones de seguros'): a CSV of insured objects or people under one
 * coverage, for one entity the caller acts for. Uploading checks every row with the single-contract
 * flow's rules (packages/contracts imports.ts → the flow's schemas and pricing), plus duplicates inside
 * the file and against insurances in force; confirming issues the valid rows as insurances paid from the
 * caller's credit wallet, all or nothing, in one transaction. The same file for the same coverage and
 * entity is the same import, so neither uploading nor confirming twice issues twice.
 */
import { createHash } from 'node:crypto';
import {
  addDays,
  formatArs,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  type Import,
  type ImportRow,
  type ImportRowAnswers,
  importColumns,
  importRowChecker,
  normalizeHeader,
  PricingError,
  policyFilename,
  type RiskTypeCode,
  sampleRows,
  todayInArgentina,
} from '@cubierto/contracts';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, rowsOf } from '../../db/client.ts';
import {
  coverages,
  entities,
  importRows,
  imports,
  insuranceRisks,
  insurances,
  policies,
  userEntities,
} from '../../db/schema/index.ts';
import { AppError, validationError } from '../../lib/errors.ts';
import { newToken } from '../../lib/tokens.ts';
import { entityRoleOf } from '../business/service.ts';
import { type CoverageContext, loadCoverage, priceAnswers } from '../insurances/process-service.ts';
import { markInsurancesPaid } from '../insurances/status.ts';
import { recordCollectedImport } from '../invoices/after-payment.ts';
import { notify } from '../notifications/notify.ts';
import { postMovement } from '../wallets/service.ts';
import { decodeCsv, fileError, looksLikeFormula, parseCsv, writeCsv } from './csv.ts';

/** Rows per INSERT: well under PostgreSQL's 65,535 bind parameters for the widest table. */
const CHUNK = 1000;

type ImportRowRecord = typeof importRows.$inferSelect;
type ImportRecord = typeof imports.$inferSelect;

function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** A coverage that can be imported: linked to the application, active, contracted in Cubierto. */
async function importableCoverage(db: DbOrTx, coverageId: number, applicationId: number) {
  const ctx = await loadCoverage(db, coverageId, applicationId);
  if (ctx.policy.externalUrl) {
    throw new AppError('policy_contracted_externally', {
      message: 'Este producto se contrata en el sitio de la aseguradora: no se puede importar.',
    });
  }
  return ctx;
}

/** The sample CSV of a coverage's risk type: its columns and one example row, named after the policy. */
export async function importSample(
  deps: { db: DbOrTx },
  input: { coverageId: number; applicationId: number; now?: Date },
): Promise<{ filename: string; csv: string }> {
  const { db } = deps;
  const ctx = await importableCoverage(db, input.coverageId, input.applicationId);
  return {
    filename: policyFilename(ctx.policy.name, 'csv'),
    csv: writeCsv(sampleRows(ctx.code, todayInArgentina(input.now))),
  };
}

type CheckedRow = {
  rowNumber: number;
  status: 'valid' | 'invalid';
  answers: ImportRowAnswers | null;
  identifier: string | null;
  errors: string[];
  premium: { net: number; surcharges: number; taxes: number; total: number } | null;
};

/** Identifiers already insured (pendiente or vigente) under a risk type: the duplicates outside the file. */
async function insuredIdentifiers(db: DbOrTx, code: string, identifiers: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (const part of chunks([...new Set(identifiers)])) {
    const rows = await db
      .select({ identifier: insuranceRisks.identifier })
      .from(insuranceRisks)
      .innerJoin(insurances, eq(insurances.id, insuranceRisks.insuranceId))
      .where(
        and(
          eq(insuranceRisks.kind, code),
          inArray(insuranceRisks.identifier, part),
          inArray(insurances.status, ['pendiente', 'vigente']),
        ),
      );
    for (const r of rows) if (r.identifier) found.add(r.identifier);
  }
  return found;
}

/** Reads the file and checks every row; throws for a file that cannot be read at all (nothing stored). */
export function checkImportFile(
  ctx: Pick<CoverageContext, 'coverage' | 'code'>,
  bytes: Buffer,
  now = new Date(),
): CheckedRow[] {
  if (bytes.length === 0) throw fileError('El archivo está vacío.');
  if (bytes.length > IMPORT_MAX_BYTES) throw fileError('El archivo supera los 10 MB.', 'payload_too_large');
  const { text } = decodeCsv(bytes);
  const { rows } = parseCsv(text, { maxRows: IMPORT_MAX_ROWS });
  const [header, ...data] = rows;
  if (!header) throw fileError('El archivo está vacío.');
  const headers = header.cells.map(normalizeHeader);
  const columns = importColumns(ctx.code);
  const missing = columns.filter((c) => c.required && !headers.includes(c.header)).map((c) => c.header);
  if (missing.length) {
    throw validationError(
      { file: [`Faltan las columnas: ${missing.join(', ')}. Descargá el CSV de ejemplo.`] },
      'Al archivo le faltan columnas.',
    );
  }
  if (!data.length) throw fileError('El archivo no tiene filas con datos debajo de los títulos.');
  for (const row of data) {
    const at = row.cells.findIndex(looksLikeFormula);
    if (at !== -1) {
      const name = headers[at] ?? `${at + 1}`;
      throw validationError(
        {
          file: [
            `La fila ${row.line} (columna ${name}) tiene una fórmula. Guardá el archivo con valores, sin fórmulas.`,
          ],
        },
        'El archivo tiene fórmulas.',
      );
    }
  }

  const check = importRowChecker(ctx.code, todayInArgentina(now), now);
  const seen = new Map<string, number>();
  return data.map((row): CheckedRow => {
    const cells: Record<string, string> = {};
    headers.forEach((h, i) => {
      cells[h] = row.cells[i] ?? '';
    });
    const checked = check(cells);
    if (!checked.ok)
      return {
        rowNumber: row.line,
        status: 'invalid',
        answers: null,
        identifier: null,
        errors: checked.errors,
        premium: null,
      };
    const errors: string[] = [];
    let premium: CheckedRow['premium'] = null;
    try {
      const p = priceAnswers(ctx, checked.answers as Record<string, Record<string, unknown>>);
      premium = {
        net: p.net_cents,
        surcharges: p.surcharges_cents,
        taxes: p.taxes_cents,
        total: p.total_cents,
      };
    } catch (error) {
      if (!(error instanceof PricingError)) throw error;
      const column = columns.find((c) => c.path === `risk.${error.field}`)?.header ?? error.field;
      errors.push(`${column}: ${error.message}`);
    }
    if (checked.identifier) {
      const first = seen.get(checked.identifier);
      if (first !== undefined) errors.push(`Repetido en el archivo: es el mismo que la fila ${first}.`);
      else seen.set(checked.identifier, row.line);
    }
    return {
      rowNumber: row.line,
      status: errors.length ? 'invalid' : 'valid',
      answers: checked.answers,
      identifier: checked.identifier,
      errors,
      premium,
    };
  });
}

function duplicateMessage(identifier: string) {
  return `Ya hay un seguro vigente o pendiente para ${identifier}.`;
}

/**
 * Uploads a CSV: checks it and stores the import with its report. Answers the import and whether it was
 * created now (false: the same file was already uploaded for this coverage and entity).
 */
export async function createImport(
  deps: { db: Db },
  input: {
    userId: number;
    entityId: number;
    coverageId: number;
    fileName: string;
    bytes: Buffer;
    applicationId: number;
    now?: Date;
  },
): Promise<{ import: Import; created: boolean }> {
  const { db } = deps;
  await entityRoleOf(db, input.userId, input.entityId);
  const ctx = await importableCoverage(db, input.coverageId, input.applicationId);
  const hash = createHash('sha256').update(`${input.coverageId}:`).update(input.bytes).digest('hex');
  const existing = await findByHash(db, input.entityId, hash);
  if (existing) return { import: await importOut(db, existing), created: false };

  const rows = checkImportFile(ctx, input.bytes, input.now);
  const insured = await insuredIdentifiers(
    db,
    ctx.code,
    rows.flatMap((r) => (r.identifier ? [r.identifier] : [])),
  );
  for (const row of rows) {
    if (row.identifier && insured.has(row.identifier)) {
      row.errors.push(duplicateMessage(row.identifier));
      row.status = 'invalid';
    }
  }
  const valid = rows.filter((r) => r.status === 'valid');
  try {
    const record = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(imports)
        .values({
          userId: input.userId,
          entityId: input.entityId,
          coverageId: ctx.coverage.id,
          policyId: ctx.policy.id,
          riskType: ctx.code,
          fileName: input.fileName,
          contentHash: hash,
          rowCount: rows.length,
          validCount: valid.length,
          invalidCount: rows.length - valid.length,
          totalCents: valid.reduce((sum, r) => sum + (r.premium?.total ?? 0), 0),
        })
        .returning();
      // One JSON parameter per chunk: building ten thousand bound rows through the query builder costs
      // more than the database's own work.
      for (const part of chunks(rows, 5000)) {
        const json = JSON.stringify(
          part.map((r) => ({
            row_number: r.rowNumber,
            status: r.status,
            answers: r.status === 'valid' ? r.answers : null,
            identifier: r.identifier,
            errors: r.errors,
            net_cents: r.premium?.net ?? null,
            surcharges_cents: r.premium?.surcharges ?? null,
            taxes_cents: r.premium?.taxes ?? null,
            total_cents: r.premium?.total ?? null,
          })),
        );
        await tx.execute(sql`
          insert into import_rows (import_id, row_number, status, answers, identifier, errors, net_cents,
            surcharges_cents, taxes_cents, total_cents)
          select ${created!.id}, x.row_number, x.status, x.answers, x.identifier, x.errors, x.net_cents,
            x.surcharges_cents, x.taxes_cents, x.total_cents
          from jsonb_to_recordset(${json}::jsonb) as x(row_number int, status text, answers jsonb,
            identifier text, errors jsonb, net_cents int, surcharges_cents int, taxes_cents int, total_cents int)`);
      }
      return created!;
    });
    return { import: await importOut(db, record), created: true };
  } catch (error) {
    // The same file raced in twice: the second answers with the first one's import.
    const again = await findByHash(db, input.entityId, hash);
    if (again) return { import: await importOut(db, again), created: false };
    throw error;
  }
}

async function findByHash(db: DbOrTx, entityId: number, hash: string) {
  const [row] = await db
    .select()
    .from(imports)
    .where(and(eq(imports.entityId, entityId), eq(imports.contentHash, hash)));
  return row ?? null;
}

async function importOut(db: DbOrTx, row: ImportRecord): Promise<Import> {
  const [names] = await db
    .select({ entity: entities.name, policy: policies.name, coverage: coverages.publicName })
    .from(imports)
    .innerJoin(entities, eq(entities.id, imports.entityId))
    .innerJoin(policies, eq(policies.id, imports.policyId))
    .innerJoin(coverages, eq(coverages.id, imports.coverageId))
    .where(eq(imports.id, row.id));
  return {
    id: row.id,
    status: row.status,
    file_name: row.fileName,
    entity: { id: row.entityId, name: names!.entity },
    policy: { id: row.policyId, name: names!.policy },
    coverage: { id: row.coverageId, public_name: names!.coverage },
    risk_type: row.riskType,
    row_count: row.rowCount,
    valid_count: row.validCount,
    invalid_count: row.invalidCount,
    total_cents: row.totalCents,
    total_nice: formatArs(row.totalCents),
    issued_at: row.issuedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** The import if the caller acts for its entity; 404 otherwise (another business's import). */
async function ownImport(db: DbOrTx, userId: number, importId: number, lock = false): Promise<ImportRecord> {
  const query = db
    .select({ import: imports })
    .from(imports)
    .innerJoin(
      userEntities,
      and(eq(userEntities.entityId, imports.entityId), eq(userEntities.userId, userId)),
    )
    .where(eq(imports.id, importId));
  const [row] = lock ? await query.for('update', { of: imports }) : await query;
  if (!row) throw new AppError('not_found', { message: 'La importación no existe.' });
  return row.import;
}

export async function findImport(
  deps: { db: DbOrTx },
  input: { userId: number; importId: number },
): Promise<Import> {
  return importOut(deps.db, await ownImport(deps.db, input.userId, input.importId));
}

/** The imports of every entity the caller acts for, newest first. */
export async function listImports(
  deps: { db: DbOrTx },
  { userId, ...page }: { userId: number; limit: number; offset: number },
) {
  const { db } = deps;
  const mine = eq(userEntities.userId, userId);
  const [rows, [total]] = await Promise.all([
    db
      .select({ import: imports })
      .from(imports)
      .innerJoin(userEntities, and(eq(userEntities.entityId, imports.entityId), mine))
      .orderBy(desc(imports.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: count() })
      .from(imports)
      .innerJoin(userEntities, and(eq(userEntities.entityId, imports.entityId), mine)),
  ]);
  const out: Import[] = [];
  for (const r of rows) out.push(await importOut(db, r.import));
  return { rows: out, total: total?.n ?? 0 };
}

function rowOut(row: ImportRowRecord, insuranceNumber: string | null): ImportRow {
  return {
    row_number: row.rowNumber,
    status: row.status,
    identifier: row.identifier,
    errors: row.errors,
    total_cents: row.totalCents,
    total_nice: row.totalCents === null ? null : formatArs(row.totalCents),
    insurance_id: row.insuranceId,
    insurance_number: insuranceNumber,
  };
}

async function rowsWithNumbers(
  db: DbOrTx,
  importId: number,
  page: { where?: SQL | undefined; limit?: number; offset?: number },
) {
  let query = db
    .select({ row: importRows, number: insurances.number })
    .from(importRows)
    .leftJoin(insurances, eq(insurances.id, importRows.insuranceId))
    .where(and(eq(importRows.importId, importId), page.where))
    .orderBy(asc(importRows.rowNumber))
    .$dynamic();
  if (page.limit !== undefined) query = query.limit(page.limit).offset(page.offset ?? 0);
  return (await query).map((r) => rowOut(r.row, r.number));
}

/** A page of an import's report, optionally one status (`filter[status][eq]=invalid`). */
export async function listImportRows(
  deps: { db: DbOrTx },
  input: { userId: number; importId: number; where?: SQL | undefined; limit: number; offset: number },
) {
  const { db } = deps;
  const record = await ownImport(db, input.userId, input.importId);
  const [rows, [total]] = await Promise.all([
    rowsWithNumbers(db, record.id, input),
    db
      .select({ n: count() })
      .from(importRows)
      .where(and(eq(importRows.importId, record.id), input.where)),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/**
 * Issues the valid rows as insurances paid from the caller's credit wallet, in one transaction: the
 * debit (refused with the amount missing when the balance is short), the insurances and their risks, in
 * force from their start day as a paid single contract is. Confirming an issued import answers it again.
 */
export async function confirmImport(
  deps: { db: Db },
  input: { userId: number; importId: number; now?: Date },
): Promise<Import> {
  const { db } = deps;
  const now = input.now ?? new Date();
  const record = await db.transaction(async (tx) => {
    const row = await ownImport(tx, input.userId, input.importId, true);
    if (row.status === 'issued') return row;
    if (row.validCount === 0)
      throw new AppError('import_not_ready', {
        message: 'La importación no tiene filas válidas para emitir.',
      });
    const valid = await tx
      .select()
      .from(importRows)
      .where(and(eq(importRows.importId, row.id), eq(importRows.status, 'valid')))
      .orderBy(asc(importRows.rowNumber));
    const today = todayInArgentina(now);
    const late = valid.filter((r) => {
      const dates = (r.answers as ImportRowAnswers | null)?.dates;
      return dates && dates.start_date < today;
    });
    if (late.length) {
      throw new AppError('start_date_passed', {
        message: `La fecha de inicio ya pasó en las filas ${late.map((r) => r.rowNumber).join(', ')}. Corregilas y subí el archivo de nuevo.`,
      });
    }
    // Insured meanwhile by another import or contract: the report no longer holds.
    const insured = await insuredIdentifiers(
      tx,
      row.riskType,
      valid.flatMap((r) => (r.identifier ? [r.identifier] : [])),
    );
    const taken = valid.filter((r) => r.identifier && insured.has(r.identifier));
    if (taken.length) {
      throw new AppError('import_rows_insured', {
        message: `Las filas ${taken.map((r) => r.rowNumber).join(', ')} ya tienen un seguro vigente o pendiente. Subí el archivo sin ellas.`,
      });
    }
    const movement = await postMovement(tx, {
      userId: input.userId,
      kind: 'credit',
      amountCents: -row.totalCents,
      movement: 'import_payment',
      description: `Importación ${row.id}: ${row.validCount} ${row.validCount === 1 ? 'seguro' : 'seguros'}`,
    });

    const year = today.slice(0, 4);
    const code = row.riskType as RiskTypeCode;
    const issuedIds: number[] = [];
    // The insurances, their risks and the rows' link to them, one statement per chunk with one JSON
    // parameter (see createImport).
    for (const part of chunks(valid, 5000)) {
      const json = JSON.stringify(
        part.map((r) => {
          const answers = r.answers as ImportRowAnswers;
          return {
            row_id: r.id,
            number: `CUB-${year}-I${String(row.id).padStart(6, '0')}-${String(r.rowNumber).padStart(5, '0')}`,
            starts_on: answers.dates?.start_date ?? today,
            ends_on: answers.dates?.end_date ?? addDays(today, 30),
            net_cents: r.netCents,
            surcharges_cents: r.surchargesCents,
            taxes_cents: r.taxesCents,
            total_cents: r.totalCents,
            verification_code: newToken(12),
            risk: answers.risk,
            identifier: r.identifier,
          };
        }),
      );
      const created = await tx.execute<{ id: number }>(sql`
        with src as (
          select * from jsonb_to_recordset(${json}::jsonb) as x(row_id int, number text, starts_on date,
            ends_on date, net_cents int, surcharges_cents int, taxes_cents int, total_cents int,
            verification_code text, risk jsonb, identifier text)
        ), issued as (
          insert into insurances (number, user_id, coverage_id, policy_id, taker_entity_id, billing_entity_id,
            starts_on, ends_on, net_cents, surcharges_cents, taxes_cents, total_cents, status, verification_code)
          select number, ${input.userId}, ${row.coverageId}, ${row.policyId}, ${row.entityId}, ${row.entityId},
            starts_on, ends_on, net_cents, surcharges_cents, taxes_cents, total_cents, 'pendiente',
            verification_code
          from src
          returning id, number
        ), risks as (
          insert into insurance_risks (insurance_id, kind, data, photo_file_ids, identifier)
          select issued.id, ${code}, src.risk, '[]'::jsonb, src.identifier from issued join src using (number)
        ), linked as (
          update import_rows set status = 'issued', insurance_id = issued.id
          from issued join src using (number) where import_rows.id = src.row_id
        )
        select id from issued`);
      issuedIds.push(...rowsOf<{ id: number }>(created).map((c) => Number(c.id)));
    }
    for (const part of chunks(issuedIds)) await markInsurancesPaid(tx, part, now);
    await recordCollectedImport(
      tx,
      { userId: input.userId, importId: row.id, billingEntityId: row.entityId, insuranceIds: issuedIds },
      now,
    );
    const [issued] = await tx
      .update(imports)
      .set({ status: 'issued', issuedAt: now, movementId: movement.id })
      .where(eq(imports.id, row.id))
      .returning();
    await notify(tx, {
      userId: input.userId,
      title: 'Importación emitida',
      body: `Emitimos ${row.validCount} ${row.validCount === 1 ? 'seguro' : 'seguros'} de tu importación ${row.fileName}, pagados con Mi crédito.`,
      action: { type: 'WalletMovement', walletId: movement.walletId, walletMovementId: movement.id },
      key: `import:${row.id}:issued`,
    });
    return issued!;
  });
  return importOut(db, record);
}

/** The report as a CSV: each row's line, status, insurance number or errors; formula-safe. */
export async function importResultCsv(deps: { db: DbOrTx }, input: { userId: number; importId: number }) {
  const { db } = deps;
  const record = await ownImport(db, input.userId, input.importId);
  const rows = await rowsWithNumbers(db, record.id, {});
  const label = { valid: 'Válida', invalid: 'Con errores', issued: 'Emitida' } as const;
  const csv = writeCsv([
    ['fila', 'estado', 'identificacion', 'numero_de_seguro', 'premio', 'errores'],
    ...rows.map((r) => [
      r.row_number,
      label[r.status],
      r.identifier,
      r.insurance_number,
      r.total_nice,
      r.errors.join(' | '),
    ]),
  ]);
  return { filename: `importacion-${record.id}-resultado.csv`, csv };
}
