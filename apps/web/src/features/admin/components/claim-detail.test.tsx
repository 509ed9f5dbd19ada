import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../../test/api-mock.ts';
import { renderRoutes } from '../../../../test/render.tsx';
import { clearOperatorSession, saveOperatorSession } from '../api/operator-session.ts';
import { ClaimDetailView } from './claim-detail.tsx';

vi.setConfig({ testTimeout: 20_000 });

function renderClaim() {
  return renderRoutes(
    [
      {
        path: '/admin/claims/12',
        element: (
          <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
            <ClaimDetailView id={12} />
          </QueryClientProvider>
        ),
      },
    ],
    '/admin/claims/12',
  );
}

const claim = (status: string, extra: Record<string, unknown> = {}) => ({
  id: 12,
  number: 'R-000012',
  status,
  status_label: status,
  customer: { id: 3, name: 'Lucía Pérez', email: 'lucia@example.com' },
  insurance: { id: 5, number: 'CUB-2026-0000005', risk_type_name: 'Bolso protegido' },
  risk: { id: 9, label: 'Bolso protegido: Mochila negra' },
  incident_date: '2026-11-18',
  description: 'Me robaron la mochila en el colectivo, con la billetera adentro.',
  place: 'Palermo, CABA',
  approved_amount_cents: null,
  approved_amount_nice: null,
  paid_at: null,
  created_at: '2026-11-20T12:00:00.000Z',
  updated_at: '2026-11-20T12:00:00.000Z',
  events: [
    {
      id: 1,
      status: 'recibido',
      status_label: 'Recibido',
      message: null,
      created_at: '2026-11-20T12:00:00.000Z',
    },
  ],
  messages: [],
  attachments: [],
  ...extra,
});

/** Puts text in a field at once (typing letter by letter is slow on a busy machine). */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
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

describe('a claim in the back office', () => {
  it('names the missing amount, then shows the API’s 422 beside the amount and keeps what was typed', async () => {
    const api = mockApi({
      'GET /admin/claims/12': { body: { data: claim('en_revision') } },
      'POST /admin/claims/12/status': {
        status: 422,
        body: {
          message: 'Los datos no son válidos.',
          validations: { approved_amount_cents: ['El importe supera la suma asegurada de la cobertura.'] },
          error_code: 'validation_failed',
        },
      },
    });
    renderClaim();
    const form = await screen.findByRole('form', { name: 'Cambiar el estado' });
    const user = userEvent.setup();
    // An approval (the first next status of a claim under review) needs its amount: checked before sending.
    await user.click(within(form).getByRole('button', { name: 'Aplicar' }));
    const amount = within(form).getByLabelText('Importe aprobado');
    expect(await within(form).findByText('Indicá el importe aprobado.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/admin/claims/12/status')).toHaveLength(0);

    await fill(user, amount, '45000');
    expect(within(form).queryByText('Indicá el importe aprobado.')).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Aplicar' }));
    await waitFor(() => expect(amount).toHaveAttribute('aria-invalid', 'true'));
    expect(amount).toHaveAccessibleDescription(
      expect.stringContaining('El importe supera la suma asegurada de la cobertura.'),
    );
    expect(amount).toHaveValue('45000');
    const [sent] = api.callsTo('POST', '/admin/claims/12/status');
    expect(JSON.parse(String(sent!.body))).toEqual({ status: 'aprobado', approved_amount_cents: 4_500_000 });
    expect(sent!.headers.get('Idempotency-Key')).toBeTruthy();
  });

  it('asks for the reason of a rejection beside the message, before sending', async () => {
    const api = mockApi({ 'GET /admin/claims/12': { body: { data: claim('en_revision') } } });
    renderClaim();
    const form = await screen.findByRole('form', { name: 'Cambiar el estado' });
    const user = userEvent.setup();
    await user.click(within(form).getByRole('combobox', { name: 'Nuevo estado' }));
    await user.click(await screen.findByRole('option', { name: 'Rechazado', hidden: true }));
    await user.click(within(form).getByRole('button', { name: 'Aplicar' }));
    const message = within(form).getByLabelText('Mensaje para el cliente');
    await waitFor(() => expect(message).toHaveAttribute('aria-invalid', 'true'));
    expect(message).toHaveAccessibleDescription(expect.stringContaining('Indicá el motivo del rechazo.'));
    expect(api.callsTo('POST', '/admin/claims/12/status')).toHaveLength(0);
  });

  it('writes to the customer and empties the box once sent', async () => {
    const api = mockApi({
      'GET /admin/claims/12': { body: { data: claim('en_revision') } },
      'POST /admin/claims/12/messages': {
        status: 201,
        body: { data: claim('en_revision') },
      },
    });
    renderClaim();
    const form = await screen.findByRole('form', { name: 'Escribir al cliente' });
    const user = userEvent.setup();
    await user.click(within(form).getByRole('button', { name: 'Enviar mensaje' }));
    expect(await within(form).findByText('Escribí tu mensaje.')).toBeInTheDocument();
    const box = within(form).getByLabelText('Escribir al cliente');
    await fill(user, box, '  ¿Nos mandás la denuncia policial?  ');
    await user.click(within(form).getByRole('button', { name: 'Enviar mensaje' }));
    await waitFor(() => expect(box).toHaveValue(''));
    expect(JSON.parse(String(api.callsTo('POST', '/admin/claims/12/messages')[0]!.body))).toEqual({
      body: '¿Nos mandás la denuncia policial?',
    });
  });
});
