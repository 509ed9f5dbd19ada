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
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    container.querySelector('form')!.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);

    const work = early.snapshot();
    expect(work.typed.map((entry) => entry.field.getAttribute('aria-label'))).toEqual([
      'Email',
      'Contraseña',
      'Recordarme',
    ]);
    await act(async () => {
      root = hydrateRoot(container, <SignIn onSignIn={onSignIn} />);
    });
    await act(() => replayEarlyInput(work));

    expect(field('Email').value).toBe('ana@example.com');
    expect(onSignIn).toHaveBeenCalledTimes(1);
    expect(onSignIn).toHaveBeenCalledWith({
      email: 'ana@example.com',
      password: 'Tornado-Azul-2025',
      keep: true,
    });
  });

  it('has nothing to hand over when nothing was typed, and stops holding submits once released', async () => {
    const onSignIn = vi.fn();
    const { container, field } = prerendered(onSignIn);
    const early = holdEarlyInput(container);
    const work = early.snapshot();
    expect(work.typed).toEqual([]);
    expect(work.held).toBeUndefined();
    await act(async () => {
      root = hydrateRoot(container, <SignIn onSignIn={onSignIn} />);
    });
    work.release();
    expect(onSignIn).not.toHaveBeenCalled();

    fireEvent.change(field('Email'), { target: { value: 'beto@example.com' } });
    fireEvent.submit(container.querySelector('form')!);
    expect(onSignIn).toHaveBeenCalledWith({ email: 'beto@example.com', password: '', keep: false });
  });
});
