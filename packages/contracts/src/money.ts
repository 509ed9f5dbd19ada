/** Money is integer centavos everywhere; `_nice` strings are formatted es-AR in ARS (spec §9). */

const ars = new Intl.NumberFormat('es-AR', { style: 'currency', currency: 'ARS' });

export function formatArs(cents: number): string {
  return ars.format(cents / 100);
}

/** Rounds half away from zero to whole centavos: the one rounding rule for premiums and taxes. */
export function roundCents(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value));
}
