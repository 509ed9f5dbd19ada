import { type Entity, type RiskTypeCode, stepsFor } from '@cubierto/contracts';
import { describe, expect, it } from 'vitest';
import { processOf } from '../testing/process-fixture.ts';
import {
  answerableWithoutAsking,
  answersWithoutAsking,
  flowOf,
  isReachable,
  screenOf,
  screenSteps,
  stepAfterSaving,
} from './flow.ts';

const flowProcess = (code: RiskTypeCode) => ({ steps: stepsFor(code), risk_type: { short_code: code } });
const home = flowProcess('home');

describe('the flow of a contract', () => {
  it('shows the screens of the risk type in the order of its flow group, then the summary', () => {
    expect(flowOf(flowProcess('cell-phone'))).toEqual(['risk', 'dates', 'taker', 'quote']);
    expect(flowOf(flowProcess('bicycle'))).toEqual(['risk', 'dates', 'taker', 'quote']);
    expect(flowOf(flowProcess('travel-assistance'))).toEqual(['risk', 'taker', 'quote']);
    expect(flowOf(flowProcess('personal-accident'))).toEqual(['risk', 'taker', 'quote']);
    expect(flowOf(home)).toEqual(['dates', 'risk', 'taker', 'quote']);
  });

  it("asks the photos and a trip's dates on the risk screen, each saved as its own step after 'risk' (issue 19)", () => {
    expect(screenSteps(flowProcess('cell-phone'), 'risk')).toEqual(['risk', 'photos']);
    expect(screenSteps(flowProcess('travel-assistance'), 'risk')).toEqual(['risk', 'dates']);
    expect(screenSteps(flowProcess('motorcycle'), 'risk')).toEqual(['risk']);
    // The standard flow's cover dates come first, on their own screen.
    expect(screenSteps(home, 'dates')).toEqual(['dates']);
    expect(screenOf(flowProcess('cell-phone'), 'photos')).toBe('risk');
    expect(screenOf(flowProcess('travel-assistance'), 'dates')).toBe('risk');
    expect(screenOf(flowProcess('cell-phone'), 'dates')).toBe('dates');
  });

  it('lets the customer open answered screens and the first unanswered one, not later ones', () => {
    const process = { ...home, next_step: 'risk' as const };
    expect(isReachable(process, 'dates')).toBe(true);
    expect(isReachable(process, 'risk')).toBe(true);
    expect(isReachable(process, 'taker')).toBe(false);
    expect(isReachable(process, 'quote')).toBe(false);
  });

  it('goes on to the first screen with a step unanswered after saving, past the ones already answered', () => {
    expect(stepAfterSaving({ ...home, next_step: 'quote' })).toBe('quote');
    expect(stepAfterSaving({ ...home, next_step: 'taker' })).toBe('taker');
    // A phone left with only 'risk' answered opens the risk screen, its photos to add.
    const phone = { ...flowProcess('cell-phone'), next_step: 'photos' as const };
    expect(stepAfterSaving(phone)).toBe('risk');
    expect(isReachable(phone, 'risk')).toBe(true);
    expect(isReachable(phone, 'dates')).toBe(false);
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
