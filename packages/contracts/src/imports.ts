/**
 * Bulk insurance imports ('Mis importaciones de seguros'): the CSV columns each risk type needs, how a
 * row's cells become the answers of the single-contract flow, and the row check — which is that flow's
 * own schemas (riskAnswersSchema, datesSchema), so an import and a single contract follow one rule set.
 * Photos are not asked in a CSV: the business answers for the objects it covers (decision 012).
 */
import { z } from 'zod';
import { asksForDates, datesSchemaFor, riskAnswersSchema } from './insurance.ts';
import type { GENDERS, TRIP_TYPES } from './risk-types/answers.ts';
import { type CellKind, col, type ImportColumn } from './risk-types/define.ts';
import { type RiskTypeCode, riskTypeRule } from './risk-types/index.ts';

export type { ImportColumn };

/** A file over these is refused whole, before any row is read (issue 6 "Bad input"). */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 20_000;

/** The columns of a risk type's CSV, in the order of its sample: its fields' columns, then the dates. */
export function importColumns(code: RiskTypeCode): ImportColumn[] {
  const risk = riskTypeRule(code).fields.flatMap((field) =>
    (field.csv ?? []).map((c) => ({ ...c, path: `risk.${c.path}` })),
  );
  const dates = asksForDates(code)
    ? [col('fecha_inicio', 'dates.start_date', 'date', ''), col('fecha_fin', 'dates.end_date', 'date', '')]
    : [];
  return [...risk, ...dates];
}

/** A header as typed in a spreadsheet ('Número de serie ') → its canonical form ('numero_de_serie'). */
export function normalizeHeader(header: string): string {
  return header
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
}

/** The sample CSV's rows: the headers and one example, dated from tomorrow for a month. */
export function sampleRows(code: RiskTypeCode, today: string): string[][] {
  const columns = importColumns(code);
  const toDmy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
  const start = addDaysIso(today, 1);
  const example = columns.map((c) => {
    if (c.path === 'dates.start_date') return toDmy(start);
    if (c.path === 'dates.end_date') return toDmy(addDaysIso(start, 30));
    return c.example;
  });
  return [columns.map((c) => c.header), example];
}

function addDaysIso(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** 'dd/mm/aaaa' (as Excel in Spanish writes it), 'dd-mm-aaaa' or 'aaaa-mm-dd' → 'aaaa-mm-dd'. */
export function parseDateCell(value: string): string | null {
  const v = value.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(v)) return v;
  const m = /^(\d{1,2})[/-](\d{1,2})[/-](\d{4})$/.exec(v);
  if (!m) return null;
  return `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}`;
}

/**
 * An amount in pesos as a Spanish spreadsheet writes it ('$ 450.000,50', '450000', '450000.5') → centavos.
 * A dot followed by exactly three digits is a thousands separator; a comma is always the decimal mark.
 */
export function parseAmountCell(value: string): number | null {
  let v = value.replace(/[$\s\u00a0]/g, '');
  if (!v) return null;
  if (v.includes(',')) v = v.replace(/\./g, '').replace(',', '.');
  else if (/^\d{1,3}(\.\d{3})+$/.test(v)) v = v.replace(/\./g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(v)) return null;
  return Math.round(Number(v) * 100);
}

const GENDER_CELLS: Record<string, (typeof GENDERS)[number]> = {
  m: 'm',
  masculino: 'm',
  f: 'f',
  femenino: 'f',
  b: 'b',
  x: 'b',
  no_binario: 'b',
  nd: 'not_declared',
  no_declarado: 'not_declared',
  prefiero_no_decirlo: 'not_declared',
};
const TRIP_CELLS: Record<string, (typeof TRIP_TYPES)[number]> = {
  un_viaje: 'one_trip',
  one_trip: 'one_trip',
  multiviaje: 'multi_trip',
  multi_trip: 'multi_trip',
  larga_estadia: 'long_stay',
  long_stay: 'long_stay',
};

/** A cell's text → the value the flow's schema expects; null when it cannot be read as that kind. */
function cellValue(kind: CellKind, raw: string): unknown {
  const v = raw.trim();
  switch (kind) {
    case 'text':
      return v;
    case 'amount':
      return parseAmountCell(v);
    case 'int':
      return /^\d+$/.test(v) ? Number(v) : null;
    case 'date':
      return parseDateCell(v);
    case 'gender':
      return GENDER_CELLS[normalizeHeader(v)] ?? null;
    case 'trip_type':
      return TRIP_CELLS[normalizeHeader(v)] ?? null;
    case 'yes_no':
      return ['si', 's', 'yes', 'true', '1'].includes(normalizeHeader(v));
  }
}

const UNREADABLE: Record<CellKind, string> = {
  text: 'Completá este dato.',
  amount: 'Ingresá un importe como 450000,00.',
  int: 'Ingresá un número entero.',
  date: 'Ingresá una fecha como 31/12/2026.',
  gender: 'Usá M, F, X o ND.',
  trip_type: 'Usá Un viaje, Multiviaje o Larga estadía.',
  yes_no: 'Usá SI o NO.',
};

function setPath(target: Record<string, unknown>, path: string, value: unknown) {
  const keys = path.split('.');
  let node: Record<string, unknown> | unknown[] = target;
  keys.forEach((key, i) => {
    const last = i === keys.length - 1;
    const index = /^\d+$/.test(key) ? Number(key) : key;
    const container = node as Record<string | number, unknown>;
    if (last) container[index] = value;
    else {
      container[index] ??= /^\d+$/.test(keys[i + 1]!) ? [] : {};
      node = container[index] as Record<string, unknown>;
    }
  });
}

export type ImportRowAnswers = {
  risk: Record<string, unknown>;
  dates?: { start_date: string; end_date: string };
};
export type ImportRowCheck =
  | { ok: true; answers: ImportRowAnswers; identifier: string | null }
  | { ok: false; errors: string[] };

/**
 * A checker of rows with the single-contract flow's schemas, built once per file (building a Zod schema
 * costs far more than running it). `cells` is keyed by canonical header. Errors name the column
 * ('imei: El IMEI debe tener 15 números…') so the report can be read against the file.
 */
export function importRowChecker(
  code: RiskTypeCode,
  today: string,
  now = new Date(),
): (cells: Record<string, string>) => ImportRowCheck {
  const columns = importColumns(code);
  const headerOf = new Map(columns.map((c) => [c.path, c.header]));
  const riskSchema = riskAnswersSchema(code, now);
  const datesCheck = asksForDates(code) ? datesSchemaFor(code, today) : null;
  // Values the flow fills itself (one beneficiary takes 100 %, personal accident names none).
  const fixed = Object.entries(riskTypeRule(code).importFixed ?? {}).map(
    ([path, value]) => [`risk.${path}`, value] as const,
  );

  return (cells) => {
    const errors: string[] = [];
    const raw: Record<string, unknown> = {};
    for (const [path, value] of fixed) setPath(raw, path, structuredClone(value));
    for (const column of columns) {
      const text = cells[column.header]?.trim() ?? '';
      if (!text) {
        if (column.required) errors.push(`${column.header}: ${UNREADABLE.text}`);
        continue;
      }
      const value = cellValue(column.kind, text);
      if (value === null) errors.push(`${column.header}: ${UNREADABLE[column.kind]}`);
      else setPath(raw, column.path, value);
    }
    if (errors.length) return { ok: false, errors };

    const risk = riskSchema.safeParse(raw.risk ?? {});
    const dates = datesCheck ? datesCheck.safeParse(raw.dates) : null;
    for (const [step, result] of [
      ['risk', risk],
      ['dates', dates],
    ] as const) {
      if (!result || result.success) continue;
      for (const issue of result.error.issues) {
        const path = [step, ...issue.path.map(String)].join('.');
        errors.push(`${headerOf.get(path) ?? path}: ${issue.message}`);
      }
    }
    if (errors.length || !risk.success) return { ok: false, errors };
    const answers: ImportRowAnswers = { risk: risk.data as Record<string, unknown> };
    if (dates?.success) answers.dates = dates.data;
    return { ok: true, answers, identifier: riskIdentifier(code, answers.risk) };
  };
}

/** One row checked on its own (the checker above, built for it). */
export function checkImportRow(
  code: RiskTypeCode,
  cells: Record<string, string>,
  today: string,
  now = new Date(),
): ImportRowCheck {
  return importRowChecker(code, today, now)(cells);
}

/**
 * What makes two risks of a type the same insured thing: the value of the field its definition marks as
 * identifying — the phone's IMEI, the frame, the plate, the insured person's (or first traveller's) DNI,
 * the address. A bag or a purchase has none, so it is never a duplicate.
 */
export function riskIdentifier(code: RiskTypeCode, risk: Record<string, unknown>): string | null {
  const field = riskTypeRule(code).fields.find((f) => f.identifies);
  if (!field) return null;
  const value = risk[field.key];
  let id: unknown;
  switch (field.kind) {
    case 'person':
      id = (value as { dni?: unknown } | undefined)?.dni;
      break;
    case 'people':
      id = (value as Array<{ dni?: unknown }> | undefined)?.[0]?.dni;
      break;
    case 'address': {
      const a = (value ?? {}) as Record<string, unknown>;
      id = [a.street, a.street_number, a.floor_block, a.apartment_house, a.zip_code]
        .filter(Boolean)
        .join(' ')
        .toUpperCase();
      break;
    }
    default:
      id = value;
  }
  return typeof id === 'string' && id ? id : null;
}

export const IMPORT_STATUSES = ['validated', 'issued'] as const;
export const IMPORT_ROW_STATUSES = ['valid', 'invalid', 'issued'] as const;

export const ImportRowSchema = z.object({
  row_number: z.number(),
  status: z.enum(IMPORT_ROW_STATUSES),
  identifier: z.string().nullable(),
  errors: z.array(z.string()),
  total_cents: z.number().nullable(),
  total_nice: z.string().nullable(),
  insurance_id: z.number().nullable(),
  insurance_number: z.string().nullable(),
});
export type ImportRow = z.infer<typeof ImportRowSchema>;

export const ImportSchema = z.object({
  id: z.number(),
  status: z.enum(IMPORT_STATUSES),
  file_name: z.string(),
  entity: z.object({ id: z.number(), name: z.string() }),
  policy: z.object({ id: z.number(), name: z.string() }),
  coverage: z.object({ id: z.number(), public_name: z.string() }),
  risk_type: z.string(),
  row_count: z.number(),
  valid_count: z.number(),
  invalid_count: z.number(),
  total_cents: z.number(),
  total_nice: z.string(),
  issued_at: z.string().nullable(),
  created_at: z.string(),
});
export type Import = z.infer<typeof ImportSchema>;

/**
 * POST /customers/imports when some rows are valid and others have errors (spec §7's 207): the import,
 * and the status also in the body. Every row valid or none answers `{ data: Import }`.
 */
export const ImportPartlyValidSchema = z.object({
  data: z.object({ import: ImportSchema }),
  status: z.literal(207),
});

export const ImportUploadQuerySchema = z.strictObject({
  coverage_id: z.coerce
    .number({ error: 'Elegí la cobertura.' })
    .int()
    .positive({ error: 'Elegí la cobertura.' }),
  entity_id: z.coerce.number({ error: 'Elegí la entidad.' }).int().positive({ error: 'Elegí la entidad.' }),
  file_name: z.string().trim().max(200).optional(),
});

export const ImportSampleQuerySchema = z.strictObject({
  coverage_id: z.coerce
    .number({ error: 'Elegí la cobertura.' })
    .int()
    .positive({ error: 'Elegí la cobertura.' }),
});
