import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { demoUser, mockApi } from '../../../../test/api-mock.ts';
import { renderRoutes } from '../../../../test/render.tsx';
import { createQueryClient } from '../../../shared/api/query-client.ts';
import { StorageKey, storage } from '../../../shared/storage/storage.ts';
import { ProfilePage } from './profile-page.tsx';

const provinces = {
  body: {
    data: [
      { id: 1, name: 'Ciudad Autónoma de Buenos Aires', code: 'C' },
      { id: 6, name: 'Córdoba', code: 'X' },
    ],
  },
};
const cordobaLocalities = {
  body: {
    data: [
      { id: 60, name: 'Córdoba', zip_code: '5000' },
      { id: 61, name: 'Río Cuarto', zip_code: '5800' },
    ],
  },
};

// Mantine keeps a dropdown out of the accessibility tree until its opening transition ends, which
// jsdom never runs; the options are there all the same.
const findOption = (name: string) => screen.findByRole('option', { name, hidden: true });

function renderProfile() {
  const client = createQueryClient();
  return renderRoutes(
    [
      {
        path: '/profile',
        element: (
          <QueryClientProvider client={client}>
            <ProfilePage />
          </QueryClientProvider>
        ),
      },
    ],
    '/profile',
  );
}

describe('profile page', () => {
  it('edits name and address and sends them as multipart PUT (POST with _method)', async () => {
    const saved = {
      ...demoUser,
      name: 'Sofía Demo Paz',
      place: {
        id: 3,
        state: { id: 6, name: 'Córdoba' },
        locality: { id: 61, name: 'Río Cuarto' },
        zip_code: '5800',
        zipCode: '5800',
      },
      userEntityPlace: { user_id: 1, entity_id: 7, place_id: 3 },
    };
    const api = mockApi({
      'GET /customers/user': { body: { data: demoUser } },
      'GET /common/provinces': provinces,
      'GET /common/provinces/6/localities': cordobaLocalities,
      'POST /customers/user': { body: { data: saved } },
    });
    const user = userEvent.setup();
    renderProfile();

    const name = await screen.findByLabelText('Nombre y apellido');
    expect(name).toHaveValue('Sofía Demo');
    expect(screen.getByText('30123456')).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, 'Sofía Demo Paz');

    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Provincia' })).toBeEnabled());
    await user.click(screen.getByRole('combobox', { name: 'Provincia' }));
    await user.click(await findOption('Córdoba'));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Localidad' })).toBeEnabled());
    await user.click(screen.getByRole('combobox', { name: 'Localidad' }));
    await user.click(await findOption('Río Cuarto'));
    expect(screen.getByLabelText('Código postal')).toHaveValue('5800');

    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));

    expect(await screen.findByText('Tus datos se guardaron correctamente.')).toBeInTheDocument();
    const sent = api.callsTo('POST', '/customers/user')[0]?.body as FormData;
    expect(Object.fromEntries(sent.entries())).toEqual({
      name: 'Sofía Demo Paz',
      state_id: '6',
      locality_id: '61',
      zip_code: '5800',
      _method: 'PUT',
    });
    expect(await storage.get(StorageKey.user)).toMatchObject({ name: 'Sofía Demo Paz' });
  });

  it('fills the zip code from the place as spec §3 names it (zipCode)', async () => {
    const place = { id: 3, state: null, locality: null, zip_code: null, zipCode: 'X5800ABC' };
    mockApi({
      'GET /customers/user': { body: { data: { ...demoUser, place } } },
      'GET /common/provinces': provinces,
    });
    renderProfile();
    await screen.findByLabelText('Nombre y apellido');
    await waitFor(() => expect(screen.getByLabelText('Código postal')).toHaveValue('X5800ABC'));
  });

  it("shows the API's 422 message under the zip code and keeps the input", async () => {
    mockApi({
      'GET /customers/user': { body: { data: demoUser } },
      'GET /common/provinces': provinces,
      'POST /customers/user': {
        status: 422,
        body: {
          message: 'Revisá los datos ingresados.',
          validations: { zip_code: ['El código postal no corresponde a la localidad.'] },
          error_code: 'validation_failed',
        },
      },
    });
    const user = userEvent.setup();
    renderProfile();

    await user.type(await screen.findByLabelText('Código postal'), '1425');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));

    const zip = screen.getByLabelText('Código postal');
    await waitFor(() =>
      expect(zip).toHaveAccessibleDescription(expect.stringContaining('no corresponde a la localidad')),
    );
    expect(zip).toHaveValue('1425');
  });

  it('refuses a picture that is not JPG, PNG or WEBP before sending anything', async () => {
    const api = mockApi({
      'GET /customers/user': { body: { data: demoUser } },
      'GET /common/provinces': provinces,
    });
    const user = userEvent.setup({ applyAccept: false });
    renderProfile();

    await screen.findByLabelText('Nombre y apellido');
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['hola'], 'notas.txt', { type: 'text/plain' }));

    expect(await screen.findByText('La foto tiene que ser JPG, PNG o WEBP.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/customers/user')).toHaveLength(0);
  });

  it('says so, with a retry, when the profile cannot be loaded', async () => {
    mockApi({ 'GET /customers/user': { status: 500, body: { message: 'Error', error_code: 'internal' } } });
    renderProfile();
    expect(
      await screen.findByText('No pudimos cargar tus datos', {}, { timeout: 5_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });
});
