/**
 * What a visitor types, submits and taps on a prerendered page before the app owns it reaches the page's
 * own state, submit handler and buttons exactly once, whenever it happened: before the app ran, while React hydrates,
 * or while a part of the page is not hydrated yet. The hold (public/early-hold.js, run here as the page's
 * head runs it) ends for good once React owns the page, touches no key, and lets another page be.
 */
import { fireEvent } from '@testing-library/react';
import { act, type FormEvent, type ReactNode, Suspense, use, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
// The script itself, as the page's head runs it.
import HOLD_SCRIPT from '../../public/early-hold.js?raw';
import { handOverEarlyInput } from './early-input.ts';

// React's act() is used directly here.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type Values = { email: string; password: string; keep: boolean };

function SignIn({ onSignIn }: { onSignIn: (values: Values) => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [keep, setKeep] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSignIn({ email, password, keep });
  };
  return (
    <form onSubmit={submit} aria-label="Ingresá">
      <input aria-label="Email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
      <input
        aria-label="Contraseña"
        type="password"
        value={password}
        onChange={(e) => setPassword(e.currentTarget.value)}
      />
      <input
        aria-label="Recordarme"
        type="checkbox"
        checked={keep}
        onChange={(e) => setKeep(e.currentTarget.checked)}
      />
      <button type="submit">Ingresar</button>
    </form>
  );
}

/** Renders its children once `gate` has resolved: a part of the page React hydrates later. */
function Gate({ gate, children }: { gate: Promise<void>; children: ReactNode }) {
  use(gate);
  return children;
}

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  window.__earlyHold?.end();
  document.body.innerHTML = '';
  history.replaceState(null, '', '/');
});

/** A prerendered page at /login: the hold runs in the head, then the markup arrives. */
function prerendered(markup: ReactNode) {
  history.replaceState(null, '', '/login');
  new Function(HOLD_SCRIPT)();
  const hold = window.__earlyHold;
  if (!hold) throw new Error('early-hold.js did not start');
  const container = document.createElement('div');
  container.id = 'root';
  container.innerHTML = renderToString(markup);
  document.body.append(container);
  const field = (label: string) => container.querySelector<HTMLInputElement>(`[aria-label="${label}"]`)!;
  const form = () => container.querySelector('form')!;
  return { container, field, form, hold };
}

/** A submit the way the browser sends one: the held ones are prevented (never sent by the browser). */
function submit(form: HTMLFormElement): Event {
  const event = new Event('submit', { bubbles: true, cancelable: true });
  form.dispatchEvent(event);
  return event;
}

function typeInto(field: HTMLInputElement, value: string): void {
  fireEvent.input(field, { target: { value } });
}

describe('the hand-over of a prerendered form', () => {
  it('gives the hydrated page what was typed and submitted before the app ran, once', async () => {
    const onSignIn = vi.fn();
    const { container, field, form, hold } = prerendered(<SignIn onSignIn={onSignIn} />);
    typeInto(field('Email'), 'ana@example.com');
    // Filled in by the browser with no input event: found by the scan made before hydrating.
    field('Contraseña').value = 'Tornado-Azul-2025';
    fireEvent.click(field('Recordarme'));
    expect(submit(form()).defaultPrevented).toBe(true);
    hold.scan();

    await act(async () => {
      root = hydrateRoot(container, <SignIn onSignIn={onSignIn} />);
    });
    await act(() => handOverEarlyInput(container, hold));

    expect(field('Email').value).toBe('ana@example.com');
    expect(onSignIn).toHaveBeenCalledTimes(1);
    expect(onSignIn).toHaveBeenCalledWith({
      email: 'ana@example.com',
      password: 'Tornado-Azul-2025',
      keep: true,
    });
    expect(window.__earlyHold).toBeUndefined();
  });

  it('keeps what is typed and submitted while React hydrates, and submits once', async () => {
    const onSignIn = vi.fn();
    const { container, field, form, hold } = prerendered(<SignIn onSignIn={onSignIn} />);
    hold.scan();
    // hydrateRoot has been called; React's handlers are not live yet.
    root = hydrateRoot(container, <SignIn onSignIn={onSignIn} />);
    typeInto(field('Email'), 'caro@example.com');
    typeInto(field('Contraseña'), 'Tornado-Azul-2025');
    expect(submit(form()).defaultPrevented).toBe(true);
    expect(onSignIn).not.toHaveBeenCalled();
    await act(async () => {});
    await act(() => handOverEarlyInput(container, hold));
    expect(onSignIn).toHaveBeenCalledTimes(1);
    expect(onSignIn).toHaveBeenCalledWith({
      email: 'caro@example.com',
      password: 'Tornado-Azul-2025',
      keep: false,
    });
  });

  it('holds on, after the page is committed, until React owns the form too', async () => {
    const onSignIn = vi.fn();
    const page = (gate: Promise<void>) => (
      <Suspense fallback={null}>
        <Gate gate={gate}>
          <SignIn onSignIn={onSignIn} />
        </Gate>
      </Suspense>
    );
    // The server's markup: the same boundary and form (the gate draws nothing of its own).
    const { container, field, form, hold } = prerendered(
      <Suspense fallback={null}>
        <SignIn onSignIn={onSignIn} />
      </Suspense>,
    );
    let open: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    await act(async () => {
      root = hydrateRoot(container, page(gate));
    });
    // The page is committed but the form is not hydrated: React could not take a submit now.
    const handing = handOverEarlyInput(container, hold);
    typeInto(field('Email'), 'dani@example.com');
    typeInto(field('Contraseña'), 'Tornado-Azul-2025');
    expect(submit(form()).defaultPrevented).toBe(true);
    expect(window.__earlyHold).toBe(hold);

    await act(async () => open());
    await act(() => handing);
    expect(onSignIn).toHaveBeenCalledTimes(1);
    expect(onSignIn).toHaveBeenCalledWith({
      email: 'dani@example.com',
      password: 'Tornado-Azul-2025',
      keep: false,
    });
  });

  it('ends for good once React owns the page: later submits are the page’s own, once', async () => {
    const onSignIn = vi.fn();
    const { container, field, form, hold } = prerendered(<SignIn onSignIn={onSignIn} />);
    hold.scan();
    await act(async () => {
      root = hydrateRoot(container, <SignIn onSignIn={onSignIn} />);
    });
    await act(() => handOverEarlyInput(container, hold));
    expect(window.__earlyHold).toBeUndefined();
    expect(onSignIn).not.toHaveBeenCalled();

    fireEvent.change(field('Email'), { target: { value: 'beto@example.com' } });
    fireEvent.submit(form());
    expect(onSignIn).toHaveBeenCalledTimes(1);
    expect(onSignIn).toHaveBeenCalledWith({ email: 'beto@example.com', password: '', keep: false });
    // Nothing of the hold is left on the document.
    const plain = document.createElement('form');
    document.body.append(plain);
    expect(submit(plain).defaultPrevented).toBe(false);
    expect(hold.end()).toEqual({ typed: [], held: undefined });
  });

  it('taps a button again once React owns it when it was tapped before the app ran, once', async () => {
    const onTap = vi.fn();
    const page = (
      <div>
        <SignIn onSignIn={() => {}} />
        <button type="button" onClick={onTap}>
          Ver coberturas
        </button>
      </div>
    );
    const { container, hold } = prerendered(page);
    const button = () => [...container.querySelectorAll('button')].find((b) => b.type === 'button')!;
    const tap = new MouseEvent('click', { bubbles: true, cancelable: true });
    button().dispatchEvent(tap);
    // The tap itself goes on as it would (nothing listens to it yet): never prevented.
    expect(tap.defaultPrevented).toBe(false);
    hold.scan();
    await act(async () => {
      hold.rooted = true;
      root = hydrateRoot(container, page);
    });
    expect(onTap).not.toHaveBeenCalled();
    await act(() => handOverEarlyInput(container, hold));
    expect(onTap).toHaveBeenCalledTimes(1);
  });

  it('leaves a tap made once React listens to React, and never remembers a form’s submit button', () => {
    const { container, form, hold } = prerendered(
      <div>
        <SignIn onSignIn={() => {}} />
        <button type="button">Ver coberturas</button>
      </div>,
    );
    // The submit button submits the form, which is held as a submit, not as a tap.
    fireEvent.click(form().querySelector('button')!);
    hold.rooted = true;
    fireEvent.click([...container.querySelectorAll('button')].find((b) => b.type === 'button')!);
    expect(hold.end().clicked).toBeUndefined();
  });

  it('never touches a key, and lets a submit through on another page of the app', () => {
    const { form } = prerendered(<SignIn onSignIn={() => {}} />);
    const key = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
    const heard = vi.fn();
    form().addEventListener('keydown', heard);
    form().dispatchEvent(key);
    expect(heard).toHaveBeenCalledTimes(1);
    expect(key.defaultPrevented).toBe(false);

    history.pushState(null, '', '/tabs');
    expect(submit(form()).defaultPrevented).toBe(false);
    expect(window.__earlyHold).toBeUndefined();
  });
});
