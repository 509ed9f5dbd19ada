import { todayInArgentina } from '@cubierto/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, type RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';

vi.setConfig({ testTimeout: 20_000 });

import { mockApi } from '../../../../test/api-mock.ts';
import { renderRoutes } from '../../../../test/render.tsx';
import { createQueryClient } from '../../../shared/api/query-client.ts';
import { ClaimDetailPage } from './claim-detail-page.tsx';
import { ClaimsPage } from './claims-page.tsx';
import { NewClaimPage } from './new-claim-page.tsx';

function renderClaims(path: string) {
  const routes: RouteObject[] = [
    {
      element: (
        <QueryClientProvider client={createQueryClient()}>
          <Outlet />
        </QueryClientProvider>
      ),
      children: [
        { path: '/customers/claims', element: <ClaimsPage /> },
        { path: '/customers/claims/new', element: <NewClaimPage /> },
        { path: '/customers/claims/:id', element: <ClaimDetailPage /> },
      ],
    },
  ];
  return renderRoutes(routes, path);
}

/** Puts text in a field at once (typing letter by letter is slow on a busy machine). */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

const emptyPage = { data: [], meta: { current_page: 1, per_page: 10, total: 0, last_page: 1 } };

function isoDays(days: number) {
  const today = todayInArgentina();
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

const claimable = {
  id: 5,
  number: 'CUB-2026-0000005',
  risk_type_name: 'Bolso protegido',
  coverage_name: 'Bolso básico',
  starts_on: isoDays(-10),
  ends_on: isoDays(50),
  risks: [{ id: 9, label: 'Bolso protegido: Mochila negra' }],
};

const claim = (status: string, extra: Record<string, unknown> = {}) => ({
  id: 12,
  number: 'R-000012',
  status,
  status_label: status,
  insurance: { id: 5, number: 'CUB-2026-0000005', risk_type_name: 'Bolso protegido' },
  risk: { id: 9, label: 'Bolso protegido: Mochila negra' },
  incident_date: isoDays(-2),
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

describe('Reclamos', () => {
  it('says so when there are no claims yet, and offers to file one', async () => {
    mockApi({ 'GET /customers/claims': { body: emptyPage } });
    renderClaims('/customers/claims');
    expect(await screen.findByText('Todavía no hiciste reclamos')).toBeInTheDocument();
    expect(screen.queryByLabelText('Estado')).not.toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Nuevo reclamo' })[0]).toHaveAttribute(
      'href',
      '/customers/claims/new',
    );
  });

  it('lists claims with their status and filters by status', async () => {
    const api = mockApi({
      'GET /customers/claims': {
        body: {
          data: [claim('en_revision')],
          meta: { current_page: 1, per_page: 10, total: 1, last_page: 1 },
        },
      },
    });
    renderClaims('/customers/claims');
    const link = await screen.findByRole('link', { name: /Reclamo R-000012/ });
    expect(link).toHaveAttribute('href', '/customers/claims/12');
    expect(within(link).getByText('En revisión')).toBeInTheDocument();
    await userEvent.setup().selectOptions(screen.getByLabelText('Estado'), 'pagado');
    await waitFor(() =>
      expect(api.callsTo('GET', '/customers/claims').at(-1)?.url).toContain(
        'filter%5Bstatus%5D%5Beq%5D=pagado',
      ),
    );
  });
});

describe('Nuevo reclamo', () => {
  it('keeps what was typed and names the date field when the date is outside the cover', async () => {
    const api = mockApi({ 'GET /customers/claims/claimable-insurances': { body: { data: [claimable] } } });
    renderClaims('/customers/claims/new?insurance=5');
    const user = userEvent.setup();
    const date = await screen.findByLabelText(/Fecha del siniestro/);
    await fill(user, date, isoDays(-11));
    await fill(user, screen.getByLabelText(/Lugar/), 'Palermo, CABA');
    await fill(user, screen.getByLabelText(/¿Qué pasó\?/), 'Me robaron la mochila en la calle.');
    await user.click(screen.getByRole('button', { name: 'Enviar reclamo' }));
    expect(
      await screen.findByText('La fecha del siniestro debe estar dentro de la vigencia de la contratación.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/Lugar/)).toHaveValue('Palermo, CABA');
    expect(api.callsTo('POST', '/customers/claims')).toHaveLength(0);
    // Changing the date takes its message away until the next try.
    await user.clear(date);
    await fill(user, date, isoDays(-1));
    expect(
      screen.queryByText('La fecha del siniestro debe estar dentro de la vigencia de la contratación.'),
    ).not.toBeInTheDocument();
  });

  it('refuses a file that is not a photo or a PDF before uploading it', async () => {
    const api = mockApi({ 'GET /customers/claims/claimable-insurances': { body: { data: [claimable] } } });
    renderClaims('/customers/claims/new');
    const input = await screen.findByLabelText('Elegir fotos o documentos');
    const exe = new File(['MZ'], 'programa.exe', { type: 'application/x-msdownload' });
    await userEvent.setup({ applyAccept: false }).upload(input, exe);
    expect(
      await screen.findByText('programa.exe: tiene que ser una foto (JPG, PNG o WEBP) o un PDF.'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', '/customers/claims/attachments')).toHaveLength(0);
  });

  it('files the claim with its photo and an Idempotency-Key, and shows the server’s 422 beside its field', async () => {
    let answer: () => { status: number; body: unknown } = () => {
      // No answer at all: the request may have reached the API.
      throw new TypeError('Failed to fetch');
    };
    const api = mockApi({
      'GET /customers/claims/claimable-insurances': { body: { data: [claimable] } },
      'POST /customers/claims/attachments': {
        status: 201,
        body: {
          data: {
            id: 31,
            name: 'foto.png',
            content_type: 'image/png',
            size_bytes: 3,
            created_at: '2026-11-20T12:00:00.000Z',
          },
        },
      },
      'POST /customers/claims': () => answer(),
      'GET /customers/claims/12': { body: { data: claim('recibido') } },
    });
    const { router } = renderClaims('/customers/claims/new?insurance=5');
    const user = userEvent.setup();
    await user.upload(
      await screen.findByLabelText('Elegir fotos o documentos'),
      new File(['png'], 'foto.png', { type: 'image/png' }),
    );
    await waitFor(() => expect(api.callsTo('POST', '/customers/claims/attachments')).toHaveLength(1));
    await fill(user, screen.getByLabelText(/Fecha del siniestro/), isoDays(-2));
    await fill(user, screen.getByLabelText(/Lugar/), 'Palermo, CABA');
    await fill(user, screen.getByLabelText(/¿Qué pasó\?/), 'Me robaron la mochila en el colectivo.');
    await user.click(screen.getByRole('button', { name: 'Enviar reclamo' }));
    await waitFor(() => expect(api.callsTo('POST', '/customers/claims')).toHaveLength(1));

    answer = () => ({
      status: 422,
      body: {
        message: 'Revisá',
        validations: { place: ['Indicá dónde ocurrió.'] },
        error_code: 'validation_failed',
      },
    });
    await user.click(screen.getByRole('button', { name: 'Enviar reclamo' }));
    const place = screen.getByLabelText(/Lugar/);
    await waitFor(() => expect(place).toHaveAttribute('aria-invalid', 'true'));
    expect(place).toHaveAccessibleDescription(expect.stringContaining('Indicá dónde ocurrió.'));
    expect(place).toHaveValue('Palermo, CABA');

    answer = () => ({ status: 201, body: { data: claim('recibido') } });
    await user.click(screen.getByRole('button', { name: 'Enviar reclamo' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/customers/claims/12'));
    const sent = api.callsTo('POST', '/customers/claims');
    expect(JSON.parse(String(sent.at(-1)!.body))).toMatchObject({
      insurance_id: 5,
      risk_id: 9,
      incident_date: isoDays(-2),
      attachment_ids: [31],
    });
    const keys = sent.map((request) => request.headers.get('Idempotency-Key'));
    expect(keys[0]).toBeTruthy();
    // The retry after no answer is the same attempt; after the API's refusal, a new one.
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it('says there is nothing to claim on without an insurance in force', async () => {
    mockApi({ 'GET /customers/claims/claimable-insurances': { body: { data: [] } } });
    renderClaims('/customers/claims/new');
    expect(await screen.findByText('No tenés contrataciones vigentes')).toBeInTheDocument();
  });
});

describe('a claim', () => {
  it('shows a paid claim with its timeline and where the money went', async () => {
    mockApi({
      'GET /customers/claims/12': {
        body: {
          data: claim('pagado', {
            approved_amount_cents: 4_500_000,
            approved_amount_nice: '$ 45.000,00',
            paid_at: '2026-11-21T12:00:00.000Z',
            events: [
              {
                id: 1,
                status: 'recibido',
                status_label: 'Recibido',
                message: null,
                created_at: '2026-11-20T12:00:00.000Z',
              },
              {
                id: 2,
                status: 'pagado',
                status_label: 'Pagado',
                message: 'Acreditado.',
                created_at: '2026-11-21T12:00:00.000Z',
              },
            ],
            messages: [
              { id: 1, author: 'operator', body: 'Ya está.', created_at: '2026-11-21T12:00:00.000Z' },
            ],
          }),
        },
      },
    });
    renderClaims('/customers/claims/12');
    expect(await screen.findByText('Reclamo pagado')).toBeInTheDocument();
    expect(screen.getByText('Acreditamos $ 45.000,00 en Mi dinero.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir a Mi dinero' })).toHaveAttribute(
      'href',
      '/customers/money-wallet',
    );
    expect(screen.getByText('Acreditado.')).toBeInTheDocument();
    expect(screen.getByText('Ya está.')).toBeInTheDocument();
  });

  it('sends a message and keeps it in the box when it could not be sent', async () => {
    let answer: { status: number; body: unknown } = {
      status: 500,
      body: { message: 'x', error_code: 'internal' },
    };
    const api = mockApi({
      'GET /customers/claims/12': { body: { data: claim('recibido') } },
      'POST /customers/claims/12/messages': () => answer,
    });
    renderClaims('/customers/claims/12');
    const user = userEvent.setup();
    const box = await screen.findByLabelText('Tu mensaje');
    await fill(user, box, '¿Necesitan la denuncia?');
    await user.click(screen.getByRole('button', { name: 'Enviar mensaje' }));
    await waitFor(() => expect(api.callsTo('POST', '/customers/claims/12/messages')).toHaveLength(1));
    expect(box).toHaveValue('¿Necesitan la denuncia?');
    answer = {
      status: 201,
      body: {
        data: claim('recibido', {
          messages: [
            {
              id: 3,
              author: 'customer',
              body: '¿Necesitan la denuncia?',
              created_at: '2026-11-21T12:00:00.000Z',
            },
          ],
        }),
      },
    };
    await user.click(screen.getByRole('button', { name: 'Enviar mensaje' }));
    expect(await screen.findByText('¿Necesitan la denuncia?', { selector: 'p' })).toBeInTheDocument();
    expect(box).toHaveValue('');
  });

  it('adds a document to an open claim, and offers none on a closed one', async () => {
    const stored = {
      id: 40,
      name: 'denuncia.pdf',
      content_type: 'application/pdf',
      size_bytes: 9,
      created_at: '2026-11-21T12:00:00.000Z',
    };
    const api = mockApi({
      'GET /customers/claims/12': { body: { data: claim('en_revision') } },
      'POST /customers/claims/attachments': { status: 201, body: { data: stored } },
      'POST /customers/claims/12/attachments': {
        status: 201,
        body: { data: claim('en_revision', { attachments: [stored] }) },
      },
    });
    renderClaims('/customers/claims/12');
    const user = userEvent.setup();
    await user.upload(
      await screen.findByLabelText('Elegir fotos o documentos'),
      new File(['%PDF-1.4'], 'denuncia.pdf', { type: 'application/pdf' }),
    );
    await user.click(await screen.findByRole('button', { name: 'Adjuntar archivos' }));
    expect(await screen.findByRole('button', { name: 'Descargar denuncia.pdf' })).toBeInTheDocument();
    expect(JSON.parse(String(api.callsTo('POST', '/customers/claims/12/attachments')[0]!.body))).toEqual({
      attachment_ids: [40],
    });
    expect(screen.queryByRole('button', { name: 'Adjuntar archivos' })).not.toBeInTheDocument();
  });

  it('takes no more files once a claim is closed', async () => {
    const rejected = {
      id: 2,
      status: 'rechazado',
      status_label: 'Rechazado',
      message: 'Fuera de cobertura.',
      created_at: '2026-11-21T12:00:00.000Z',
    };
    mockApi({ 'GET /customers/claims/12': { body: { data: claim('rechazado', { events: [rejected] }) } } });
    renderClaims('/customers/claims/12');
    expect(await screen.findByText('Reclamo rechazado')).toBeInTheDocument();
    expect(screen.getAllByText('Fuera de cobertura.').length).toBeGreaterThan(0);
    expect(screen.queryByLabelText('Elegir fotos o documentos')).not.toBeInTheDocument();
  });

  it('answers a claim that is not the customer’s with not found', async () => {
    mockApi({
      'GET /customers/claims/99': {
        status: 404,
        body: { message: 'El reclamo no existe.', error_code: 'not_found' },
      },
    });
    renderClaims('/customers/claims/99');
    expect(await screen.findByText('No encontramos este reclamo')).toBeInTheDocument();
  });
});
