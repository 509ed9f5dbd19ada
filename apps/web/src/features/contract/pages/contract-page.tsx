/**
 * /contract-insurance/{processId}: contracting step by step (spec §2 contract-insurance, §4 flow groups).
 * A stepper shows the process's screens in order and opens at the first with a step unanswered (the risk
 * screen also asks the photos and a trip's dates, issue 19); every step is saved before moving on, so reloading or opening the link on another device resumes where it was left. The
 * last screen quotes, and confirms and pays in one tap (issue 19); a confirmed process whose insurance is
 * still unpaid shows that summary again, to pay it (components/issued-summary.tsx).
 */
import { type InsuranceProcess, type StepName, todayInArgentina } from '@cubierto/contracts';
import { Box, Button, Card, Skeleton, Stack, Stepper, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { isNotFound } from '../../../shared/api/api-error.ts';
import { myEntitiesQueryOptions } from '../../../shared/entities/my-entities.ts';
import { currentUserQueryOptions } from '../../../shared/session/current-user.ts';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { processQueryOptions } from '../api/process.ts';
import { useSaveStepMutation } from '../api/save-step.ts';
import { suggestionsQueryOptions } from '../api/suggestions.ts';
import { ContractHeader } from '../components/contract-header.tsx';
import { ContractNotice } from '../components/contract-notice.tsx';
import { DatesFields } from '../components/dates-fields.tsx';
import { useDiscardWithConfirmation } from '../components/discard-with-confirmation.ts';
import { IssuedSummary } from '../components/issued-summary.tsx';
import { LivePrice, stepMovesPrice } from '../components/live-price.tsx';
import { PhotosFields } from '../components/photos-fields.tsx';
import { QuoteStep } from '../components/quote-step.tsx';
import { RiskFields } from '../components/risk-fields.tsx';
import { StepForm } from '../components/step-form.tsx';
import { fieldOf, TakerFields, type TakerRole, takerDraftOf } from '../components/taker-fields.tsx';
import {
  answerableWithoutAsking,
  answersWithoutAsking,
  type FlowStep,
  flowOf,
  isReachable,
  screenOf,
  screenSteps,
  stepAfterSaving,
  stepTextKey,
} from '../model/flow.ts';
import { screenDefaults } from '../model/step-values.ts';
import classes from './contract-page.module.css';

/** What search-entity hands back: the entity chosen for the taker or the billing party. */
type ReturnedEntity = { chosenEntity?: { role: TakerRole; id: number } } | null;

function StepSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" aria-busy="true" aria-label={t('loading.default')}>
      <Skeleton h={42} />
      <Skeleton h={42} />
      <Skeleton h={42} w="60%" />
    </Stack>
  );
}

/**
 * How old the process may be when the page mounts and still not be read again: the route's loader asked
 * for it beside the page's code a moment before. Anything older is read again (another device may have
 * moved the process on), as are the answers a saved step makes stale.
 */
const PROCESS_FRESH_ON_ARRIVAL_MS = 5_000;

function ContractFlow({ process }: { process: InsuranceProcess }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const code = process.risk_type.short_code;
  const flow = flowOf(process);
  const [returned] = useState(() => (location.state as ReturnedEntity)?.chosenEntity);
  const [active, setActive] = useState<FlowStep>(() =>
    returned && isReachable(process, 'taker') ? 'taker' : screenOf(process, process.next_step),
  );
  const discardWithConfirmation = useDiscardWithConfirmation();
  const [today] = useState(() => todayInArgentina());
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const queryClient = useQueryClient();
  const saveStep = useSaveStepMutation();
  // Landing on a step the flow answers itself (flow.ts): a skeleton until it moved past it.
  const [advancing, setAdvancing] = useState(
    () => !returned && answerableWithoutAsking(code, process.next_step),
  );
  const user = useQuery(currentUserQueryOptions);
  // The last contracts' answers: the risk screen proposes from them (a trip's type, the customer as the
  // first traveller) and offers them in one tap. A failure only leaves the blank form.
  const suggestions = useQuery(suggestionsQueryOptions());
  const entities = useQuery({
    ...myEntitiesQueryOptions(),
    // search-entity may have added one.
    staleTime: 0,
    enabled: active === 'taker' || active === 'quote',
  });
  const index = flow.indexOf(active);
  const stepTexts = stepTextKey(code, active);
  // The risk screen's form is drawn once the customer and the suggestions are in, in a render of its own
  // that React does in slices (a deferred value), not at once in the query's notification: the form is the
  // page's largest render, one long task on a phone. Its skeleton shows until then, as while they were
  // asked for; once drawn, the form stays.
  const answersIn = !user.isPending && suggestions.isFetched;
  const drawForm = useDeferredValue(answersIn) && answersIn;

  // The entity came back once; a reload should not apply it again.
  useEffect(() => {
    if (location.state) navigate(location.pathname, { replace: true, state: null });
  }, [location.state, location.pathname, navigate]);

  // A new step: back to the top, and the screen reader hears its title.
  const go = (step: FlowStep, focus = true) => {
    flushSync(() => setActive(step));
    window.scrollTo({ top: 0 });
    if (focus) heading.current?.focus();
  };

  /**
   * On to the first step that needs the customer: the steps the flow can answer with what it proposes
   * (the cover's dates, the customer as taker) are saved on the way (issue 19 item 5). A failure leaves
   * the step on screen, where 'Continuar' says what went wrong.
   */
  const advance = async (from: InsuranceProcess, focus = true) => {
    let current = from;
    try {
      while (current.next_step !== 'quote' && answerableWithoutAsking(code, current.next_step)) {
        setAdvancing(true);
        const step = current.next_step;
        const entities =
          step === 'taker' ? await queryClient.ensureQueryData(myEntitiesQueryOptions()) : undefined;
        const body = answersWithoutAsking(current, step, { today, user: user.data, entities });
        if (!body) break;
        current = await saveStep.mutateAsync({ processId: current.id, step, body });
      }
    } catch {
      // The step is shown and asks.
    } finally {
      setAdvancing(false);
    }
    go(stepAfterSaving(current), focus);
  };

  // Opening (or resuming) the process: past the steps the flow answers itself, once.
  const landed = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, for the process as it was opened.
  useEffect(() => {
    if (landed.current || !advancing) return;
    landed.current = true;
    void advance(process, false);
  }, []);

  const onSaved = (updated: InsuranceProcess) => void advance(updated);
  const onBack = index > 0 ? () => go(flow[index - 1] as FlowStep) : undefined;

  const discard = async () => {
    if (await discardWithConfirmation(process.id)) navigate('/tabs', { replace: true });
  };

  const formFor = (screen: StepName) => {
    const steps = screenSteps(process, screen);
    if (steps.includes('taker') && !entities.data) {
      return entities.isError ? (
        <LoadError description={t('contract.taker.loadError')} onRetry={() => void entities.refetch()} />
      ) : (
        <StepSkeleton />
      );
    }
    // Until the first answer of each (a failure too: a refetch later must not take the form away).
    if (steps.includes('risk') && !drawForm) return <StepSkeleton />;
    const { values, parts } = screenDefaults(process, steps, {
      today,
      user: user.data,
      entities: entities.data,
      suggestions: suggestions.data,
    });
    const defaults =
      steps.includes('taker') && returned
        ? { ...values, ...takerDraftOf(process.id), [fieldOf[returned.role]]: returned.id }
        : values;
    return (
      <StepForm
        key={screen}
        process={process}
        parts={parts}
        defaultValues={defaults}
        today={today}
        labelledBy={headingId}
        onSaved={onSaved}
        onBack={onBack}
      >
        {steps.includes('risk') && (
          <RiskFields code={code} specialClauses={process.policy.special_clauses} today={today} />
        )}
        {steps.includes('photos') && <PhotosFields code={code} />}
        {steps.includes('dates') && <DatesFields code={code} today={today} />}
        {steps.includes('taker') && <TakerFields processId={process.id} entities={entities.data ?? []} />}
        {steps.some((step) => stepMovesPrice(process, step)) && (
          <LivePrice process={process} parts={parts} today={today} />
        )}
      </StepForm>
    );
  };

  return (
    <Stack gap="lg" maw={920} mx="auto">
      <ContractHeader process={process} onDiscard={() => void discard()} />

      <Box component="nav" aria-label={t('contract.stepper')}>
        <Stepper
          active={index}
          onStepClick={(i) => go(flow[i] as FlowStep)}
          allowNextStepsSelect={false}
          size="sm"
          classNames={{
            steps: classes.steps,
            step: classes.step,
            stepBody: classes.stepBody,
            stepLabel: classes.stepLabel,
            separator: classes.separator,
          }}
        >
          {flow.map((step) => (
            <Stepper.Step
              key={step}
              label={t(`${stepTextKey(code, step)}.label`)}
              allowStepSelect={step !== active && isReachable(process, step)}
              aria-current={step === active ? 'step' : undefined}
            />
          ))}
        </Stepper>
      </Box>

      <Card
        withBorder
        radius="lg"
        p={{ base: 'md', sm: 'xl' }}
        component="section"
        aria-labelledby={headingId}
      >
        <Stack gap={4} mb="lg">
          <Text size="sm" c="dimmed">
            {t('contract.stepOf', { n: index + 1, total: flow.length })}
          </Text>
          <Title
            order={2}
            fz={{ base: 20, sm: 24 }}
            id={headingId}
            ref={heading}
            tabIndex={-1}
            className={classes.heading}
          >
            {t(`${stepTexts}.label`)}
          </Title>
          <Text c="dimmed">{t(`${stepTexts}.intro`)}</Text>
        </Stack>
        {advancing ? (
          <StepSkeleton />
        ) : active === 'quote' ? (
          <QuoteStep
            process={process}
            onEdit={(step) => go(screenOf(process, step))}
            onBack={() => go(flow[index - 1] as FlowStep)}
          />
        ) : (
          formFor(active)
        )}
      </Card>
    </Stack>
  );
}

export function ContractPage() {
  const { t } = useTranslation();
  const { processId } = useParams();
  const id = Number(processId);
  const valid = Number.isInteger(id) && id > 0;
  const process = useQuery({
    ...processQueryOptions(id),
    enabled: valid,
    // The answer the route's loader asked for as the page opened is not asked for again on mounting.
    staleTime: PROCESS_FRESH_ON_ARRIVAL_MS,
  });
  // The process's first answer draws the whole flow in a render of its own that React does in slices (a
  // deferred value), not at once in the query's notification (one long task on a phone); the skeleton
  // stays until then. Later answers (a step saved) are drawn as they come.
  const data = useDeferredValue(process.data) === undefined ? undefined : process.data;

  if (!valid || isNotFound(process.error)) {
    return (
      <ContractNotice title={t('contract.missing.title')} description={t('contract.missing.description')} />
    );
  }
  if (process.isError) {
    return (
      <Stack maw={920} mx="auto">
        <LoadError
          title={t('contract.loadError.title')}
          description={t('contract.loadError.description')}
          onRetry={() => void process.refetch()}
        />
      </Stack>
    );
  }
  if (!data) {
    return (
      <Stack gap="lg" maw={920} mx="auto" aria-busy="true" aria-label={t('loading.default')}>
        <Skeleton h={132} radius="lg" />
        <Skeleton h={36} />
        <Skeleton h={360} radius="lg" />
      </Stack>
    );
  }
  if (data.status === 'completed' && data.insurance_id !== null)
    return <IssuedSummary process={data} insuranceId={data.insurance_id} />;
  if (data.status !== 'in_progress') {
    const done = data.status === 'completed';
    return (
      <ContractNotice
        title={t(done ? 'contract.completed.title' : 'contract.discarded.title')}
        description={t(done ? 'contract.completed.description' : 'contract.discarded.description')}
        action={
          done ? (
            <Button component={Link} to="/customers/insurances">
              {t('contract.completed.action')}
            </Button>
          ) : undefined
        }
      />
    );
  }
  return <ContractFlow key={data.id} process={data} />;
}
