import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { appConfigRoute, mockApi } from '../../../../test/api-mock.ts';
import { renderRoutes } from '../../../../test/render.tsx';
import { createQueryClient } from '../../../shared/api/query-client.ts';
import { InsurancePollCard } from './insurance-poll-card.tsx';

const POLL = 'POST /customers/poll-question-response/4/insurance-poll';
const ANSWERS = 'PUT /customers/poll-question-response/4/insurance-poll';

// The deployment's fixed entity type id (spec §9) is 4; the insurance, 9, travels in the query.
const appConfig = {
  'GET /common/app-config': {
    body: { data: { ...appConfigRoute['GET /common/app-config'].body.data, entity_type_id: 4 } },
  },
};

const questions = [
  { id: 1, poll_question: { id: 11, name: '¿Nos recomendarías?', values: '1,2,3,4,5' }, response: null },
  // A remembered answer does not count: every question starts unanswered (spec §4).
  { id: 2, poll_question: { id: 12, name: '¿Volverías a contratar?', values: '1,2,3,4,5' }, response: '3' },
];

function renderPoll() {
  renderRoutes(
    [
      {
        path: '*',
        element: (
          <QueryClientProvider client={createQueryClient()}>
            <InsurancePollCard insuranceId={9} />
          </QueryClientProvider>
        ),
      },
    ],
    '/',
  );
}

describe('the poll below a payment (spec §2 dialog 6)', () => {
  it("keeps 'Enviar encuesta' disabled until every question has an answer, then sends them all", async () => {
    const api = mockApi({
      ...appConfig,
      [POLL]: { body: { data: questions } },
      [ANSWERS]: { body: { data: questions } },
    });
    renderPoll();

    const send = await screen.findByRole('button', { name: 'Enviar encuesta' });
    expect(send).toBeDisabled();
    expect(screen.getAllByText('Menos probable')).toHaveLength(2);
    expect(screen.getAllByText('Más probable')).toHaveLength(2);

    const user = userEvent.setup();
    await user.click(screen.getAllByRole('radio', { name: '5, Más probable' })[0]!);
    expect(send).toBeDisabled();
    await user.click(screen.getAllByRole('radio', { name: '1, Menos probable' })[1]!);
    expect(send).toBeEnabled();
    await user.click(send);

    expect(await screen.findByText('¡Gracias por contarnos!')).toBeInTheDocument();
    const [sent] = api.callsTo('PUT', '/customers/poll-question-response/4/insurance-poll');
    expect(new URL(sent?.url ?? '', 'http://x').searchParams.get('insurance_id')).toBe('9');
    const [opened] = api.callsTo('POST', '/customers/poll-question-response/4/insurance-poll');
    expect(new URL(opened?.url ?? '', 'http://x').searchParams.get('insurance_id')).toBe('9');
    expect(JSON.parse(String(sent?.body))).toEqual({
      responses: [
        { id: 1, response: '5' },
        { id: 2, response: '1' },
      ],
    });
    await waitFor(() => expect(screen.queryByText('Enviar encuesta')).not.toBeInTheDocument());
  });

  it("'Saltar encuesta >' puts it away without sending", async () => {
    const api = mockApi({
      ...appConfig,
      [POLL]: { body: { data: questions } },
    });
    renderPoll();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Saltar encuesta >' }));
    await waitFor(() => expect(screen.queryByText('Contanos tu experiencia')).not.toBeInTheDocument());
    expect(api.callsTo('PUT', '/customers/poll-question-response/4/insurance-poll')).toHaveLength(0);
  });

  it('a failed submit shows the error and still closes', async () => {
    mockApi({
      ...appConfig,
      [POLL]: { body: { data: [questions[0]] } },
      [ANSWERS]: { status: 422, body: { message: 'La encuesta ya fue respondida.' } },
    });
    renderPoll();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: '3' }));
    await user.click(screen.getByRole('button', { name: 'Enviar encuesta' }));
    expect(await screen.findByText('La encuesta ya fue respondida.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Enviar encuesta')).not.toBeInTheDocument());
  });
});
