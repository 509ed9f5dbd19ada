import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { coverageOf, policyOf } from '../../../test/catalog-fixtures.ts';
import { AppProviders } from '../../app/providers.tsx';
import { setSessionState } from '../session/session-store.ts';
import { StorageKey, storage } from '../storage/storage.ts';
import { openCoverageDialog } from './coverage-dialog.tsx';

const appConfig = {
  application_id: 3,
  country_id: 1,
  entity_type_id: 1,
  sale_condition_id: 1,
  help_chat_url: 'https://wa.me/5491100000000',
  credit_wallet_mode: true,
  google_client_id: null,
  apple_client_id: null,
  facebook_app_id: null,
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fetch whose policy answer waits until the test releases it. */
function holdPolicyFetch() {
  let release: (answer: Response) => void = () => {};
  const held = new Promise<Response>((resolve) => {
    release = resolve;
  });
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.startsWith('/api/v4/common/app-config')) return json({ data: appConfig });
    if (url.includes('policies/1?')) return held;
    return json({ message: 'Not mocked' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, release };
}

function renderHosts() {
  render(<AppProviders>{null}</AppProviders>);
}

/** What an insurance carries of its policy: no includes or excludes. */
const insurancePolicy = { id: 1, name: 'Celular Protegido', company: policyOf().company };

describe('coverage detail dialog (spec §2 item 1, §4)', () => {
  it('shows the coverage, its labelled amounts, the insurer’s logo and the policy’s inclusions and exclusions', async () => {
    const user = userEvent.setup();
    renderHosts();

    const result = openCoverageDialog({ coverage: coverageOf(), policy: policyOf() });
    const dialog = await screen.findByRole('dialog', { name: 'Detalle de la contratación' });
    expect(within(dialog).getByRole('heading', { name: 'Robo', level: 3 })).toBeInTheDocument();
    expect(within(dialog).getByText('Cubre el robo de tu celular en todo el país.')).toBeInTheDocument();
    expect(within(dialog).getByText('Suma asegurada')).toBeInTheDocument();
    expect(within(dialog).getByText('$ 600.000,00')).toBeInTheDocument();
    expect(within(dialog).getByText('10% del valor del equipo')).toBeInTheDocument();
    expect(within(dialog).getByRole('img', { name: 'Aseguradora Del Plata S.A.' })).toHaveAttribute(
      'src',
      '/api/v4/files/logos/del-plata.svg',
    );
    const includes = within(dialog).getByRole('region', { name: 'Inclusiones' });
    expect(
      within(includes).getByText('Robo total del equipo con violencia en las personas.'),
    ).toBeInTheDocument();
    const excludes = within(dialog).getByRole('region', { name: 'Exclusiones' });
    expect(within(excludes).getByText('Hurto')).toBeInTheDocument();
    expect(within(excludes).getByText('Pérdida o hurto sin violencia.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await expect(result).resolves.toEqual({ role: 'cancel' });
  });

  it("says 'Sin exclusiones' for an empty map and 'Sin inclusiones' for '{}', and shows neither card when both are empty", async () => {
    const user = userEvent.setup();
    renderHosts();
    const openAndRead = async (policy: Parameters<typeof openCoverageDialog>[0]['policy']) => {
      void openCoverageDialog({ coverage: coverageOf(), policy });
      const dialog = await screen.findByRole('dialog', { name: 'Detalle de la contratación' });
      const read = {
        includes: within(dialog).queryByRole('region', { name: 'Inclusiones' })?.textContent ?? null,
        excludes: within(dialog).queryByRole('region', { name: 'Exclusiones' })?.textContent ?? null,
      };
      await user.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      return read;
    };

    const noExclusions = await openAndRead(policyOf({ excludes: {} }));
    expect(noExclusions.excludes).toContain('Sin exclusiones');
    expect(noExclusions.includes).not.toContain('Sin inclusiones');

    // Older answers carried the empty map as the text '{}'.
    const textEmpty = await openAndRead(policyOf({ includes: '{}' as unknown as Record<string, string> }));
    expect(textEmpty.includes).toContain('Sin inclusiones');
    expect(textEmpty.excludes).toContain('Pérdida o hurto sin violencia.');

    expect(await openAndRead(policyOf({ includes: {}, excludes: {} }))).toEqual({
      includes: null,
      excludes: null,
    });
  });

  it("fetches a policy without includes or excludes under 'Cargando información' (signed in: the linked application's policy)", async () => {
    await storage.set(StorageKey.token, 'tok');
    setSessionState({ status: 'authenticated' });
    const { fetchMock, release } = holdPolicyFetch();
    renderHosts();

    const result = openCoverageDialog({ coverage: coverageOf(), policy: insurancePolicy });
    expect(await screen.findByRole('status')).toHaveTextContent('Cargando información');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    const policyCall = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect(policyCall[0]).toBe(
      '/api/v4/customers/linked-applications/3/policies/1?load%5BPolicy%5D=*%2Ccompany%2CriskType',
    );
    expect(new Headers(policyCall[1].headers).get('Authorization')).toBe('Bearer tok');

    release(json({ data: policyOf({ excludes: {} }) }));
    const dialog = await screen.findByRole('dialog', { name: 'Detalle de la contratación' });
    expect(within(dialog).getByRole('region', { name: 'Inclusiones' })).toBeInTheDocument();
    expect(within(dialog).getByText('Sin exclusiones')).toBeInTheDocument();
    expect(screen.queryByText('Cargando información')).not.toBeInTheDocument();
    void result;
  });

  it('asks the public catalogue for a policy lacking its excludes when nobody is signed in', async () => {
    const { fetchMock, release } = holdPolicyFetch();
    renderHosts();

    void openCoverageDialog({ coverage: coverageOf(), policy: { ...insurancePolicy, includes: {} } });
    // Under the configured application (spec §7): application_id 3 of this test's configuration.
    const policyCall = () =>
      fetchMock.mock.calls.map((call) => String(call[0])).find((url) => url.includes('policies'));
    await waitFor(() => expect(policyCall()).toBeDefined());
    expect(policyCall()).toBe(
      '/api/v4/applications/3/public-policies/1?load%5BPolicy%5D=*%2Ccompany%2CriskType',
    );
    release(json({ data: policyOf() }));
    expect(await screen.findByRole('region', { name: 'Exclusiones' })).toBeInTheDocument();
  });

  it('shows the error of a failed policy fetch, always dismisses the loader and still opens the dialog', async () => {
    const { release } = holdPolicyFetch();
    renderHosts();

    void openCoverageDialog({ coverage: coverageOf(), policy: insurancePolicy });
    expect(await screen.findByText('Cargando información')).toBeInTheDocument();
    release(json({ message: 'La póliza no existe o no está disponible.', error_code: 'not_found' }, 404));

    expect(await screen.findByText('La póliza no existe o no está disponible.')).toBeInTheDocument();
    expect(screen.getByText('Código: not_found')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Cargando información')).not.toBeInTheDocument());
    const dialog = await screen.findByRole('dialog', { name: 'Detalle de la contratación' });
    expect(within(dialog).getByRole('heading', { name: 'Robo' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('region', { name: 'Inclusiones' })).not.toBeInTheDocument();
  });

  it("'Ver más detalles' shows the coverage with its notes and its policy on the whole screen", async () => {
    const user = userEvent.setup();
    renderHosts();

    void openCoverageDialog({
      coverage: coverageOf(),
      policy: policyOf({ special_clauses: 'Cobertura in itinere incluida.' }),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Detalle de la contratación' });
    await user.click(within(dialog).getByRole('button', { name: 'Ver más detalles de Robo' }));

    const full = await screen.findByRole('dialog', { name: 'Robo' });
    expect(within(full).getByText('Reponemos un equipo de características similares.')).toBeInTheDocument();
    expect(within(full).getByRole('heading', { name: 'Póliza Celular Protegido' })).toBeInTheDocument();
    expect(within(full).getByText('Celular Protegido · Del Plata Seguros')).toBeInTheDocument();
    expect(within(full).getByText('Cobertura in itinere incluida.')).toBeInTheDocument();
    expect(within(full).getByRole('region', { name: 'Inclusiones' })).toBeInTheDocument();
  });

  it("resolves with 'confirm' from its contracting button", async () => {
    const user = userEvent.setup();
    renderHosts();
    const result = openCoverageDialog({
      coverage: coverageOf(),
      policy: policyOf(),
      confirmText: 'Contratar',
    });
    const dialog = await screen.findByRole('dialog', { name: 'Detalle de la contratación' });
    await user.click(within(dialog).getByRole('button', { name: 'Contratar' }));
    await expect(result).resolves.toEqual({ role: 'confirm', data: true });
  });
});
