/** Money is integer centavos everywhere; `_nice` strings are formatted es-AR in ARS (spec §9). */

/**
 * Built on the first amount formatted, not as the module is evaluated: building an Intl formatter loads its
 * locale's data, the longest part of the web's contract page evaluating its code at a phone's speed
 * (about 150 ms at 4× CPU slowdown), which only needs `roundCents` from here.
 */
let ars: Intl.NumberFormat | undefined;

/** Formatted amounts, remembered: lists repeat the same premiums and Intl formatting costs microseconds. */
const formatted = new Map<number, string>();

export function formatArs(cents: number): string {
  let text = formatted.get(cents);
  if (text === undefined) {
    ars ??= new Intl.NumberFormat('es-AR', { style: 'currency', currency: 'ARS' });
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
