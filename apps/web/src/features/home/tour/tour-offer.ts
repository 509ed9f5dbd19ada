/**
 * The home tour is offered, not forced (issue 19): it never opens by itself — not over a contract in
 * progress, not right after a sign-up that came from a product, not over a payment's return. The home
 * offers it instead, in a small card ('¿Querés un recorrido?'), to a customer who has neither taken it
 * nor said 'Ahora no' on this device; 'Realizar tour' in the home's menu (spec §2) opens it at any time.
 */
import { hasSeenTour } from './tour-memory.ts';

export type TourOfferContext = {
  /** The signed-in customer; unknown while their profile loads. */
  userId: number | undefined;
  /** The query string the home was reached with: a payment return (or another link) on its way elsewhere. */
  search: string;
};

/** Whether the home shows the tour's offer now. */
export function shouldOfferTour({ userId, search }: TourOfferContext): boolean {
  if (userId === undefined) return false;
  if (search !== '') return false;
  return !hasSeenTour(userId);
}
