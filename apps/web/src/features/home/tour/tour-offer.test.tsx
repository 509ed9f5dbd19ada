import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../../test/render.tsx';
import { TourOffer } from '../components/tour-offer.tsx';
import { TOUR_STARTED_EVENT } from './home-tour.ts';
import { hasSeenTour, rememberTourSeen } from './tour-memory.ts';
import { shouldOfferTour } from './tour-offer.ts';

beforeEach(() => localStorage.clear());

describe('the home tour is offered, not forced (issue 19)', () => {
  it('is offered to a customer who has neither taken it nor turned it down on this device', () => {
    expect(shouldOfferTour({ userId: 7, search: '' })).toBe(true);
    rememberTourSeen(7);
    expect(shouldOfferTour({ userId: 7, search: '' })).toBe(false);
    // Another customer on the same device is still offered it.
    expect(shouldOfferTour({ userId: 8, search: '' })).toBe(true);
  });

  it('is not offered before the customer is known, nor over a payment return on its way elsewhere', () => {
    expect(shouldOfferTour({ userId: undefined, search: '' })).toBe(false);
    expect(
      shouldOfferTour({ userId: 7, search: '?status=approved&external_reference=X&insurance_id=3' }),
    ).toBe(false);
  });

  function renderOffer(path: string, onStart = vi.fn()) {
    renderRoutes([{ path: '/tabs', element: <TourOffer userId={7} onStart={onStart} /> }], path);
    return onStart;
  }

  it("'Hacer el recorrido' starts the tour, and the offer does not come back", async () => {
    const onStart = renderOffer('/tabs');
    expect(await screen.findByRole('region', { name: '¿Querés un recorrido?' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Hacer el recorrido' }));
    expect(onStart).toHaveBeenCalledOnce();
    expect(screen.queryByRole('region', { name: '¿Querés un recorrido?' })).not.toBeInTheDocument();
    expect(hasSeenTour(7)).toBe(true);
  });

  it("'Ahora no' hides it without starting anything, and it stays hidden", async () => {
    const onStart = renderOffer('/tabs');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Ahora no' }));
    expect(onStart).not.toHaveBeenCalled();
    expect(screen.queryByRole('region', { name: '¿Querés un recorrido?' })).not.toBeInTheDocument();
    expect(shouldOfferTour({ userId: 7, search: '' })).toBe(false);
  });

  it('shows nothing on a home reached by a payment return', () => {
    renderOffer('/tabs?status=approved&external_reference=X&insurance_id=3');
    expect(screen.queryByText('¿Querés un recorrido?')).not.toBeInTheDocument();
  });

  it("goes away, remembered, when the tour is taken from the menu ('Realizar tour')", async () => {
    const onStart = renderOffer('/tabs');
    expect(await screen.findByRole('region', { name: '¿Querés un recorrido?' })).toBeInTheDocument();
    act(() => {
      window.dispatchEvent(new Event(TOUR_STARTED_EVENT));
    });
    expect(screen.queryByRole('region', { name: '¿Querés un recorrido?' })).not.toBeInTheDocument();
    expect(hasSeenTour(7)).toBe(true);
    expect(onStart).not.toHaveBeenCalled();
  });
});
