/**
 * The screens of a contract in progress: the process's own steps in the order the API gives (spec §4 flow
 * groups: dates first in the standard flow, who or what is covered first in the others), then the quote.
 */
import {
  type InsuranceProcess,
  type RiskTypeCode,
  riskTypeRule,
  type StepName,
  stepSchema,
} from '@cubierto/contracts';
import { type StepContext, type StepValues, stepDefaults } from './step-values.ts';

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
 * Where to go once a step is saved: the first step that still lacks its answers, or the summary. Steps
 * already answered are not walked through again (issue 19 item 5: no 'Continuar' on a filled step); they
 * stay open from the stepper and from the summary's 'Editar'.
 */
export function stepAfterSaving(process: Pick<InsuranceProcess, 'next_step'>): FlowStep {
  return process.next_step;
}

/**
 * Whether a step may be answered for the customer with what the form would propose: the cover's dates (a
 * month from today) and the taker and billing party (the customer's own person). A trip's dates are the
 * traveller's to say, and the other steps are about what is insured.
 */
export function answerableWithoutAsking(code: RiskTypeCode, step: FlowStep): boolean {
  if (step === 'dates') return riskTypeRule(code).dates?.kind === 'cover';
  return step === 'taker';
}

/**
 * The answers of such a step, when the proposal is valid by the step's own schema (the customer has a
 * person of their own, today is a valid start): the flow saves them and lands past the step, which the
 * stepper and the summary still open. Null when the customer has to be asked.
 */
export function answersWithoutAsking(
  process: InsuranceProcess,
  step: FlowStep,
  context: StepContext,
): StepValues | null {
  const code = process.risk_type.short_code;
  if (step === 'quote' || process.answers[step] || !answerableWithoutAsking(code, step)) return null;
  if (step === 'taker' && !context.entities?.length) return null;
  const proposed = stepDefaults(process, step, context);
  const parsed = stepSchema(code, step, context.today).safeParse(proposed);
  return parsed.success ? (parsed.data as StepValues) : null;
}
