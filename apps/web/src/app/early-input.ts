/**
 * A prerendered page (decision 025) shows its forms before the app runs: what a visitor types or submits
 * in that gap must not be lost, sent twice, nor sent by the browser itself.
 *
 * - public/early-hold.js (a few lines the build runs inline in the head of the prerendered pages only, before
 *   the content: build-prerender.ts) holds every submit in `#root` and records every value typed, from
 *   the first moment the form can be used until the app ends it. Its listeners sit on the document in the
 *   capture phase: a held submit reaches neither the browser nor React (whose listeners sit on `#root`),
 *   so it is made exactly once. It also remembers the last button tapped (not a form's submit button)
 *   until React listens (`rooted`, set just before hydrateRoot; from then on React hydrates what is tapped
 *   and handles the tap itself): before, a tap on a button did nothing at all. It never prevents a tap,
 *   never touches keys or focus, and lets a submit through, ending itself, once the address is another
 *   page's. Should it not run, the
 *   forms' `method="dialog"` keeps the browser from sending them (no POST, no password in the address).
 * - `handOverEarlyInput` ends it for good once the hydrated tree is committed and every form, field and
 *   button in the page is React's (a part React has not hydrated yet would drop an event), at the latest
 *   after `HOLD_MS`, or at once when the address changed. When something was typed or submitted,
 *   early-input-replay.ts is loaded while the hold is still on, and the hold ends in the same turn the
 *   replay starts: nothing falls in between.
 * - main.tsx ends it at once on a page it does not hydrate (a signed-in visitor, another route).
 */

export type Field = HTMLInputElement | HTMLTextAreaElement;
/** What the visitor did before the app owned the page: the fields they changed and the submit. */
export type EarlyWork = {
  typed: Array<{ field: Field; index: number; value: string; checked: boolean }>;
  held?: { form: HTMLFormElement; index: number; submitter: HTMLElement | null; submitterIndex: number };
  /** The last button tapped before React listened, and its place among the page's buttons. */
  clicked?: { button: HTMLButtonElement; index: number };
};

/** public/early-hold.js's hold, present from the head of a prerendered page until it is ended. */
export type EarlyHold = {
  /** The address the page was loaded at. */
  path: string;
  typed: Map<Field, unknown>;
  held?: EarlyWork['held'];
  clicked?: EarlyWork['clicked'];
  /** Set by the entry just before hydrateRoot: React listens from then on, taps are its own. */
  rooted?: boolean;
  /** Records the values the page shows that differ from the markup's (restored or filled by the browser). */
  scan: () => void;
  /** Stops holding, for good, and returns what was done. */
  end: () => EarlyWork;
};
declare global {
  interface Window {
    __earlyHold?: EarlyHold;
  }
}

/** The longest the hold waits for React to own the page. */
const HOLD_MS = 10_000;

export const ownedByReact = (node: Element) =>
  Object.keys(node).some((key) => key.startsWith('__reactProps'));

/** Ends the hold once React owns `root` (after the hydrated tree is committed) and replays what was done. */
export async function handOverEarlyInput(root: HTMLElement, hold: EarlyHold): Promise<void> {
  const deadline = Date.now() + HOLD_MS;
  const waiting = () =>
    location.pathname === hold.path &&
    Date.now() < deadline &&
    ![...root.querySelectorAll('form, input, textarea, button')].every(ownedByReact);
  while (waiting()) await new Promise((resolve) => setTimeout(resolve, 16));
  const replay =
    hold.typed.size > 0 || hold.held || hold.clicked
      ? await import('./early-input-replay.ts').catch(() => undefined)
      : undefined;
  const work = hold.end();
  if (replay && location.pathname === hold.path) await replay.replayEarlyInput(root, work);
}
