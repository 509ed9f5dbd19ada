import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../../test/api-mock.ts';
import { renderRoutes } from '../../../../test/render.tsx';
import { PushOffer } from './push-offer.tsx';

function browserWithPush(permission: NotificationPermission, answer: NotificationPermission) {
  const notification = {
    permission,
    requestPermission: vi.fn(async () => {
      notification.permission = answer;
      return answer;
    }),
  };
  vi.stubGlobal('Notification', notification);
  vi.stubGlobal('PushManager', function PushManager() {});
  const register = vi.fn(async () => {
    throw new DOMException('Registration failed - push service error', 'AbortError');
  });
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { register } });
  return { register };
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

const render = () => renderRoutes([{ path: '/notifications', element: <PushOffer /> }], '/notifications');

describe('the push offer', () => {
  it('is not shown where the browser cannot receive push', () => {
    render();
    expect(screen.queryByRole('button', { name: 'Activar notificaciones' })).not.toBeInTheDocument();
  });

  it('asks from a tap; a push service that cannot be reached is told plainly', async () => {
    const { register } = browserWithPush('default', 'granted');
    mockApi({
      'GET /customers/push-subscriptions/vapid-public-key': { body: { data: { vapid_public_key: 'AQID' } } },
    });
    render();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Activar notificaciones' }));
    expect(
      await screen.findByText(
        'No pudimos activar las notificaciones en este navegador. Probá de nuevo más tarde.',
      ),
    ).toBeInTheDocument();
    expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
  });

  it('after a refusal, says how to allow them', async () => {
    browserWithPush('default', 'denied');
    render();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Activar notificaciones' }));
    expect(
      await screen.findByText('Las notificaciones están bloqueadas en este navegador'),
    ).toBeInTheDocument();
  });
});
