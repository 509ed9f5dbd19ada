/**
 * A prerendered page (decision 025) shows its forms before the app runs: what a visitor types or submits
 * in that gap must not be lost, sent twice, nor sent by the browser itself.
 *
 * - Before the entry script runs, public/early-hold.js (a few lines the build links in the page's head,
 *   before the content: build-prerender.ts) holds a submit on the whole document. Should it not run, the
 *   forms' `method="dialog"` keeps the browser from sending them at all (neither a POST nor the fields, a
 *   password among them, in the address) and the values typed stay in the page for the app.
 * - From the moment the entry script runs until React's handlers are live, `holdEarlyInput` holds every
 *   submit (stopped before React's own root listener sees it, so it is made exactly once) and records every
 *   value typed, from events rather than one snapshot: hydration may set a controlled field back to the
 *   app's state, and a value typed while React hydrates must not be lost.
 * - Once the app has committed, `takeOver` stops holding and hands over, in the same turn, what was done;
 *   early-input-replay.ts (loaded only when there is something to hand over) types the values again and
 *   makes the held submit through the page's own handler. The elements are remembered by their position
 *   too, so a page React had to draw again (a hydration mismatch) still gets them.
 */

export type Field = HTMLInputElement | HTMLTextAreaElement;
/** What the visitor did before the app took the page over: the fields they changed and the submit. */
export type EarlyWork = {
  typed: Array<{ field: Field; index: number; value: string; checked: boolean }>;
  held?: { form: HTMLFormElement; index: number; submitter: HTMLElement | null; submitterIndex: number };
};

/** The submit public/early-hold.js held before the entry script ran, and its listener. */
type HeadHold = { listener?: (event: Event) => void; form?: HTMLFormElement; submitter?: HTMLElement | null };
declare global {
  interface Window {
    __earlyHold?: HeadHold;
  }
}

const FIELDS = 'input, textarea';
const isToggle = (field: Field): field is HTMLInputElement =>
  field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');
const isField = (node: EventTarget | null): node is Field =>
  node instanceof HTMLInputElement || node instanceof HTMLTextAreaElement;

/** Starts holding submits and recording values in `root` until `takeOver`. */
export function holdEarlyInput(root: HTMLElement): {
  /** Reads the values the page shows (before hydration they are all the visitor's). */
  scan: () => void;
  /** Whether anything was typed or submitted so far. */
  pending: () => boolean;
  /** Stops holding and returns what was done, in one turn: nothing can fall in between. */
  takeOver: () => EarlyWork;
} {
  const typed = new Map<Field, { index: number; value: string; checked: boolean }>();
  let held: EarlyWork['held'];
  const indexOf = (node: Element, selector: string, scope: ParentNode = root) =>
    [...scope.querySelectorAll(selector)].indexOf(node);
  const record = (field: Field) =>
    typed.set(field, {
      index: indexOf(field, FIELDS),
      value: field.value,
      checked: isToggle(field) && field.checked,
    });
  const hold = (form: HTMLFormElement, submitter: HTMLElement | null) => {
    held = {
      form,
      index: indexOf(form, 'form'),
      submitter,
      submitterIndex: submitter ? indexOf(submitter, 'button, input', form) : -1,
    };
  };
  const scan = () => {
    for (const field of root.querySelectorAll<Field>(FIELDS)) {
      if (isToggle(field) ? field.checked !== field.defaultChecked : field.value !== field.defaultValue)
        record(field);
    }
  };
  const onInput = (event: Event) => {
    if (isField(event.target)) record(event.target);
  };
  const onSubmit = (event: SubmitEvent) => {
    if (!(event.target instanceof HTMLFormElement)) return;
    // Neither the browser nor React (whose listener sits on this same root, added later) gets it now.
    event.preventDefault();
    event.stopImmediatePropagation();
    hold(event.target, event.submitter);
  };
  root.addEventListener('submit', onSubmit, true);
  root.addEventListener('input', onInput, true);
  root.addEventListener('change', onInput, true);
  // public/early-hold.js held until now: its submit is taken over, and it stops.
  const head = window.__earlyHold;
  if (head?.listener) document.removeEventListener('submit', head.listener, true);
  if (head?.form && root.contains(head.form)) hold(head.form, head.submitter ?? null);
  window.__earlyHold = undefined;
  scan();
  return {
    scan,
    pending: () => typed.size > 0 || held !== undefined,
    takeOver() {
      root.removeEventListener('submit', onSubmit, true);
      root.removeEventListener('input', onInput, true);
      root.removeEventListener('change', onInput, true);
      return { typed: [...typed].map(([field, entry]) => ({ field, ...entry })), held };
    },
  };
}
