/**
 * A prerendered page (decision 025) shows its forms before the app runs: what a visitor types or submits
 * in that gap must not be lost nor sent by the browser itself. From the moment the entry script runs, a
 * submit is held (not sent: a plain form submission would put the fields, a password among them, in the
 * address); just before hydration the values typed so far are read, since hydration sets every controlled
 * field back to the app's state; once React owns the fields, the values are typed again through input
 * events (so the page's state takes them) and a held submit is made again, through the page's own handler.
 * Before the entry script runs, the build's `method="post"` on those forms keeps the fields out of the
 * address (build-prerender.ts).
 */

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
type Typed = { field: Field; value: string; checked: boolean };

/** How long the hand-over waits for React to own the fields before giving up on replaying them. */
const HYDRATION_WAIT_MS = 10_000;

const ownedByReact = (node: Element) => Object.keys(node).some((key) => key.startsWith('__reactProps'));

function setValue(field: Field, value: string): void {
  // React tracks the value it last knew (a setter on the element itself): the field is first emptied
  // through it, then given the value through the prototype's setter, so the input event is a change.
  field.value = '';
  const prototype = Object.getPrototypeOf(field) as object;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

export type EarlyInput = {
  /** Reads what was typed into the prerendered fields: call right before hydrating. */
  snapshot(): void;
  /** Once hydrated: types the values again and makes a held submit; stops holding submits. */
  replay(): Promise<void>;
  /** The page is drawn again from scratch instead: nothing to hand over. */
  release(): void;
};

export function holdEarlyInput(root: HTMLElement): EarlyInput {
  let held: { form: HTMLFormElement; submitter: HTMLElement | null } | undefined;
  let typed: Typed[] = [];
  const onSubmit = (event: SubmitEvent) => {
    if (!(event.target instanceof HTMLFormElement)) return;
    event.preventDefault();
    held = { form: event.target, submitter: event.submitter };
  };
  root.addEventListener('submit', onSubmit, true);

  return {
    snapshot() {
      typed = [];
      for (const field of root.querySelectorAll<Field>('input, textarea, select')) {
        if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
          if (field.checked !== field.defaultChecked)
            typed.push({ field, value: '', checked: field.checked });
        } else if (field instanceof HTMLSelectElement) {
          const initial = [...field.options].find((option) => option.defaultSelected)?.value ?? '';
          if (field.value !== initial) typed.push({ field, value: field.value, checked: false });
        } else if (field.value !== field.defaultValue) {
          typed.push({ field, value: field.value, checked: false });
        }
      }
    },
    release() {
      root.removeEventListener('submit', onSubmit, true);
    },
    async replay() {
      const nodes = [...typed.map((entry) => entry.field), ...(held ? [held.form] : [])];
      const deadline = Date.now() + HYDRATION_WAIT_MS;
      while (!nodes.every(ownedByReact) && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 16));
      root.removeEventListener('submit', onSubmit, true);
      if (!nodes.every(ownedByReact)) return;
      for (const { field, value, checked } of typed) {
        if (!field.isConnected) continue;
        if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
          // Set to the other state through React's tracker, then clicked into the typed one: a change.
          field.checked = !checked;
          field.click();
        } else setValue(field, value);
      }
      if (held?.form.isConnected) {
        const { form, submitter } = held;
        // One frame for the state the replayed input set to reach the form's submit handler.
        await new Promise((resolve) => requestAnimationFrame(resolve));
        const own =
          (submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement) &&
          submitter.form === form;
        if (own) form.requestSubmit(submitter);
        else form.requestSubmit();
      }
    },
  };
}
