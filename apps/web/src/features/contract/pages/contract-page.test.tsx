import type { InsuranceProcess } from '@cubierto/contracts';
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
  it('a cell phone asks for the phone, two photos, the dates and the taker, starting with the phone', async () => {
    renderProcess(processOf('cell-phone'));
    expect(await stepHeading('Tu celular')).toBeInTheDocument();
    expect(await stepperLabels()).toEqual(['Tu celular', 'Fotos', 'Vigencia', 'Tomador', 'Resumen']);
    expect(screen.getByLabelText('Número IMEI')).toBeInTheDocument();
    expect(screen.getByLabelText('Número de serie o SN (opcional)')).toBeInTheDocument();
    expect(screen.getByLabelText('Valor del equipo')).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Aseguradora Del Plata S.A.' })).toBeInTheDocument();
  });

  it('a personal accident asks for the insured, beneficiaries and the special clauses, then the taker', async () => {
    renderProcess(processOf('personal-accident'));
    expect(await stepHeading('Asegurado')).toBeInTheDocument();
    expect(await stepperLabels()).toEqual(['Asegurado', 'Tomador', 'Resumen']);
    const insured = screen.getByRole('group', { name: 'Asegurado' });
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
    expect(screen.getByLabelText('Calle')).toBeInTheDocument();
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

  it('saves the step with the amount in centavos and moves on to the photos', async () => {
    const user = userEvent.setup();
    const saved = processOf('cell-phone', {
      answers: {
        risk: {
          brand: 'Samsung',
          model: 'Galaxy A54',
          imei: VALID_IMEI,
          serial_number: 'R58T12345XY',
          insured_amount_cents: 45_000_000,
        },
      },
      next_step: 'photos',
    });
    const { api } = renderProcess(processOf('cell-phone'), {
      'PUT /customers/insurance-processes/12/steps/risk': { body: { data: saved } },
    });
    await fillPhone(user, VALID_IMEI);
    await user.click(screen.getByRole('button', { name: 'Continuar' }));

    expect(await stepHeading('Fotos')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Subir foto 1' })).toBeInTheDocument();
    const [put] = api.callsTo('PUT', '/customers/insurance-processes/12/steps/risk');
    expect(JSON.parse(String(put?.body))).toEqual(saved.answers.risk);
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

  it('a trip: the price is for the days of the trip the dates step proposes', async () => {
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
    await stepHeading('Fotos');
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
      'PUT /customers/insurance-processes/12/steps/dates': { body: { data: datesSaved } },
      'PUT /customers/insurance-processes/12/steps/taker': { body: { data: done } },
    });
    // A trip's dates are asked.
    expect(await stepHeading('Fechas del viaje')).toBeInTheDocument();
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
    await stepHeading('Fotos');
    const input = screen.getByLabelText('Archivo de la foto 1') as HTMLInputElement;
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

  it('a traveller of an earlier trip fills the traveller in one tap: name, DNI, birth date and gender', async () => {
    const user = userEvent.setup();
    renderProcess(processOf('travel-assistance'), suggestions({ people: [juan] }));
    const traveller = await screen.findByRole('group', { name: 'Viajero 1' });
    await user.click(await within(traveller).findByRole('button', { name: 'Completar con Juan Gómez' }));
    expect(within(traveller).getByLabelText('Nombre')).toHaveValue('Juan');
    expect(within(traveller).getByLabelText('Apellido')).toHaveValue('Gómez');
    expect(within(traveller).getByLabelText('DNI')).toHaveValue('28123456');
    expect(within(traveller).getByLabelText('Fecha de nacimiento')).toHaveValue('1988-11-02');
    expect(within(traveller).getByRole('combobox', { name: 'Género' })).toHaveValue('Masculino');
    // Once there, the same person is not offered again for that traveller.
    expect(within(traveller).queryByRole('button', { name: 'Completar con Juan Gómez' })).toBeNull();
  });

  it('a traveller whose name and DNI are typed but not the rest is still offered, and one tap completes them', async () => {
    const user = userEvent.setup();
    renderProcess(processOf('travel-assistance'), suggestions({ people: [juan] }));
    const traveller = await screen.findByRole('group', { name: 'Viajero 1' });
    await user.clear(within(traveller).getByLabelText('DNI'));
    await user.type(within(traveller).getByLabelText('DNI'), '28123456');
    await user.click(await within(traveller).findByRole('button', { name: 'Completar con Juan Gómez' }));
    expect(within(traveller).getByLabelText('Fecha de nacimiento')).toHaveValue('1988-11-02');
    expect(within(traveller).getByRole('combobox', { name: 'Género' })).toHaveValue('Masculino');
    expect(within(traveller).queryByRole('button', { name: 'Completar con Juan Gómez' })).toBeNull();
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

  it('offers nothing to a first-time customer', async () => {
    renderProcess(processOf('travel-assistance'), suggestions({}));
    await screen.findByRole('group', { name: 'Viajero 1' });
    expect(screen.queryByTestId('suggestions')).toBeNull();
  });
});
