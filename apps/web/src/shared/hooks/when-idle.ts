/**
 * Work the customer does not see yet (a menu behind ☰, certificates kept for offline use) waits for the
 * browser's first idle moment instead of adding to the tasks that draw the page: on a slow phone those
 * tasks are what keeps a tap from being answered. At most IDLE_WAIT_MS later it runs anyway.
 */
import { useEffect, useState, useTransition } from 'react';

export const IDLE_WAIT_MS = 2_000;

type IdleWindow = {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
};

/** Runs `task` at the browser's next idle moment (a plain timer where there is none); returns a cancel. */
export function whenIdle(task: () => void, win: Window & IdleWindow = window): () => void {
  if (typeof win.requestIdleCallback === 'function') {
    const handle = win.requestIdleCallback(task, { timeout: IDLE_WAIT_MS });
    return () => win.cancelIdleCallback?.(handle);
  }
  const handle = win.setTimeout(task, 0);
  return () => win.clearTimeout(handle);
}

/**
 * False until the browser's first idle moment after mounting, or until `now` (at once), then true for
 * good. The change renders as a transition: React draws what it reveals in slices, between which a tap
 * or a paint gets through.
 */
export function useIdleReady(now = false): boolean {
  const [ready, setReady] = useState(now);
  const [, startTransition] = useTransition();
  // Once asked for, it stays: what was drawn is not taken away again.
  if (now && !ready) setReady(true);
  useEffect(() => {
    if (ready) return;
    return whenIdle(() => startTransition(() => setReady(true)));
  }, [ready]);
  return ready;
}
