/**
 * How long each toast and the loading overlay stay (spec §8, §9), on fake timers: default toast 10 s,
 * copy toast 2 s, payment toasts 4 s and the failed one until closed, login toast 3 s, overlay 60 s.
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { demoUser, mockApi, tokenAnswer } from '../../../test/api-mock.ts';
import { renderWithMantine } from '../../../test/render.tsx';
import { completeSignIn } from '../../features/auth/complete-sign-in.ts';
import { showPaymentToast } from '../../features/payments/components/payment-feedback.ts';
import { getLoadingState, showLoading } from '../loading/loading.ts';
import { CopyButton } from '../ui/copy-button.tsx';
import { hideAllToasts, showToast, ToastHost } from './toasts.tsx';

beforeEach(async () => {
  // Toasts of earlier test files in this worker would count against the limit of two.
  hideAllToasts();
  await new Promise((resolve) => setTimeout(resolve, 0));
  vi.useFakeTimers({ shouldAdvanceTime: false });
});
afterEach(async () => {
  hideAllToasts();
  await act(async () => {
    await vi.runOnlyPendingTimersAsync();
  });
  vi.useRealTimers();
});

/** Lets the lazily loaded toast renderer and React settle without moving the clock. */
async function settle() {
  await act(async () => {
    for (let i = 0; i < 20; i++) await Promise.resolve();
    await vi.advanceTimersByTimeAsync(0);
  });
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/** A toast with this text is on screen, waiting for the renderer first. */
async function shown(text: string) {
  for (let i = 0; i < 50 && !screen.queryByText(text); i++) await settle();
  return screen.queryByText(text);
}

/** On screen for `ms` but not 1 s longer (Mantine's exit transition included). */
async function expectOnScreenFor(text: string, ms: number) {
  expect(await shown(text)).toBeInTheDocument();
  await advance(ms - 300);
  expect(screen.queryByText(text)).toBeInTheDocument();
  await advance(1_300);
  expect(screen.queryByText(text)).not.toBeInTheDocument();
}

describe('toast durations', () => {
  it('a toast stays 10 s by default', async () => {
    renderWithMantine(<ToastHost />);
    showToast({ message: 'Aviso por defecto' });
    await expectOnScreenFor('Aviso por defecto', 10_000);
  });

  it("'{label} copiado' stays 2 s", async () => {
    // user-event may have put its own clipboard on navigator already (a getter); ours replaces it for this test.
    const previous = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: vi.fn(async () => undefined) },
    });
    onTestFinished(() => {
      if (previous) Object.defineProperty(navigator, 'clipboard', previous);
      else Reflect.deleteProperty(navigator, 'clipboard');
    });
    renderWithMantine(
      <>
        <ToastHost />
        <CopyButton value="ABC123" label="Código" />
      </>,
    );
    fireEvent.click(screen.getByRole('button'));
    await expectOnScreenFor('Código copiado', 2_000);
  });

  it('the approved and pending payment toasts stay 4 s', async () => {
    renderWithMantine(<ToastHost />);
    showPaymentToast('approved');
    await expectOnScreenFor('El pago se realizó correctamente', 4_000);
    showPaymentToast('pending');
    await expectOnScreenFor('El pago quedó en estado pendiente', 4_000);
  });

  it('the failed payment toast stays until it is closed', async () => {
    renderWithMantine(<ToastHost />);
    showPaymentToast('failing');
    expect(await shown('No se pudo realizar el pago')).toBeInTheDocument();
    await advance(120_000);
    expect(screen.getByText('No se pudo realizar el pago')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
    await advance(1_000);
    expect(screen.queryByText('No se pudo realizar el pago')).not.toBeInTheDocument();
  });

  it("'Inicio de sesión correcto' stays 3 s", async () => {
    mockApi({ 'GET /auth/user': { body: { data: demoUser } } });
    renderWithMantine(<ToastHost />);
    const navigate = vi.fn();
    let signedIn: Promise<boolean> | undefined;
    await act(async () => {
      signedIn = completeSignIn({ ...tokenAnswer(), token_type: 'Bearer' }, navigate);
    });
    for (let i = 0; i < 50 && navigate.mock.calls.length === 0; i++) await settle();
    expect(await signedIn).toBe(true);
    await expectOnScreenFor('Inicio de sesión correcto', 3_000);
  });
});

describe('loading overlay', () => {
  it('hides itself after 60 s when nobody hides it', async () => {
    showLoading('Cargando información');
    expect(getLoadingState()).toEqual({ text: 'Cargando información' });
    await advance(59_900);
    expect(getLoadingState()).not.toBeNull();
    await advance(200);
    expect(getLoadingState()).toBeNull();
  });

  it('keeps a shorter duration when asked (the sign-out overlay: 10 s)', async () => {
    showLoading('Cerrando sesión...', 10_000);
    await advance(9_900);
    expect(getLoadingState()).toEqual({ text: 'Cerrando sesión...' });
    await advance(200);
    expect(getLoadingState()).toBeNull();
  });
});
