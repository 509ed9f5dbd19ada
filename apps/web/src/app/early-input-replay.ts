/**
 * The second half of early-input.ts, loaded only when a visitor typed or submitted on a prerendered page
 * before hydration: once React owns the fields, their values are typed again through input events (so the
 * page's state takes them) and a held submit is made through the page's own handler.
 */
import type { EarlyWork, Field } from './early-input.ts';

/** How long the hand-over waits for React to own the fields before giving up on replaying them. */
const HYDRATION_WAIT_MS = 10_000;

const ownedByReact = (node: Element) => Object.keys(node).some((key) => key.startsWith('__reactProps'));

function setValue(field: Field, value: string): void {
  // React tracks the value it last knew (a setter on the element itself): the field is first emptied
  // through it, then given the value through the prototype's setter, so the input event is a change.
  field.value = '';
  const prototype = Object.getPrototypeOf(field) as object;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

export async function replayEarlyInput({ typed, held, release }: EarlyWork): Promise<void> {
  const nodes = [...typed.map((entry) => entry.field), ...(held ? [held.form] : [])];
  const deadline = Date.now() + HYDRATION_WAIT_MS;
  while (!nodes.every(ownedByReact) && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 16));
  release();
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
}
