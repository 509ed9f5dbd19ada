/**
 * Whether React is hydrating a prerendered page (or has taken one over), and the hook that draws an answer
 * without breaking it.
 * The page's data may be in the cache before the hydration (asked for as the entry runs,
 * early-requests.ts), but the prerendered HTML has the placeholders: the hydration must draw those too
 * (a different tree is a mismatch, and React throws the HTML away and draws it all again).
 */
import { useDeferredValue } from 'react';

let hydrating = false;

/** Set by the entry around hydrateRoot: on before it, off once the hydrated tree is committed. */
export function setHydrating(on: boolean): void {
  hydrating = on;
}

let tookOver = false;

/** Set by the entry before it hydrates a prerendered page: the visitor may have been using it already. */
export function markTakenOver(): void {
  tookOver = true;
}

/** Whether the app's first render took over a page the visitor already had (a hydration, not a draw). */
export function tookOverPage(): boolean {
  return tookOver;
}

/**
 * `data` as a deferred value: an answer that lands is drawn in a render React slices and interrupts for a
 * tap or a keystroke, not in one long urgent task; the placeholders stay meanwhile. An answer already
 * there at mount is drawn at once, except during the hydration, which draws the placeholders the HTML has
 * and then the answer, deferred.
 */
export function useDeferredData<T>(data: T | undefined): T | undefined {
  // A defined initial value (null) makes React start from it and render `data` next, deferred;
  // undefined means none, so the first render already has `data`.
  return useDeferredValue<T | null | undefined>(data, hydrating ? null : undefined) ?? undefined;
}
