import { stepsFor } from '@cubierto/contracts';
import { describe, expect, it } from 'vitest';
import { flowOf, isReachable, stepAfterSaving } from './flow.ts';

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

  it('walks on to the following step after an edit, or back to the summary when the edit started there', () => {
    const answered = { ...home, next_step: 'quote' as const };
    expect(stepAfterSaving(answered, 'dates', false)).toBe('risk');
    expect(stepAfterSaving(answered, 'dates', true)).toBe('quote');
    expect(stepAfterSaving(answered, 'taker', false)).toBe('quote');
  });

  it('never skips a step that still lacks its answers', () => {
    const process = { steps: stepsFor('cell-phone'), next_step: 'photos' as const };
    expect(stepAfterSaving(process, 'risk', false)).toBe('photos');
    expect(stepAfterSaving(process, 'risk', true)).toBe('photos');
  });
});
