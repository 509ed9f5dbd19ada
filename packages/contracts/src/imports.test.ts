import { describe, expect, it } from 'vitest';
import {
  checkImportRow,
  importColumns,
  normalizeHeader,
  parseAmountCell,
  parseDateCell,
  sampleRows,
} from './imports.ts';
import { RISK_TYPE_CODES } from './risk-types.ts';

const today = '2026-11-22';
const now = new Date('2026-11-22T12:00:00Z');

function cellsOf(rows: string[][]): Record<string, string> {
  const [header, example] = rows;
  return Object.fromEntries(header!.map((h, i) => [h, example![i]!]));
}

describe('import columns and rows', () => {
  it.each(RISK_TYPE_CODES)('the sample row of %s passes the single-contract rules', (code) => {
    const check = checkImportRow(code, cellsOf(sampleRows(code, today)), today, now);
    expect(check).toMatchObject({ ok: true });
  });

  it('fills what the flow fills itself and reads Spanish spreadsheet values', () => {
    const cells = cellsOf(sampleRows('life', today));
    const check = checkImportRow('life', { ...cells, genero: 'Femenino' }, today, now);
    expect(check.ok && check.answers.risk.beneficiaries).toEqual([
      { first_name: 'Martín', last_name: 'Gómez', dni: '31234567', relationship: 'Cónyuge', percentage: 100 },
    ]);
    expect(check.ok && check.identifier).toBe('30123456');
  });

  it('names the column of every problem, with the flow’s own messages', () => {
    const cells = cellsOf(sampleRows('cell-phone', today));
    const check = checkImportRow(
      'cell-phone',
      { ...cells, imei: '490154203237519', fecha_inicio: '01/01/2020', valor_del_equipo: 'diez' },
      today,
      now,
    );
    expect(check).toEqual({ ok: false, errors: ['valor_del_equipo: Ingresá un importe como 450000,00.'] });
    const check2 = checkImportRow(
      'cell-phone',
      { ...cells, imei: '490154203237519', fecha_inicio: '01/01/2020' },
      today,
      now,
    );
    expect(check2.ok ? [] : check2.errors).toEqual([
      'imei: El IMEI debe tener 15 números y ser válido. Marcá *#06# para verlo.',
      'fecha_inicio: La fecha de inicio no puede ser anterior a hoy.',
      'fecha_fin: La cobertura puede durar hasta un año.',
    ]);
  });

  it('a phone without its serial number: the column is optional and a blank cell stores no serial number', () => {
    expect(importColumns('cell-phone').find((c) => c.header === 'numero_de_serie')?.required).toBe(false);
    const { numero_de_serie: _, ...cells } = cellsOf(sampleRows('cell-phone', today));
    for (const row of [cells, { ...cells, numero_de_serie: '  ' }]) {
      const check = checkImportRow('cell-phone', row, today, now);
      expect(check.ok).toBe(true);
      expect(check.ok && check.answers.risk.serial_number).toBeUndefined();
      expect(check.ok && check.identifier).toBe(cells.imei);
    }
  });

  it('reads amounts, dates and headers as Excel in Spanish writes them', () => {
    expect(parseAmountCell('$ 450.000,50')).toBe(45_000_050);
    expect(parseAmountCell('450000')).toBe(45_000_000);
    expect(parseAmountCell('450.000')).toBe(45_000_000);
    expect(parseAmountCell('450000.5')).toBe(45_000_050);
    expect(parseAmountCell('-3')).toBeNull();
    expect(parseDateCell('5/1/2027')).toBe('2027-01-05');
    expect(parseDateCell('2027-01-05')).toBe('2027-01-05');
    expect(parseDateCell('enero')).toBeNull();
    expect(normalizeHeader(' Número de Serie ')).toBe('numero_de_serie');
    expect(importColumns('bag').map((c) => c.header)).toEqual(['descripcion', 'fecha_inicio', 'fecha_fin']);
  });
});
