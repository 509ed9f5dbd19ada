/**
 * The travel-assistance trip types and their labels, without zod: the login page's catalogue names a
 * trip type in its "desde" and must not bring the schemas with it (apps/web, 170 KiB budget).
 */
export const TRIP_TYPES = ['one_trip', 'multi_trip', 'long_stay'] as const;
export const TRIP_TYPE_LABELS: Record<(typeof TRIP_TYPES)[number], string> = {
  one_trip: 'Un viaje',
  multi_trip: 'Multiviaje',
  long_stay: 'Larga estadía',
};
