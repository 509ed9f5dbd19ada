/**
 * Where the page is scrolled: React Router's ScrollRestoration (a new page at the top or at its anchor, a
 * page gone back to where it was left), except on a prerendered page the app took over. That page was
 * usable before the app ran: the visitor may have scrolled to its form and be typing in it. React Router
 * scrolls a location it has no position for to the top as its first render commits, which moved the form
 * from under the visitor's finger (a tap then landed beside the button, measured in a browser test).
 * So on such a page ScrollRestoration only starts once the visitor goes to another, with the position they
 * left the first one at, for the way back.
 */
import { useLayoutEffect, useState } from 'react';
import { ScrollRestoration, useLocation } from 'react-router';
import { tookOverPage } from '../prerender/hydration.ts';

/** The session storage item the positions are kept in (ScrollRestoration's `storageKey`). */
export const SCROLL_POSITIONS = 'cubierto-scroll-positions';

/** The first page's scroll position, followed while it is shown. */
let firstPageY = 0;
const follow = () => {
  firstPageY = window.scrollY;
};

/** Gives ScrollRestoration, which reads the positions as it mounts (after this), the first page's. */
function FirstPagePosition({ pageKey }: { pageKey: string }) {
  useLayoutEffect(() => {
    try {
      const positions: unknown = JSON.parse(sessionStorage.getItem(SCROLL_POSITIONS) ?? '{}');
      sessionStorage.setItem(
        SCROLL_POSITIONS,
        JSON.stringify({ ...(positions as object), [pageKey]: firstPageY }),
      );
    } catch {
      // No session storage (or an unreadable item): going back to the first page opens it at the top.
    }
  }, [pageKey]);
  return null;
}

/** Follows the taken-over page's scroll until the visitor leaves it. */
function FollowFirstPage() {
  useLayoutEffect(() => {
    follow();
    window.addEventListener('scroll', follow, { passive: true });
    return () => window.removeEventListener('scroll', follow);
  }, []);
  return null;
}

export function PageScroll() {
  const { key } = useLocation();
  const [first] = useState(() => (tookOverPage() ? key : undefined));
  const [restoring, setRestoring] = useState(first === undefined);
  // The visitor left the taken-over page: from this render on, as React Router does.
  if (!restoring && key !== first) setRestoring(true);
  if (!restoring) return <FollowFirstPage />;
  return (
    <>
      {first !== undefined && <FirstPagePosition pageKey={first} />}
      <ScrollRestoration storageKey={SCROLL_POSITIONS} />
    </>
  );
}
