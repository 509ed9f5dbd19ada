import { type InsuranceProcess, todayInArgentina } from '@cubierto/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { appConfigRoute, demoUser, mockApi } from '../../../../test/api-mock.ts';
import { renderRoutes } from '../../../../test/render.tsx';
import { createQueryClient } from '../../../shared/api/query-client.ts';
import { processOf } from '../testing/process-fixture.ts';
import { ContractPage } from './contract-page.tsx';

const VALID_IMEI = '490154203237518';

const policyAnswer = {
  body: {
    data: {
      id: 4,
      name: 'Póliza de prueba',
      includes: {},
      excludes: {},
      status: 'active',
      external_url: null,
      special_clauses: null,
      risk_type: { short_code: 'cell-phone' },
      company: {
        id: 1,
        name: 'Del Plata Seguros',
        legal_name: 'Aseguradora Del Plata S.A.',
        logo_filename: 'del-plata.svg',
        logo_url: '/api/v4/files/logos/del-plata.svg',
      },
    },
  },
};

function renderProcess(process: InsuranceProcess, extra: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({
    ...appConfigRoute,
    [`GET /customers/insurance-processes/${process.id}`]: { body: { data: process } },
    'GET /applications/1/public-policies/4': policyAnswer,
    'GET /customers/user': { body: { data: demoUser } },
    'GET /common/provinces': { body: { data: [{ id: 6, name: 'Córdoba', code: 'X' }] } },
    ...extra,
  });
  const client = createQueryClient();
  const view = renderRoutes(
    [
      {
        path: '/contract-insurance/:processId',
        element: (
          <QueryClientProvider client={client}>
            <ContractPage />
          </QueryClientProvider>
        ),
      },
    ],
    `/contract-insurance/${process.id}`,
  );
  return { api, ...view };
}

async function stepperLabels(): Promise<string[]> {
  const nav = await screen.findByRole('navigation', { name: 'Pasos de la contratación' });
  return Array.from(nav.querySelectorAll('.mantine-Stepper-stepLabel')).map(
    (label) => label.textContent ?? '',
  );
}

const stepHeading = (name: string) => screen.findByRole('heading', { level: 2, name });

describe('contract page: the steps of each risk type', () => {
  it('a cell phone asks for the phone and its two photos on one screen, then the dates and the taker', async () => {
    renderProcess(processOf('cell-phone'));
    expect(await stepHeading('Tu celular')).toBeInTheDocument();
    expect(await stepperLabels()).toEqual(['Tu celular', 'Vigencia', 'Tomador', 'Resumen']);
    expect(await screen.findByLabelText('Número IMEI')).toBeInTheDocument();
    // The photos below the phone's fields (issue 19): both at once, or each on its own.
    expect(screen.getByRole('button', { name: 'Subir las dos fotos' })).toBeInTheDocument();
    expect(screen.getByLabelText('Archivos de las dos fotos')).toHaveAttribute('multiple');
    expect(screen.getByRole('button', { name: 'Subir foto 1' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Subir foto 2' })).toBeInTheDocument();
    expect(screen.getByLabelText('Número de serie o SN (opcional)')).toBeInTheDocument();
    expect(screen.getByLabelText('Valor del equipo')).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Aseguradora Del Plata S.A.' })).toBeInTheDocument();
  });

  it('a personal accident asks for the insured, beneficiaries and the special clauses, then the taker', async () => {
    renderProcess(processOf('personal-accident'));
    expect(await stepHeading('Asegurado')).toBeInTheDocument();
    expect(await stepperLabels()).toEqual(['Asegurado', 'Tomador', 'Resumen']);
    const insured = await screen.findByRole('group', { name: 'Asegurado' });
    // Prefilled with the customer's own name and DNI.
    expect(within(insured).getByLabelText('Nombre')).toHaveValue('Sofía');
    expect(within(insured).getByLabelText('DNI')).toHaveValue('30123456');
    expect(screen.getByText('Cláusula de no repetición.')).toBeInTheDocument();
    expect(screen.getByLabelText('Leí y acepto las cláusulas especiales')).not.toBeChecked();
    expect(screen.queryByLabelText('Número IMEI')).not.toBeInTheDocument();
  });

  it('a home asks for the dates first, and resumes at the address with the saved dates kept', async () => {
    const user = userEvent.setup();
    renderProcess(
      processOf('home', {
        answers: { dates: { start_date: '2030-03-01', end_date: '2030-09-01' } },
        next_step: 'risk',
      }),
    );
    expect(await stepHeading('Tu hogar')).toBeInTheDocument();
    expect(await stepperLabels()).toEqual(['Vigencia', 'Tu hogar', 'Tomador', 'Resumen']);
    expect(screen.getByText('Paso 2 de 4')).toBeInTheDocument();
    expect(await screen.findByLabelText('Calle')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Provincia' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Volver' }));
    expect(await stepHeading('Vigencia')).toBeInTheDocument();
    expect(screen.getByLabelText('Inicio de la cobertura')).toHaveValue('2030-03-01');
    expect(screen.getByLabelText('Fin de la cobertura')).toHaveValue('2030-09-01');
  });
});

describe('contract page: validation', () => {
  async function fillPhone(user: ReturnType<typeof userEvent.setup>, imei: string) {
    await user.type(await screen.findByLabelText('Marca'), 'Samsung');
    await user.type(screen.getByLabelText('Modelo'), 'Galaxy A54');
    await user.type(screen.getByLabelText('Número IMEI'), imei);
    await user.type(screen.getByLabelText('Número de serie o SN (opcional)'), 'R58T12345XY');
    await user.type(screen.getByLabelText('Valor del equipo'), '450000');
  }

  it("shows the shared schema's IMEI message on the field, keeps the input and sends nothing", async () => {
    const user = userEvent.setup();
    const { api } = renderProcess(processOf('cell-phone'));
    await fillPhone(user, '490154203237519');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));

    const imei = screen.getByLabelText('Número IMEI');
    expect(
      await screen.findByText('El IMEI debe tener 15 números y ser válido. Marcá *#06# para verlo.'),
    ).toBeInTheDocument();
    expect(imei).toHaveAttribute('aria-invalid', 'true');
    expect(imei).toHaveValue('49-015420-323751-9');
    expect(screen.getByLabelText('Marca')).toHaveValue('Samsung');
    expect(api.callsTo('PUT', '/customers/insurance-processes/12/steps/risk')).toHaveLength(0);
  });

  const png = (name: string) => new File(['png'], name, { type: 'image/png' });
  const uploads = () => {
    let id = 50;
    return {
      'POST /customers/uploads': () => {
        id += 1;
        return {
          status: 201,
          body: { data: { id, kind: 'risk_photo', content_type: 'image/png', size_bytes: 3 } },
        };
      },
    };
  };

  it('asks for both photos beside the phone, then saves the phone and the photos in one Continuar', async () => {
    const user = userEvent.setup();
    const risk = {
      brand: 'Samsung',
      model: 'Galaxy A54',
      imei: VALID_IMEI,
      serial_number: 'R58T12345XY',
      insured_amount_cents: 45_000_000,
    };
    const riskSaved = processOf('cell-phone', { answers: { risk }, next_step: 'photos' });
    const photosSaved = processOf('cell-phone', {
      answers: {
        risk,
        photos: { photos: [51, 52] },
        dates: { start_date: '2030-03-01', end_date: '2030-03-31' },
      },
      next_step: 'taker',
    });
    const { api } = renderProcess(processOf('cell-phone'), {
      ...uploads(),
      'GET /customers/entities': { body: { data: [] } },
      'PUT /customers/insurance-processes/12/steps/risk': { body: { data: riskSaved } },
      'PUT /customers/insurance-processes/12/steps/photos': { body: { data: photosSaved } },
    });
    await fillPhone(user, VALID_IMEI);
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    // Without the photos nothing is saved, and each missing photo says so beside it.
    expect(await screen.findByText('Falta la foto 1.')).toBeInTheDocument();
    expect(within(screen.getByTestId('photo-slot-2')).getByText('Falta la foto 2.')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/customers/insurance-processes/12/steps/risk')).toHaveLength(0);

    // One pick of two images fills photo 1 then photo 2.
    fireEvent.change(screen.getByLabelText('Archivos de las dos fotos'), {
      target: { files: [png('imei.png'), png('selfie.png')] },
    });
    expect(await screen.findByRole('button', { name: 'Cambiar foto 1' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Cambiar foto 2' })).toBeInTheDocument();
    expect(screen.queryByText('Falta la foto 1.')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Subir las dos fotos' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Continuar' }));

    expect(await stepHeading('Tomador')).toBeInTheDocument();
    const [put] = api.callsTo('PUT', '/customers/insurance-processes/12/steps/risk');
    expect(JSON.parse(String(put?.body))).toEqual(risk);
    const [photos] = api.callsTo('PUT', '/customers/insurance-processes/12/steps/photos');
    expect(JSON.parse(String(photos?.body))).toEqual({ photos: [51, 52] });
  });

  it("one image chosen fills the first empty slot; the photos' refusal lands beside them, the phone kept", async () => {
    const user = userEvent.setup();
    const risk = { brand: 'Samsung', model: 'A54', imei: VALID_IMEI, insured_amount_cents: 45_000_000 };
    // Left with only the phone answered: it opens on the phone's screen, the photos to add.
    const { api } = renderProcess(processOf('cell-phone', { answers: { risk }, next_step: 'photos' }), {
      ...uploads(),
      'PUT /customers/insurance-processes/12/steps/risk': {
        body: { data: processOf('cell-phone', { answers: { risk }, next_step: 'photos' }) },
      },
      'PUT /customers/insurance-processes/12/steps/photos': {
        status: 422,
        body: {
          message: 'Revisá los datos.',
          validations: { photos: ['Una de las fotos ya no está disponible. Subila de nuevo.'] },
          error_code: 'validation_failed',
        },
      },
    });
    expect(await stepHeading('Tu celular')).toBeInTheDocument();
    expect(await screen.findByLabelText('Marca')).toHaveValue('Samsung');
    const pickOne = (name: string) =>
      fireEvent.change(screen.getByLabelText('Archivos de las dos fotos'), {
        target: { files: [png(name)] },
      });
    pickOne('imei.png');
    expect(await screen.findByRole('button', { name: 'Cambiar foto 1' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Subir foto 2' })).toBeInTheDocument();
    pickOne('selfie.png');
    expect(await screen.findByRole('button', { name: 'Cambiar foto 2' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continuar' }));

    expect(
      await screen.findByText('Una de las fotos ya no está disponible. Subila de nuevo.'),
    ).toBeInTheDocument();
    expect(api.callsTo('PUT', '/customers/insurance-processes/12/steps/risk')).toHaveLength(1);
    const [photos] = api.callsTo('PUT', '/customers/insurance-processes/12/steps/photos');
    expect(JSON.parse(String(photos?.body))).toEqual({ photos: [51, 52] });
    expect(screen.getByRole('heading', { level: 2, name: 'Tu celular' })).toBeInTheDocument();
    expect(screen.getByLabelText('Marca')).toHaveValue('Samsung');
  });

  it("puts the API's 422 messages on the fields they name, others above the form, and keeps the input", async () => {
    const user = userEvent.setup();
    const { api } = renderProcess(processOf('telemedicine'), {
      'PUT /customers/insurance-processes/12/steps/risk': {
        status: 422,
        body: {
          message: 'Revisá los datos.',
          validations: {
            'insured.dni': ['El DNI no coincide con el padrón.'],
            'insured.birth_date': ['La persona asegurada debe ser mayor de edad.'],
            _: ['La cobertura cambió; revisá el precio.'],
          },
          error_code: 'validation_failed',
        },
      },
    });
    const patient = await screen.findByRole('group', { name: 'Paciente' });
    fireEvent.change(within(patient).getByLabelText('Fecha de nacimiento'), {
      target: { value: '2012-05-20' },
    });
    await user.click(within(patient).getByRole('combobox', { name: 'Género' }));
    await user.click(await screen.findByRole('option', { name: 'Femenino', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Continuar' }));

    await waitFor(() =>
      expect(api.callsTo('PUT', '/customers/insurance-processes/12/steps/risk')).toHaveLength(1),
    );
    const dni = within(patient).getByLabelText('DNI');
    expect(await screen.findByText('El DNI no coincide con el padrón.')).toBeInTheDocument();
    expect(dni).toHaveAttribute('aria-invalid', 'true');
    expect(dni).toHaveValue('30123456');
    expect(within(patient).getByLabelText('Fecha de nacimiento')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('La persona asegurada debe ser mayor de edad.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('La cobertura cambió; revisá el precio.');
    expect(screen.getByRole('heading', { level: 2, name: 'Paciente' })).toBeInTheDocument();
  });
});

describe('contract page: the price as the answers are typed (issue 19 item 1)', () => {
  const phoneCoverage = (process: InsuranceProcess): InsuranceProcess['coverage'] => ({
    ...process.coverage,
    premium_from: {
      amount_cents: 343_035,
      amount_nice: '$ 3.430,35',
      period: 'mes',
      periods: 1,
      insured_amount_cents: 15_000_000,
      insured_amount_nice: '$ 150.000,00',
      trip_type: null,
    },
    price_terms: {
      pricing: {
        kind: 'by_insured_amount',
        monthly_rate_per_mille: 18,
        min_insured_cents: 15_000_000,
        max_insured_cents: 150_000_000,
      },
      surcharge_bps: 500,
      tax_bps: 2100,
    },
  });
  const flat = (text: string | null) => (text ?? '').replace(/\s+/g, ' ');

  it('a phone: "desde" says its insured amount, and the price follows the value typed', async () => {
    const user = userEvent.setup();
    const base = processOf('cell-phone');
    renderProcess({ ...base, coverage: phoneCoverage(base) });
    await stepHeading('Tu celular');
    const header = screen.getByRole('banner');
    expect(flat(header.textContent)).toContain('Desde $ 3.430,35/mes por una suma asegurada de $ 150.000,00');
    const live = await screen.findByTestId('live-price');
    expect(live).toHaveTextContent('');
    await user.type(screen.getByLabelText('Valor del equipo'), '150000');
    // 2.700 net + 5 % surcharges + 21 % taxes: the "desde" itself.
    expect(flat(live.textContent)).toBe(
      'Con estos datos pagás $ 3.430,35 por 1 mes, con recargos e impuestos incluidos.',
    );
    await user.clear(screen.getByLabelText('Valor del equipo'));
    await user.type(screen.getByLabelText('Valor del equipo'), '450000');
    expect(flat(live.textContent)).toBe(
      'Con estos datos pagás $ 10.291,05 por 1 mes, con recargos e impuestos incluidos.',
    );
  });

  it('a trip: the price is for the days of the trip the dates propose, on the trip screen', async () => {
    const base = processOf('travel-assistance');
    renderProcess({
      ...base,
      coverage: {
        ...base.coverage,
        price_terms: {
          pricing: {
            kind: 'travel_by_days',
            daily_cents: { one_trip: 190_000, multi_trip: 150_000, long_stay: 110_000 },
          },
          surcharge_bps: 500,
          tax_bps: 2100,
        },
      },
      answers: {
        risk: {
          trip_type: 'one_trip',
          destination: 'Brasil',
          travellers: [
            { first_name: 'Ana', last_name: 'Paz', dni: '30123456', birth_date: '1990-05-04', gender: 'f' },
          ],
        },
      },
      next_step: 'dates',
    });
    const live = await screen.findByTestId('live-price');
    // Proposed: today and 7 days later, 8 days of trip at 1.900 a day + 5 % + 21 %.
    expect(flat(live.textContent)).toBe(
      'Con estos datos pagás $ 19.311,60 por 8 días, con recargos e impuestos incluidos.',
    );
  });

  it('once the value and the dates are saved, the header shows their price for the months covered', async () => {
    const base = processOf('cell-phone');
    renderProcess({
      ...base,
      coverage: phoneCoverage(base),
      answers: {
        risk: { insured_amount_cents: 45_000_000 },
        dates: { start_date: '2030-03-01', end_date: '2030-06-01' },
      },
      next_step: 'photos',
    });
    await stepHeading('Tu celular');
    expect(flat(screen.getByRole('banner').textContent)).toContain('Tu precio: $ 30.873,15 por 3 meses');
  });
});

describe('contract page: fewer taps (issue 19 item 5)', () => {
  const ownPerson = { ...demoUser.entity, role: 'owner' };

  it('answers the cover dates and lands on the address, the stepper naming every step', async () => {
    const home = processOf('home');
    const datesSaved = processOf('home', {
      answers: { dates: { start_date: '2030-03-01', end_date: '2030-03-31' } },
      next_step: 'risk',
    });
    const { api } = renderProcess(home, {
      'PUT /customers/insurance-processes/12/steps/dates': { body: { data: datesSaved } },
    });
    expect(await stepHeading('Tu hogar')).toBeInTheDocument();
    const [put] = api.callsTo('PUT', '/customers/insurance-processes/12/steps/dates');
    const body = JSON.parse(String(put?.body)) as { start_date: string; end_date: string };
    expect(body.end_date > body.start_date).toBe(true);
    expect(await stepperLabels()).toEqual(['Vigencia', 'Tu hogar', 'Tomador', 'Resumen']);
    // The answered step stays open from the stepper.
    const nav = screen.getByRole('navigation', { name: 'Pasos de la contratación' });
    await userEvent.setup().click(within(nav).getByRole('button', { name: /Vigencia/ }));
    expect(await stepHeading('Vigencia')).toBeInTheDocument();
  });

  it('after the last question, answers the taker with the customer and goes to the summary', async () => {
    const user = userEvent.setup();
    const risk = {
      trip_type: 'one_trip',
      destination: 'Brasil',
      travellers: [
        { first_name: 'Ana', last_name: 'Paz', dni: '30123456', birth_date: '1990-05-04', gender: 'f' },
      ],
    };
    const trip = processOf('travel-assistance', { answers: { risk }, next_step: 'dates' });
    const datesSaved = processOf('travel-assistance', {
      answers: { risk, dates: { start_date: '2030-03-01', end_date: '2030-03-08' } },
      next_step: 'taker',
    });
    const done = processOf('travel-assistance', {
      answers: { ...datesSaved.answers, taker: { taker_entity_id: 7, billing_entity_id: 7 } },
      next_step: 'quote',
    });
    const { api } = renderProcess(trip, {
      'GET /customers/entities': { body: { data: [ownPerson] } },
      'PUT /customers/insurance-processes/12/steps/risk': { body: { data: trip } },
      'PUT /customers/insurance-processes/12/steps/dates': { body: { data: datesSaved } },
      'PUT /customers/insurance-processes/12/steps/taker': { body: { data: done } },
    });
    // A trip's dates are asked, on the trip's screen below the travellers (issue 19).
    expect(await stepHeading('Tu viaje')).toBeInTheDocument();
    expect(await screen.findByRole('group', { name: 'Fechas del viaje' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await stepHeading('Resumen')).toBeInTheDocument();
    const [taker] = api.callsTo('PUT', '/customers/insurance-processes/12/steps/taker');
    expect(JSON.parse(String(taker?.body))).toEqual({ taker_entity_id: 7, billing_entity_id: 7 });
  });

  it('a photo button opens the file picker at once; "¿Cómo saco la foto?" still shows the instructions', async () => {
    const user = userEvent.setup();
    renderProcess(
      processOf('cell-phone', {
        answers: { risk: { brand: 'Samsung' } },
        next_step: 'photos',
      }),
    );
    await stepHeading('Tu celular');
    const input = (await screen.findByLabelText('Archivo de la foto 1')) as HTMLInputElement;
    let opened = 0;
    input.addEventListener('click', () => {
      opened += 1;
    });
    const button = screen.getByRole('button', { name: 'Subir foto 1' });
    expect(button).toHaveAccessibleDescription('Captura de pantalla del IMEI (marcá *#06#).');
    await user.click(button);
    await waitFor(() => expect(opened).toBe(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '¿Cómo saco la foto? Foto 2' }));
    expect(await screen.findByRole('dialog', { name: 'Foto 2: selfie en el espejo' })).toBeInTheDocument();
  });

  it("the header's 'Detalles' opens a sheet with the policy, the coverage's detail and the way out", async () => {
    const user = userEvent.setup();
    renderProcess(processOf('cell-phone'));
    await stepHeading('Tu celular');
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Detalles' }));
    const sheet = await screen.findByRole('dialog', { name: 'Tu contratación' });
    expect(within(sheet).getByText('Póliza de prueba · Del Plata Seguros')).toBeInTheDocument();
    expect(within(sheet).getByRole('button', { name: 'Ver detalle de la cobertura' })).toBeInTheDocument();
    expect(within(sheet).getByRole('button', { name: 'Descartar contratación' })).toBeInTheDocument();
  });
});

describe('contract page: the answers of the last contracts, offered (issue 19 item 5)', () => {
  const juan = {
    first_name: 'Juan',
    last_name: 'Gómez',
    dni: '28123456',
    birth_date: '1988-11-02',
    gender: 'm',
  };
  const suggestions = (data: object) => ({
    'GET /customers/insurance-processes/suggestions': {
      body: { data: { people: [], vehicles: [], addresses: [], choices: {}, ...data } },
    },
  });

  const sofia = {
    first_name: 'Sofía',
    last_name: 'Demo',
    dni: '30123456',
    birth_date: '1990-04-12',
    gender: 'f',
  };

  it('a returning traveller finds their last trip type and themselves chosen; others are one tap away', async () => {
    const user = userEvent.setup();
    const { api } = renderProcess(
      processOf('travel-assistance'),
      suggestions({ people: [juan, sofia], choices: { 'travel-assistance': { trip_type: 'multi_trip' } } }),
    );
    expect(await screen.findByRole('combobox', { name: 'Tipo de viaje' })).toHaveValue('Multiviaje');
    // The customer's own person (the account's DNI) is the first traveller, shown as chosen.
    const chosen = await screen.findByTestId('chosen-traveller');
    expect(chosen).toHaveTextContent('Sofía Demo');
    expect(chosen).toHaveTextContent('DNI 30123456');
    expect(screen.queryByRole('group', { name: 'Viajero 1' })).toBeNull();
    // Juan is offered; a tap adds him as the second traveller, chosen too.
    expect(screen.queryByRole('button', { name: 'Sumar a Sofía Demo como viajero' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Sumar a Juan Gómez como viajero' }));
    expect(await screen.findAllByTestId('chosen-traveller')).toHaveLength(2);
    expect(screen.queryByTestId('suggestions')).toBeNull();
    // The departure is today; the return is the customer's to say, on the same screen.
    await user.type(screen.getByLabelText('Destino'), 'Chile');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await waitFor(() =>
      expect(api.callsTo('PUT', '/customers/insurance-processes/12/steps/risk')).toHaveLength(1),
    );
    const [risk] = api.callsTo('PUT', '/customers/insurance-processes/12/steps/risk');
    expect(JSON.parse(String(risk?.body))).toEqual({
      trip_type: 'multi_trip',
      destination: 'Chile',
      travellers: [sofia, juan],
    });
  });

  it('the chosen traveller can be removed (an empty traveller to fill is left) and offered again', async () => {
    const user = userEvent.setup();
    renderProcess(processOf('travel-assistance'), suggestions({ people: [sofia] }));
    await screen.findByTestId('chosen-traveller');
    await user.click(screen.getByRole('button', { name: 'Quitar viajero 1' }));
    const traveller = await screen.findByRole('group', { name: 'Viajero 1' });
    expect(within(traveller).getByLabelText('Nombre')).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Sumar a Sofía Demo como viajero' }));
    expect(await screen.findByTestId('chosen-traveller')).toHaveTextContent('Sofía Demo');
  });

  it('a new customer: one trip proposed, the traveller form with their name and DNI, nothing offered', async () => {
    renderProcess(processOf('travel-assistance'), suggestions({}));
    expect(await screen.findByRole('combobox', { name: 'Tipo de viaje' })).toHaveValue('Un viaje');
    const traveller = await screen.findByRole('group', { name: 'Viajero 1' });
    expect(within(traveller).getByLabelText('Nombre')).toHaveValue('Sofía');
    expect(within(traveller).getByLabelText('DNI')).toHaveValue('30123456');
    expect(within(traveller).getByLabelText('Fecha de nacimiento')).toHaveValue('');
    expect(screen.queryByTestId('suggestions')).toBeNull();
    expect(screen.queryByTestId('chosen-traveller')).toBeNull();
    expect(screen.getByLabelText('Salida')).toHaveValue(todayInArgentina());
  });

  it('a traveller whose DNI is typed but not the rest is completed by one tap on that person', async () => {
    const user = userEvent.setup();
    renderProcess(processOf('travel-assistance'), suggestions({ people: [juan] }));
    const traveller = await screen.findByRole('group', { name: 'Viajero 1' });
    await user.clear(within(traveller).getByLabelText('DNI'));
    await user.type(within(traveller).getByLabelText('DNI'), '28123456');
    await user.click(screen.getByRole('button', { name: 'Sumar a Juan Gómez como viajero' }));
    const chosen = await screen.findByTestId('chosen-traveller');
    expect(chosen).toHaveTextContent('Juan Gómez');
    expect(screen.queryByRole('group', { name: 'Viajero 2' })).toBeNull();
  });

  it('a motorcycle of an earlier contract fills the plate and its data; an address fills a home', async () => {
    const user = userEvent.setup();
    const year = new Date().getFullYear() - 3;
    const moto = {
      plate: 'AB123CD',
      brand: 'Honda',
      model: 'Wave 110',
      year,
      engine_number: 'JA45E1234567',
      chassis_number: '8CHJA4500PA123456',
    };
    renderProcess(processOf('motorcycle'), suggestions({ vehicles: [moto] }));
    await user.click(await screen.findByRole('button', { name: 'Completar con AB123CD · Honda Wave 110' }));
    expect(screen.getByLabelText('Marca')).toHaveValue('Honda');
    expect(screen.getByLabelText('Número de chasis')).toHaveValue('8CHJA4500PA123456');
    expect(screen.getByRole('combobox', { name: 'Año' })).toHaveValue(String(year));
  });
});
