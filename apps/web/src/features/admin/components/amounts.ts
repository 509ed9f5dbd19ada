/** Amounts as an operator types them: pesos in es-AR or plain notation, percentages. */

/** Dots that group thousands the es-AR way, with no decimals: '45.000', '1.234.567'. */
const THOUSANDS_ONLY = /^\d{1,3}(\.\d{3})+$/;

/**
 * '1.234,50', '45.000' or '1234.5' (pesos, as typed) → centavos; NaN when it is not a number. A dot
 * followed by groups of exactly three digits groups thousands, as an operator in Argentina writes
 * '45.000' for forty-five thousand pesos; any other lone dot is a decimal point.
 */
export function pesosToCents(value: string | number | undefined): number {
  if (typeof value === 'number') return Math.round(value * 100);
  const text = (value ?? '').trim();
  if (!text) return Number.NaN;
  const normalised =
    text.includes(',') || THOUSANDS_ONLY.test(text) ? text.replace(/\./g, '').replace(',', '.') : text;
  const n = Number(normalised);
  return Number.isFinite(n) ? Math.round(n * 100) : Number.NaN;
}

export function centsToPesos(cents: number | undefined): string {
  return cents === undefined ? '' : String(cents / 100);
}

/** Percent as typed ('21' or '10,5') ↔ basis points. */
export function percentToBps(value: string): number {
  const n = Number(value.trim().replace(',', '.'));
  return value.trim() && Number.isFinite(n) ? Math.round(n * 100) : Number.NaN;
}
