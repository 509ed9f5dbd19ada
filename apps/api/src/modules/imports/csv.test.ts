import { describe, expect, it } from 'vitest';
import { decodeCsv, looksLikeFormula, parseCsv, safeCell, writeCsv } from './csv.ts';

describe('reading CSV', () => {
  it('detects the delimiter and keeps quoted delimiters, quotes and line breaks', () => {
    const { delimiter, rows } = parseCsv('a;b;c\r\n"x;1";"di ""hola""";"dos\nlíneas"\r\n\r\nz;;\n', {
      maxRows: 10,
    });
    expect(delimiter).toBe(';');
    expect(rows).toEqual([
      { line: 1, cells: ['a', 'b', 'c'] },
      { line: 2, cells: ['x;1', 'di "hola"', 'dos\nlíneas'] },
      { line: 5, cells: ['z', '', ''] },
    ]);
    expect(parseCsv('a,b\n1,2', { maxRows: 10 }).delimiter).toBe(',');
  });

  it('decodes strict UTF-8 (BOM dropped) and falls back to Windows-1252', () => {
    expect(decodeCsv(Buffer.from('\ufeffañ', 'utf8'))).toEqual({ text: 'añ', encoding: 'utf-8' });
    expect(decodeCsv(Buffer.from([0x61, 0xf1, 0x80]))).toEqual({ text: 'añ€', encoding: 'windows-1252' });
  });

  it('tells a formula from data', () => {
    for (const f of ['=1+1', '@SUM(A1)', '+cmd', '-2+3*cmd|', '\t=1']) expect(looksLikeFormula(f)).toBe(true);
    for (const d of ['-5', '+54 11 4444-5555', 'Moto G', '300.000,00', ''])
      expect(looksLikeFormula(d)).toBe(false);
  });
});

describe('writing CSV', () => {
  it("prefixes cells a spreadsheet would run with ' and quotes what needs quoting", () => {
    expect(safeCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(safeCell('+1')).toBe("'+1");
    expect(safeCell('-1')).toBe("'-1");
    expect(safeCell('@x')).toBe("'@x");
    expect(safeCell('\tx')).toBe("'\tx");
    expect(safeCell('a;b')).toBe('"a;b"');
    expect(safeCell(null)).toBe('');
    expect(
      writeCsv([
        ['a', 1],
        ['=b', null],
      ]),
    ).toBe("\ufeffa;1\r\n'=b;\r\n");
  });
});
