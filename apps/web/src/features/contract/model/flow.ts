/**
 * The screens of a contract in progress: the process's own steps in the order the API gives (spec §4 flow
 * groups: dates first in the standard flow, who or what is covered first in the others), then the quote.
 * The risk screen also asks the photos and a trip's dates (issue 19), each still saved as its own step.
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

/** What the screens of a process depend on: its steps and its risk type. */
export type FlowProcess = { steps: readonly StepName[]; risk_type: { short_code: RiskTypeCode } };

/**
 * Whether a step is asked on the risk screen, below what is insured (issue 19): the two photos of a phone
 * or a bicycle, and the dates of a trip. The API keeps them as steps of their own, saved one after the
 * other by the screen's one 'Continuar'.
 */
function joinsRiskScreen(code: RiskTypeCode, step: StepName): boolean {
  if (step === 'photos') return true;
  return step === 'dates' && riskTypeRule(code).dates?.kind === 'trip';
}

/**
 * The screens of a process, each named after its first step (the risk screen after 'risk'), with the API
 * steps each one saves, in order, then the quote.
 */
export function screensOf(process: FlowProcess): Map<FlowStep, StepName[]> {
  const code = process.risk_type.short_code;
  const screens = new Map<FlowStep, StepName[]>();
  for (const step of process.steps) {
    const last = [...screens.entries()].at(-1);
    if (last?.[0] === 'risk' && joinsRiskScreen(code, step)) last[1].push(step);
    else screens.set(step, [step]);
  }
  screens.set('quote', []);
  return screens;
}

/** The screens in order (the stepper's). */
export function flowOf(process: FlowProcess): FlowStep[] {
  return [...screensOf(process).keys()];
}

/** The API steps a screen saves. */
export function screenSteps(process: FlowProcess, screen: FlowStep): StepName[] {
  return screensOf(process).get(screen) ?? [];
}

/** The screen that asks a step (the photos and a trip's dates: the risk screen). */
export function screenOf(process: FlowProcess, step: FlowStep): FlowStep {
  for (const [screen, steps] of screensOf(process))
    if (screen === step || steps.includes(step as StepName)) return screen;
  return step;
}

/**
 * Where a screen's texts live in the translations (`.label`, `.intro`): the risk screen's wording depends
 * on what the risk type insures, and a type that asks for the dates of a trip (travel assistance) says so.
 */
export function stepTextKey(code: RiskTypeCode, step: FlowStep): string {
  if (step === 'risk') return `contract.steps.risk.${code}`;
  if (step === 'dates' && riskTypeRule(code).dates?.kind === 'trip') return 'contract.steps.tripDates';
  return `contract.steps.${step}`;
}

/** Screens the customer may open: every answered one and the first with a step unanswered, then the quote. */
export function isReachable(
  process: FlowProcess & Pick<InsuranceProcess, 'next_step'>,
  screen: FlowStep,
): boolean {
  const flow = flowOf(process);
  return flow.indexOf(screen) <= flow.indexOf(screenOf(process, process.next_step));
}

/**
 * Where to go once a screen is saved: the first screen with a step that still lacks its answers (a process
 * left with only 'risk' answered opens the risk screen, its photos to add), or the summary. Screens already
 * answered are not walked through again (issue 19 item 5: no 'Continuar' on a filled step); they stay open
 * from the stepper and from the summary's 'Editar'.
 */
export function stepAfterSaving(process: FlowProcess & Pick<InsuranceProcess, 'next_step'>): FlowStep {
  return screenOf(process, process.next_step);
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
