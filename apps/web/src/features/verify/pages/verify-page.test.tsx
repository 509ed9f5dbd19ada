import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../../test/api-mock.ts';
import { renderRoutes } from '../../../../test/render.tsx';
import { VerifyPage } from './verify-page.tsx';

const check = {
  number: 'CUB-2025-0000021',
  in_force: true,
  status: 'vigente',
  status_label: 'Vigente',
  risk_type: 'Celular',
  policy: 'Celular Protegido',
  company: 'Aseguradora Del Plata S.A.',
  starts_on: '2025-11-01',
  ends_on: '2026-04-30',
  in_force_from: null,
  holder_initials: 'S. D.',
  checked_on: '2025-11-15',
};

const renderCheck = (code: string) =>
  renderRoutes([{ path: '/verificar/:code', Component: VerifyPage }], `/verificar/${code}`);

describe('certificate check (/verificar/{code})', () => {
  it('says the cover is in force today, with its number, insurer, dates and only the holder’s initials', async () => {
    const api = mockApi({ 'GET /common/verify/abc123def456': { body: { data: check } } });
    renderCheck('abc123def456');

    expect(await screen.findByRole('heading', { name: 'Cobertura vigente', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Consultado el 15 de noviembre de 2025')).toBeInTheDocument();
    for (const text of ['CUB-2025-0000021', 'Celular Protegido', 'Aseguradora Del Plata S.A.', 'S. D.'])
      expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.getByText('1 de noviembre de 2025')).toBeInTheDocument();
    // Without the session, as the server's preload of it (the browser then hands over the preloaded answer).
    expect(api.requests[0]?.credentials).toBe('same-origin');
    expect(api.requests[0]?.headers.has('Authorization')).toBe(false);
  });

  it('says plainly when there is no cover in force', async () => {
    mockApi({
      'GET /common/verify/pend1ente789': {
        body: { data: { ...check, in_force: false, status: 'pendiente', status_label: 'Pendiente de pago' } },
      },
    });
    renderCheck('pend1ente789');
    expect(await screen.findByRole('heading', { name: 'Sin cobertura vigente' })).toBeInTheDocument();
    expect(screen.getByText('Pendiente de pago')).toBeInTheDocument();
  });

  it('says from which day a paid cover that has not started yet is in force', async () => {
    mockApi({
      'GET /common/verify/pagada123456': {
        body: {
          data: {
            ...check,
            in_force: false,
            status: 'pendiente',
            status_label: 'Pagada, aún no comenzó',
            starts_on: '2025-12-01',
            in_force_from: '2025-12-01',
          },
        },
      },
    });
    renderCheck('pagada123456');
    expect(
      await screen.findByRole('heading', { name: 'Vigente desde el 1 de diciembre de 2025', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Está paga y su cobertura empieza ese día.')).toBeInTheDocument();
    expect(screen.queryByText('Sin cobertura vigente')).not.toBeInTheDocument();
  });

  it('says it found no certificate for an unknown code', async () => {
    mockApi({
      'GET /common/verify/desconocido123': {
        status: 404,
        body: { message: 'No encontramos una constancia con ese código.', error_code: 'not_found' },
      },
    });
    renderCheck('desconocido123');
    expect(
      await screen.findByRole('heading', { name: 'No encontramos una constancia con ese código.' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Cobertura vigente')).not.toBeInTheDocument();
  });
});
