/**
 * The screens of a contract in progress: the process's own steps in the order the API gives (spec §4 flow
 * groups: dates first in the standard flow, who or what is covered first in the others), then the quote.
 */
import { type InsuranceProcess, type RiskTypeCode, riskTypeRule, type StepName } from '@cubierto/contracts';

export type FlowStep = StepName | 'quote';

export function flowOf(process: Pick<InsuranceProcess, 'steps'>): FlowStep[] {
  return [...process.steps, 'quote'];
}

/**
 * Where a step's texts live in the translations (`.label`, `.intro`): the risk step's wording depends on
 * what the risk type insures, and a type that asks for the dates of a trip (travel assistance) says so.
 */
export function stepTextKey(code: RiskTypeCode, step: FlowStep): string {
  if (step === 'risk') return `contract.steps.risk.${code}`;
  if (step === 'dates' && riskTypeRule(code).dates?.kind === 'trip') return 'contract.steps.tripDates';
  return `contract.steps.${step}`;
}

/** Steps the customer may open: every answered one and the first unanswered, then the quote. */
export function isReachable(process: Pick<InsuranceProcess, 'steps' | 'next_step'>, step: FlowStep): boolean {
  const flow = flowOf(process);
  return flow.indexOf(step) <= flow.indexOf(process.next_step);
}

/**
 * Where to go once a step is saved: the following step, so an earlier answer edited with 'Volver' walks
 * through the later ones again; back to the summary when the edit started there. Never past a step that
 * still lacks its answers.
 */
export function stepAfterSaving(
  process: Pick<InsuranceProcess, 'steps' | 'next_step'>,
  saved: StepName,
  backToSummary: boolean,
): FlowStep {
  if (backToSummary) return process.next_step;
  const flow = flowOf(process);
  const following = flow[flow.indexOf(saved) + 1] ?? 'quote';
  return flow.indexOf(following) > flow.indexOf(process.next_step) ? process.next_step : following;
}
