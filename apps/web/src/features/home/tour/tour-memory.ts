/**
 * Which customers have taken the home tour, or turned its offer down, on this device, so the home offers
 * it only until then (tour-offer.ts; docs/decisions/015: the API has no place for it, and a per-user
 * column would need a migration and a route for a hint). Only user ids are kept, in localStorage apart
 * from the session's storage: sign-out clears the session, not this, or the offer would come back at
 * every sign-in.
 */
const KEY = 'cubierto:tour-seen';

function read(): number[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((id): id is number => typeof id === 'number') : [];
  } catch {
    return [];
  }
}

export function hasSeenTour(userId: number): boolean {
  return read().includes(userId);
}

export function rememberTourSeen(userId: number): void {
  const seen = read();
  if (seen.includes(userId)) return;
  try {
    localStorage.setItem(KEY, JSON.stringify([...seen, userId]));
  } catch {
    // Storage full or refused: the tour may show once more, nothing worse.
  }
}
