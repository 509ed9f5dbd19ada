import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../../test/api-mock.ts';
import { renderRoutes } from '../../../../test/render.tsx';
import { clearOperatorSession, saveOperatorSession } from '../api/operator-session.ts';
import { MaintenancePage } from './maintenance-page.tsx';

vi.setConfig({ testTimeout: 20_000 });

function renderPage() {
  return renderRoutes(
    [
      {
        element: (
          <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
            <Outlet />
          </QueryClientProvider>
        ),
        children: [{ path: '/admin/maintenance', element: <MaintenancePage /> }],
      },
    ],
    '/admin/maintenance',
  );
}

// Mantine's autosized textarea listens for web fonts, which jsdom does not load.
const hadFonts = 'fonts' in document;
beforeAll(() => {
  if (!hadFonts) Object.defineProperty(document, 'fonts', { configurable: true, value: new EventTarget() });
});
afterAll(() => {
  if (!hadFonts) Reflect.deleteProperty(document, 'fonts');
});
beforeEach(() => saveOperatorSession('op_test', '2099-01-01T00:00:00.000Z'));
afterEach(() => clearOperatorSession());

describe('Mantenimiento', () => {
  it('turns maintenance on with the message, and shows the API’s refusal beside it', async () => {
    let answer: () => { status: number; body: unknown } = () => ({
      status: 422,
      body: {
        message: 'Los datos no son válidos.',
        validations: { message: ['El mensaje no puede tener enlaces.'] },
        error_code: 'validation_failed',
      },
    });
    const api = mockApi({
      'GET /admin/maintenance': { body: { data: { enabled: false, message: null } } },
      'PUT /admin/maintenance': () => answer(),
    });
    renderPage();
    const user = userEvent.setup();
    const message = await screen.findByLabelText(/Mensaje para los clientes/);
    await user.click(message);
    await user.paste('  Volvemos a las 6, ver https://example.com  ');
    await user.click(screen.getByRole('button', { name: 'Activar mantenimiento' }));
    await waitFor(() => expect(message).toHaveAttribute('aria-invalid', 'true'));
    expect(message).toHaveAccessibleDescription(
      expect.stringContaining('El mensaje no puede tener enlaces.'),
    );
    expect(JSON.parse(String(api.callsTo('PUT', '/admin/maintenance')[0]!.body))).toEqual({
      enabled: true,
      message: 'Volvemos a las 6, ver https://example.com',
    });

    answer = () => ({ status: 200, body: { data: { enabled: true, message: null } } });
    await user.clear(message);
    await user.click(screen.getByRole('button', { name: 'Activar mantenimiento' }));
    await waitFor(() => expect(api.callsTo('PUT', '/admin/maintenance')).toHaveLength(2));
    // An empty message is none: customers read the usual text.
    expect(JSON.parse(String(api.callsTo('PUT', '/admin/maintenance')[1]!.body))).toEqual({
      enabled: true,
      message: null,
    });
  });
});
