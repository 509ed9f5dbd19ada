/**
 * A prerendered page (decision 025) shows its forms before the app runs: what a visitor types or submits
 * in that gap must not be lost nor sent by the browser itself. From the moment the entry script runs, a
 * submit is held (not sent: a plain form submission would put the fields, a password among them, in the
 * address); just before hydration the values typed so far are read, since hydration sets every controlled
 * field back to the app's state; once React owns the fields, early-input-replay.ts (loaded only when there
 * is something to hand over) types them again and makes the held submit through the page's own handler.
 * Before the entry script runs, the build's `method="post"` on those forms keeps the fields out of the
 * address (build-prerender.ts).
 */

export type Field = HTMLInputElement | HTMLTextAreaElement;
/** What the visitor did before hydration: the fields they changed and the submit they made. */
export type EarlyWork = {
  typed: Array<{ field: Field; value: string; checked: boolean }>;
  held?: { form: HTMLFormElement; submitter: HTMLElement | null };
  /** Stops holding submits. */
  release: () => void;
};

const isToggle = (field: Field): field is HTMLInputElement =>
  field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');

/** Starts holding submits in `root`; `snapshot` reads what was done so far, right before hydrating. */
export function holdEarlyInput(root: HTMLElement): { snapshot: () => EarlyWork } {
  let held: EarlyWork['held'];
  const onSubmit = (event: SubmitEvent) => {
    if (!(event.target instanceof HTMLFormElement)) return;
    event.preventDefault();
    held = { form: event.target, submitter: event.submitter };
  };
  root.addEventListener('submit', onSubmit, true);
  const release = () => root.removeEventListener('submit', onSubmit, true);
  return {
    snapshot() {
      const typed: EarlyWork['typed'] = [];
      for (const field of root.querySelectorAll<Field>('input, textarea')) {
        if (isToggle(field) ? field.checked !== field.defaultChecked : field.value !== field.defaultValue)
          typed.push({ field, value: field.value, checked: isToggle(field) && field.checked });
      }
      return { typed, held, release };
    },
  };
}
