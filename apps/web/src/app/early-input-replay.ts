/**
 * The second half of early-input.ts, loaded only when a visitor typed or submitted on a prerendered page
 * before the app owned it: the values are typed again through input events (so the page's state takes
 * them), the last button tapped is tapped again and a held submit is made through the page's own handler,
 * each once.
 */
import { type EarlyWork, type Field, ownedByReact } from './early-input.ts';

function setValue(field: Field, value: string): void {
  // React tracks the value it last knew (a setter on the element itself): the field is first emptied
  // through it, then given the value through the prototype's setter, so the input event is a change.
  field.value = '';
  const prototype = Object.getPrototypeOf(field) as object;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** The element now in the page: the same one, or the one in its place when React drew the page again. */
function current<T extends Element>(node: T, scope: ParentNode, selector: string, index: number): T | null {
  if (node.isConnected) return node;
  const found = index >= 0 ? scope.querySelectorAll(selector)[index] : undefined;
  return found instanceof (node.constructor as typeof Element) ? (found as T) : null;
}

export async function replayEarlyInput(
  root: HTMLElement,
  { typed, held, clicked }: EarlyWork,
): Promise<void> {
  for (const entry of typed) {
    const field = current(entry.field, root, 'input, textarea', entry.index);
    if (!field) continue;
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
      // Set to the other state through React's tracker, then clicked into the typed one: a change.
      field.checked = !entry.checked;
      field.click();
    } else setValue(field, entry.value);
  }
  if (clicked) {
    // Tapped before React listened: tapped again now that it is React's (never a button React does not own).
    const button = current(clicked.button, root, 'button', clicked.index);
    if (button && ownedByReact(button)) button.click();
  }
  if (!held) return;
  const form = current(held.form, root, 'form', held.index);
  // A form React does not own would be sent by the browser itself: never.
  if (!form || !ownedByReact(form)) return;
  // The state the replayed input set reaches the form's submit handler (React flushes it in a microtask,
  // the handler is the next render's).
  await new Promise((resolve) => requestAnimationFrame(resolve));
  const submitter = held.submitter
    ? current(held.submitter, form, 'button, input', held.submitterIndex)
    : null;
  const own =
    (submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement) &&
    submitter.form === form;
  if (own) form.requestSubmit(submitter);
  else form.requestSubmit();
}
