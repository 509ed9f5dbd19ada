/** es-AR formatting (spec §9: locale es-AR, currency ARS; money travels as integer centavos). */

const LOCALE = 'es-AR';

const currency = new Intl.NumberFormat(LOCALE, { style: 'currency', currency: 'ARS' });
const longDate = new Intl.DateTimeFormat(LOCALE, { day: 'numeric', month: 'long', year: 'numeric' });

export function formatCents(cents: number): string {
  return currency.format(cents / 100);
}

export function formatLongDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : longDate.format(date);
}
