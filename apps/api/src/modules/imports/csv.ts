/**
 * CSV as spreadsheets write it in Argentina: UTF-8 (with or without BOM) or Windows-1252 (Excel's "CSV"
 * on a Spanish Windows), comma or semicolon (Excel in Spanish uses ';' because ',' is the decimal mark),
 * quoted fields with doubled quotes and line breaks inside. Written back with ';', a BOM and every cell
 * that a spreadsheet would run as a formula neutralised (OWASP "CSV injection").
 */
import { AppError, validationError } from '../../lib/errors.ts';

const BOM = '\ufeff';

/**
 * Bytes → text. UTF-8 first (strict, so a Windows-1252 'ñ' is not silently mangled), then Windows-1252.
 * NUL bytes mean a binary file or UTF-16, which no spreadsheet exports as CSV by default: refused.
 */
export function decodeCsv(bytes: Buffer): { text: string; encoding: 'utf-8' | 'windows-1252' } {
  if (bytes.includes(0)) {
    throw validationError(
      {
        file: ['El archivo no es un CSV de texto. Guardalo como "CSV UTF-8" o "CSV (delimitado por comas)".'],
      },
      'El archivo no es un CSV.',
    );
  }
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return { text: text.startsWith(BOM) ? text.slice(1) : text, encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252' };
  }
}

/** ';' or ',' — whichever splits the header line (outside quotes) into more fields. */
export function detectDelimiter(text: string): ';' | ',' {
  const end = text.search(/\r?\n/);
  const header = end === -1 ? text : text.slice(0, end);
  let semicolons = 0;
  let commas = 0;
  let quoted = false;
  for (const ch of header) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch === ';') semicolons++;
    else if (!quoted && ch === ',') commas++;
  }
  return semicolons >= commas && semicolons > 0 ? ';' : ',';
}

/**
 * Parses the whole text into rows of cells (RFC 4180 with either delimiter). Blank lines are skipped;
 * each row keeps its line number in the file so reports match what a spreadsheet shows. Stops with a
 * clear message past `maxRows` data rows instead of holding a huge file in memory.
 */
export function parseCsv(
  text: string,
  options: { maxRows: number },
): { delimiter: ';' | ','; rows: Array<{ line: number; cells: string[] }> } {
  const delimiter = detectDelimiter(text);
  const rows: Array<{ line: number; cells: string[] }> = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  let i = 0;
  const endRow = () => {
    cells.push(cell);
    if (cells.length > 1 || cells[0]!.trim() !== '') {
      rows.push({ line: rowLine, cells });
      // The header plus maxRows data rows; one more is enough to know the file is too long.
      if (rows.length > options.maxRows + 1) {
        throw validationError(
          {
            file: [
              `El archivo tiene más de ${options.maxRows.toLocaleString('es-AR')} filas. Dividilo en partes.`,
            ],
          },
          'El archivo tiene demasiadas filas.',
        );
      }
    }
    cells = [];
    cell = '';
  };
  while (i < text.length) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else {
        if (ch === '\n') line++;
        cell += ch;
      }
      i++;
      continue;
    }
    if (ch === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (ch === delimiter) {
      cells.push(cell);
      cell = '';
    } else if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      endRow();
      line++;
      rowLine = line;
    } else {
      cell += ch;
    }
    i++;
  }
  if (quoted) {
    throw validationError(
      { file: [`Hay comillas sin cerrar a partir de la fila ${rowLine}.`] },
      'El archivo no es un CSV válido.',
    );
  }
  if (cell !== '' || cells.length) endRow();
  return { delimiter, rows };
}

/**
 * A cell a spreadsheet would evaluate: '=', '+', '-' or '@' followed by something that is not a plain
 * number ('-5' and '+54 11 …' are data), or a leading tab or carriage return.
 */
export function looksLikeFormula(value: string): boolean {
  const v = value.trimStart();
  if (/^[\t\r]/.test(value)) return true;
  if (v.startsWith('=') || v.startsWith('@')) return true;
  if (/^[+-]/.test(v)) return !/^[+-][\d\s().,/-]*$/.test(v);
  return false;
}

/** Neutralises a cell for a spreadsheet: anything starting with = + - @ tab or CR gets a leading quote. */
export function safeCell(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  const guarded = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[;"\r\n]/.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

/** Rows → CSV text for Excel in Spanish: ';' delimiter, CRLF, BOM so accents open right. */
export function writeCsv(rows: ReadonlyArray<ReadonlyArray<string | number | null | undefined>>): string {
  const lines = rows.map((row) => row.map(safeCell).join(';'));
  return `${BOM}${lines.join('\r\n')}\r\n`;
}

/** For callers that must refuse a file outright (the route's size checks). */
export function fileError(
  message: string,
  status: 'validation_failed' | 'payload_too_large' = 'validation_failed',
) {
  return new AppError(status, { message, validations: { file: [message] } });
}
