/** es-AR formatting (spec §9: locale es-AR, currency ARS; money travels as integer centavos). */

const LOCALE = 'es-AR';

/**
 * Made the first time it is needed: building an Intl formatter loads its locale's data, about 60 ms of the
 * main thread at a phone's speed (4× CPU slowdown) when this module was evaluated with the public
 * catalogue's code, which shows the API's formatted prices and needs none of them.
 */
export function whenNeeded<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => {
    made ??= make();
    return made;
  };
}

const currency = whenNeeded(() => new Intl.NumberFormat(LOCALE, { style: 'currency', currency: 'ARS' }));
const longDate = whenNeeded(
  () => new Intl.DateTimeFormat(LOCALE, { day: 'numeric', month: 'long', year: 'numeric' }),
);

export function formatCents(cents: number): string {
  return currency().format(cents / 100);
}

export function formatLongDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : longDate().format(date);
}

const day = whenNeeded(
  () => new Intl.DateTimeFormat(LOCALE, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
);

/**
 * A calendar day of the API (YYYY-MM-DD: cover dates, checked_on), read as that day everywhere: parsed as
 * UTC and shown in UTC, so Argentina's UTC−3 does not turn it into the day before.
 */
export function formatDay(isoDay: string | null | undefined): string {
  if (!isoDay) return '';
  const date = new Date(`${isoDay.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? '' : day().format(date);
}
