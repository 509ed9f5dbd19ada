/** Money is integer centavos everywhere; `_nice` strings are formatted es-AR in ARS (spec §9). */

const ars = new Intl.NumberFormat('es-AR', { style: 'currency', currency: 'ARS' });

/** Formatted amounts, remembered: lists repeat the same premiums and Intl formatting costs microseconds. */
const formatted = new Map<number, string>();

export function formatArs(cents: number): string {
  let text = formatted.get(cents);
  if (text === undefined) {
    text = ars.format(cents / 100);
    if (formatted.size >= 2_000) formatted.clear();
    formatted.set(cents, text);
  }
  return text;
}

/** Rounds half away from zero to whole centavos: the one rounding rule for premiums and taxes. */
export function roundCents(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value));
}
