/**
 * Going between the registration and the login by their links ('Ingresá', 'Registrate') keeps what the
 * visitor typed. The page being left stays on screen and usable until the other is drawn: while the
 * other page's code loads, and after that while the router draws it in a transition, when the address
 * already is the new page's (on a slow phone, a good part of a second). Both forms have an 'Email' and a
 * 'Contraseña' field, so a fast typist goes on typing into the old form, which then disappears with the
 * keystrokes, and the focus with it (what comes next is typed into nothing).
 *
 * When one form replaces the other, the new one takes from the old one, as it stood at that moment:
 * - the e-mail, always: it is the same person's address, whichever form they typed it in;
 * - the field the visitor was in, with its focus: following a link takes the focus to the link, so a
 *   field that has it was gone back into afterwards and is being typed into now, and the next keystrokes
 *   go on in the same field of the new form. Only then is a password carried: one chosen for a new
 *   account is not the one to sign in with, but one being typed while the login comes is.
 *
 * Only the registration's code does this, both ways, so the login (the first page most visitors load)
 * carries none of it: leaving for the login, the registration hands over to the login's form once it is
 * in the page; opened from the login, it takes from the login's form, still on screen while it is drawn.
 * Kept in memory only, never stored.
 */
import type { MouseEvent, RefObject } from 'react';

export type SignInField = 'email' | 'password';

/** The sign-in field an element is, in `form`. */
function fieldOf(node: Element | EventTarget | null, form: HTMLFormElement): SignInField | undefined {
  if (!(node instanceof HTMLInputElement) || node.form !== form) return undefined;
  return node.name === 'email' || node.name === 'password' ? node.name : undefined;
}

const inputOf = (form: HTMLFormElement, field: SignInField) => {
  const input = form.elements.namedItem(field);
  return input instanceof HTMLInputElement ? input : null;
};

/** A form with an e-mail field in the page, other than `except`. */
function signInFormOnScreen(except?: HTMLFormElement): HTMLFormElement | undefined {
  return [...document.querySelectorAll('form')].find(
    (form) => form !== except && inputOf(form, 'email') !== null,
  );
}

/**
 * Follows the focus from now on: which sign-in field of `form` the visitor is in (a field that leaves
 * the page loses the focus without telling, so the last one gone into is it).
 */
function followFocus(form: HTMLFormElement) {
  let focused = fieldOf(document.activeElement, form);
  const onFocusIn = (event: FocusEvent) => {
    focused = fieldOf(event.target, form);
  };
  document.addEventListener('focusin', onFocusIn);
  return { focused: () => focused, stop: () => document.removeEventListener('focusin', onFocusIn) };
}

/** Only one hand-over at a time: a newer one ends the one before. */
let ending: (() => void) | null = null;
function startHandOver(stop: () => void): void {
  ending?.();
  ending = stop;
}

/** What goes from the old form to the new one (see the file's comment). */
function carried(from: HTMLFormElement, focused: SignInField | undefined) {
  const email = inputOf(from, 'email')?.value ?? '';
  const password = focused === 'password' ? inputOf(from, 'password')?.value : undefined;
  return { email, password, focused };
}

/**
 * Types `value` into a field the page's own state follows (React's): through the prototype's setter and
 * an input event, so the page takes it as typing.
 */
function typeInto(input: HTMLInputElement, value: string): void {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Gives the field the visitor was in the focus, unless they have moved on (it fell to the page's body). */
function focusField(form: HTMLFormElement, field: SignInField | undefined): void {
  const active = document.activeElement;
  if (!field || (active && active !== document.body)) return;
  // The browser puts the caret after the value: the next keystrokes follow what was typed.
  inputOf(form, field)?.focus();
}

/**
 * The registration's links to the login: once the login's form has replaced the registration's, it gets
 * what was typed (the login draws its form with its own state, so the values go in as typing). A click
 * that opens another tab or window leaves the form as it is.
 */
export function handOverToLogin(formRef: RefObject<HTMLFormElement | null>) {
  return (event: MouseEvent<HTMLAnchorElement>) => {
    const elsewhere = event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
    const form = formRef.current;
    if (elsewhere || !form) return;
    const focus = followFocus(form);
    const observer = new MutationObserver(() => {
      if (form.isConnected) return;
      stop();
      // The old form left the page in the same commit that put the new one in.
      const next = signInFormOnScreen(form);
      if (!next) return;
      const { email, password, focused } = carried(form, focus.focused());
      const emailInput = inputOf(next, 'email');
      const passwordInput = inputOf(next, 'password');
      if (email && emailInput) typeInto(emailInput, email);
      if (password !== undefined && passwordInput) typeInto(passwordInput, password);
      focusField(next, focused);
    });
    const stop = () => {
      observer.disconnect();
      focus.stop();
      if (ending === stop) ending = null;
    };
    observer.observe(document.body, { childList: true, subtree: true });
    startHandOver(stop);
  };
}

/**
 * The registration being drawn where a sign-in form (the login's) is still on screen: starts following
 * that form's focus. Called while the registration renders (the old page is there until it commits);
 * answers the form, or undefined when there is none.
 */
export function formBeingReplaced(): HTMLFormElement | undefined {
  const form = signInFormOnScreen();
  if (!form) return undefined;
  const focus = followFocus(form);
  taking = { form, focused: focus.focused };
  startHandOver(focus.stop);
  return form;
}

let taking: { form: HTMLFormElement; focused: () => SignInField | undefined } | null = null;

/**
 * Once the registration is in the page: what the form it replaced held as it left, and the field to
 * focus (`focus`, with the registration's form, after the values are set).
 */
export function takeFromReplacedForm(from: HTMLFormElement | undefined) {
  if (!from || taking?.form !== from) return undefined;
  const { email, password, focused } = carried(from, taking.focused());
  ending?.();
  taking = null;
  return { email, password, focus: (form: HTMLFormElement | null) => form && focusField(form, focused) };
}
