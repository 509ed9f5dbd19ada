/**
 * Money and dates as ARCA writes them. Amounts travel as decimal pesos with two decimals ("1234.56"); Cubierto
 * keeps integer centavos, so both directions are string work on integers — never a float that could drift.
 * Dates travel as YYYYMMDD.
 */

/** 123456 → "1234.56"; 5 → "0.05". Refuses what is not a non-negative safe integer. */
export function centavosToPesos(centavos: number): string {
  if (!Number.isSafeInteger(centavos) || centavos < 0) {
    throw new RangeError(`An amount must be a non-negative integer number of centavos, got ${centavos}`);
  }
  const digits = String(centavos).padStart(3, '0');
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** "1234.56" | "1234.5" | "1234" → 123456 | 123450 | 123400. Throws on more than two decimals or anything else. */
export function pesosToCentavos(pesos: string): number {
  const match = /^\s*(\d{1,16})(?:\.(\d{0,2}))?\s*$/.exec(pesos);
  if (!match) throw new RangeError(`Not an amount in pesos with at most two decimals: "${pesos}"`);
  const whole = match[1] as string;
  const fraction = (match[2] ?? '').padEnd(2, '0');
  const centavos = Number(whole) * 100 + Number(fraction);
  if (!Number.isSafeInteger(centavos)) throw new RangeError(`Amount too large to be exact: "${pesos}"`);
  return centavos;
}

/** "2026-11-26" → "20261126". */
export function toArcaDate(isoDate: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(isoDate) || Number.isNaN(Date.parse(`${isoDate}T00:00:00Z`))) {
    throw new RangeError(`Not a YYYY-MM-DD date: "${isoDate}"`);
  }
  return isoDate.replaceAll('-', '');
}

/** "20261126" → "2026-11-26". */
export function fromArcaDate(arcaDate: string): string {
  const match = /^(\d{4})(\d{2})(\d{2})$/.exec(arcaDate.trim());
  if (!match) throw new RangeError(`Not a YYYYMMDD date: "${arcaDate}"`);
  return `${match[1]}-${match[2]}-${match[3]}`;
}

/** Adds days to a YYYY-MM-DD date. */
export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Whether an 11-digit CUIT/CUIL has a valid check digit (weights 5,4,3,2,7,6,5,4,3,2; mod 11). */
export function validCuit(cuit: string): boolean {
  if (!/^\d{11}$/.test(cuit)) return false;
  const weights = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
  const sum = weights.reduce((total, weight, index) => total + weight * Number(cuit[index]), 0);
  const rest = 11 - (sum % 11);
  const check = rest === 11 ? 0 : rest === 10 ? 9 : rest;
  return check === Number(cuit[10]);
}
