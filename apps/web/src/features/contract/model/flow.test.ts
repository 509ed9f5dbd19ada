import { type Entity, stepsFor } from '@cubierto/contracts';
import { describe, expect, it } from 'vitest';
import { processOf } from '../testing/process-fixture.ts';
import {
  answerableWithoutAsking,
  answersWithoutAsking,
  flowOf,
  isReachable,
  stepAfterSaving,
} from './flow.ts';

const home = { steps: stepsFor('home') };

describe('the flow of a contract', () => {
  it('shows the steps of the risk type in the order of its flow group, then the summary', () => {
    expect(flowOf({ steps: stepsFor('cell-phone') })).toEqual(['risk', 'photos', 'dates', 'taker', 'quote']);
    expect(flowOf({ steps: stepsFor('personal-accident') })).toEqual(['risk', 'taker', 'quote']);
    expect(flowOf(home)).toEqual(['dates', 'risk', 'taker', 'quote']);
  });

  it('lets the customer open answered steps and the first unanswered one, not later ones', () => {
    const process = { ...home, next_step: 'risk' as const };
    expect(isReachable(process, 'dates')).toBe(true);
    expect(isReachable(process, 'risk')).toBe(true);
    expect(isReachable(process, 'taker')).toBe(false);
    expect(isReachable(process, 'quote')).toBe(false);
  });

  it('goes on to the first step still unanswered after saving, past the ones already answered', () => {
    expect(stepAfterSaving({ next_step: 'quote' })).toBe('quote');
    expect(stepAfterSaving({ next_step: 'taker' })).toBe('taker');
  });
});

describe('steps the flow answers itself (issue 19 item 5)', () => {
  const today = '2030-03-01';
  const entities = [
    { id: 7, kind: 'person', name: 'Sofía Demo', document_type: 'DNI', document_number: '30123456' },
  ] as unknown as Entity[];

  it('answers the cover dates with a month from today and the taker with the customer', () => {
    const home = processOf('home');
    expect(answerableWithoutAsking('home', 'dates')).toBe(true);
    expect(answersWithoutAsking(home, 'dates', { today })).toEqual({
      start_date: '2030-03-01',
      end_date: '2030-03-31',
    });
    expect(
      answersWithoutAsking(processOf('home', { next_step: 'taker' }), 'taker', { today, entities }),
    ).toEqual({ taker_entity_id: 7, billing_entity_id: 7 });
  });

  it("asks a trip's dates, what is insured, and the taker of a customer without a person of their own", () => {
    const trip = processOf('travel-assistance');
    expect(answerableWithoutAsking('travel-assistance', 'dates')).toBe(false);
    expect(answersWithoutAsking(trip, 'dates', { today })).toBeNull();
    expect(answerableWithoutAsking('cell-phone', 'risk')).toBe(false);
    expect(answerableWithoutAsking('cell-phone', 'photos')).toBe(false);
    expect(answersWithoutAsking(processOf('home'), 'taker', { today, entities: [] })).toBeNull();
  });

  it('never answers again a step the customer already answered', () => {
    const answered = processOf('home', {
      answers: { dates: { start_date: '2030-05-01', end_date: '2030-12-01' } },
    });
    expect(answersWithoutAsking(answered, 'dates', { today })).toBeNull();
  });
});
