/** Amounts as an operator types them: pesos in es-AR or plain notation, percentages. */

/** '1.234,50' or '1234.5' (pesos, as typed) → centavos; NaN when it is not a number. */
export function pesosToCents(value: string | number | undefined): number {
  if (typeof value === 'number') return Math.round(value * 100);
  const text = (value ?? '').trim();
  if (!text) return Number.NaN;
  const normalised = text.includes(',') ? text.replace(/\./g, '').replace(',', '.') : text;
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
