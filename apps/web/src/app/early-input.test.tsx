/**
 * What a visitor types and submits on a prerendered page before hydration reaches the page's own state
 * and submit handler once React takes the markup over, and the browser never sends the form itself.
 */
import { fireEvent } from '@testing-library/react';
import { act, type FormEvent, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdEarlyInput } from './early-input.ts';
import { replayEarlyInput } from './early-input-replay.ts';

function SignIn({
  onSignIn,
}: {
  onSignIn: (values: { email: string; password: string; keep: boolean }) => void;
}) {
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

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
});

function prerendered(onSignIn: (values: unknown) => void) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<SignIn onSignIn={onSignIn} />);
  document.body.append(container);
  const field = (label: string) => container.querySelector<HTMLInputElement>(`[aria-label="${label}"]`)!;
  return { container, field };
}

describe('the hand-over of a prerendered form', () => {
  it('gives the hydrated page what was typed and submitted before, and holds the browser’s own submit', async () => {
    const onSignIn = vi.fn();
    const { container, field } = prerendered(onSignIn);
    const early = holdEarlyInput(container);
    field('Email').value = 'ana@example.com';
    field('Contraseña').value = 'Tornado-Azul-2025';
    field('Recordarme').checked = true;
    early.scan();
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    container.querySelector('form')!.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    expect(early.pending()).toBe(true);

    await act(async () => {
      root = hydrateRoot(container, <SignIn onSignIn={onSignIn} />);
    });
    await act(() => replayEarlyInput(container, early.takeOver));

    expect(field('Email').value).toBe('ana@example.com');
    expect(onSignIn).toHaveBeenCalledTimes(1);
    expect(onSignIn).toHaveBeenCalledWith({
      email: 'ana@example.com',
      password: 'Tornado-Azul-2025',
      keep: true,
    });
  });

  it('keeps what is typed and submitted while React hydrates (after the last scan), and submits once', async () => {
    const onSignIn = vi.fn();
    const { container, field } = prerendered(onSignIn);
    const early = holdEarlyInput(container);
    early.scan();
    expect(early.pending()).toBe(false);
    // Typed and submitted after the scan made right before hydrateRoot, before React's handlers are live.
    root = hydrateRoot(container, <SignIn onSignIn={onSignIn} />);
    fireEvent.input(field('Email'), { target: { value: 'caro@example.com' } });
    fireEvent.input(field('Contraseña'), { target: { value: 'Tornado-Azul-2025' } });
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    container.querySelector('form')!.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    expect(onSignIn).not.toHaveBeenCalled();
    expect(early.pending()).toBe(true);
    await act(async () => {});
    await act(() => replayEarlyInput(container, early.takeOver));
    expect(onSignIn).toHaveBeenCalledTimes(1);
    expect(onSignIn).toHaveBeenCalledWith({
      email: 'caro@example.com',
      password: 'Tornado-Azul-2025',
      keep: false,
    });
  });

  it('has nothing to hand over when nothing was typed, and stops holding submits once taken over', async () => {
    const onSignIn = vi.fn();
    const { container, field } = prerendered(onSignIn);
    const early = holdEarlyInput(container);
    early.scan();
    expect(early.pending()).toBe(false);
    await act(async () => {
      root = hydrateRoot(container, <SignIn onSignIn={onSignIn} />);
    });
    const work = early.takeOver();
    expect(work.typed).toEqual([]);
    expect(work.held).toBeUndefined();
    expect(onSignIn).not.toHaveBeenCalled();

    fireEvent.change(field('Email'), { target: { value: 'beto@example.com' } });
    fireEvent.submit(container.querySelector('form')!);
    expect(onSignIn).toHaveBeenCalledTimes(1);
    expect(onSignIn).toHaveBeenCalledWith({ email: 'beto@example.com', password: '', keep: false });
  });
});
