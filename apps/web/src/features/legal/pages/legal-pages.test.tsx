import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../../test/api-mock.ts';
import { renderRoutes } from '../../../../test/render.tsx';
import { PrivacyPolicyPage, TermsPage } from './legal-pages.tsx';

const render = (path: string) =>
  renderRoutes(
    [
      { path: '/terminos', Component: TermsPage },
      { path: '/privacidad', Component: PrivacyPolicyPage },
    ],
    path,
  );

describe('legal pages', () => {
  it('the privacy policy says what the data are for, the AAIP’s notice and how to see, download and delete them', async () => {
    mockApi({});
    render('/privacidad');
    expect(await screen.findByRole('heading', { name: 'Política de privacidad' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Qué datos pedimos y para qué' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'La AGENCIA DE ACCESO A LA INFORMACIÓN PÚBLICA, en su carácter de Órgano de Control de la Ley N° 25.326, tiene la atribución de atender las denuncias y reclamos que interpongan quienes resulten afectados en sus derechos por incumplimiento de las normas vigentes en materia de protección de datos personales.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/escribiéndonos a privacidad@cubierto\.com\.ar/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Eliminar mi cuenta' })).toHaveAttribute(
      'href',
      '/eliminar-cuenta',
    );
    expect(screen.getByRole('link', { name: 'Descargar mis datos (en tu perfil)' })).toHaveAttribute(
      'href',
      '/profile',
    );
  });

  it('the terms say who we are and link the withdrawal and cancellation buttons', async () => {
    mockApi({});
    render('/terminos');
    expect(await screen.findByRole('heading', { name: 'Términos y condiciones' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Quiénes somos' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Arrepentimiento y baja' })).toBeInTheDocument();
    const links = within(screen.getByRole('navigation', { name: 'Enlaces útiles' }));
    expect(links.getByRole('link', { name: 'Botón de arrepentimiento' })).toHaveAttribute(
      'href',
      '/arrepentimiento',
    );
    expect(links.getByRole('link', { name: 'Botón de baja' })).toHaveAttribute('href', '/baja');
    expect(links.getByRole('link', { name: 'Política de privacidad' })).toHaveAttribute(
      'href',
      '/privacidad',
    );
  });
});
