import { screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../test/render.tsx';
import { takeAfterLogin } from '../../shared/session/after-login.ts';
import { endSession } from '../../shared/session/session-store.ts';
import { AppShellLayout } from './app-shell-layout.tsx';

function Where() {
  const location = useLocation();
  return <output aria-label="ubicación">{`${location.pathname}${location.search}${location.hash}`}</output>;
}

describe('signed-in frame, signed out (spec §2 "Payment return links")', () => {
  it("hands a provider's code and state that came back to /tabs to the login page, and remembers only the payment part", async () => {
    endSession();
    renderRoutes(
      [
        { path: '/tabs', element: <AppShellLayout /> },
        { path: '/login', element: <Where /> },
      ],
      '/tabs?status=approved&insurance_id=3&code=fb-code&state=s1',
    );
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'ubicación' }).textContent).toBe(
        '/login?status=approved&insurance_id=3&code=fb-code&state=s1',
      ),
    );
    expect(takeAfterLogin()).toBe('/tabs?status=approved&insurance_id=3');
  });

  it('sends an ordinary signed-out visit to a plain /login', async () => {
    endSession();
    renderRoutes(
      [
        { path: '/tabs', element: <AppShellLayout /> },
        { path: '/login', element: <Where /> },
      ],
      '/tabs?status=approved&insurance_id=3',
    );
    await waitFor(() => expect(screen.getByRole('status', { name: 'ubicación' }).textContent).toBe('/login'));
  });
});
