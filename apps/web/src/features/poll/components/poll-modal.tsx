/**
 * The poll modal (spec §2 dialog 6, §4 "Poll"): each question on a five-step scale from 'Menos probable'
 * (first) to 'Más probable' (last), every question unanswered at first; 'Enviar encuesta' waits for every
 * answer, 'Saltar encuesta >' skips. Either button closes it, a failed submit too (after its error, §8).
 */
import { isPollComplete, type PollQuestionResponse, pollScale } from '@cubierto/contracts';
import { Button, Group, Radio, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CloseDialog } from '../../../shared/dialogs/dialogs.tsx';

export type PollOutcome = 'sent' | 'skipped';

function Question({
  question,
  onAnswer,
}: {
  question: PollQuestionResponse;
  onAnswer: (value: string) => void;
}) {
  const { t } = useTranslation();
  const steps = pollScale(question.poll_question.values);
  const hintId = useId();
  return (
    <Radio.Group
      label={question.poll_question.name}
      value={question.response}
      onChange={onAnswer}
      aria-describedby={hintId}
    >
      <Group gap="md" mt="xs" justify="space-between" wrap="nowrap">
        {steps.map((step, index) => (
          <Radio
            key={step}
            value={step}
            label={step}
            aria-label={
              index === 0
                ? t('poll.first', { step })
                : index === steps.length - 1
                  ? t('poll.last', { step })
                  : step
            }
          />
        ))}
      </Group>
      <Group justify="space-between" mt={4} id={hintId}>
        <Text size="xs" c="dimmed">
          {t('poll.lowest')}
        </Text>
        <Text size="xs" c="dimmed">
          {t('poll.highest')}
        </Text>
      </Group>
    </Radio.Group>
  );
}

export function PollModal({
  questions: initial,
  onSubmit,
  close,
}: {
  questions: PollQuestionResponse[];
  /** Sends the answers; the modal closes whatever happens. */
  onSubmit: (questions: PollQuestionResponse[]) => Promise<void>;
  close: CloseDialog<PollOutcome>;
}) {
  const { t } = useTranslation();
  // Spec §4: every question starts unanswered, whatever the server remembered.
  const [questions, setQuestions] = useState(() =>
    initial.map((question) => ({ ...question, response: null as string | null })),
  );
  const [sending, setSending] = useState(false);
  const titleId = useId();

  const answer = (id: number, response: string) =>
    setQuestions((current) => current.map((q) => (q.id === id ? { ...q, response } : q)));

  const submit = async () => {
    setSending(true);
    await onSubmit(questions);
    close('confirm', 'sent');
  };

  return (
    <Stack gap="lg" aria-labelledby={titleId} component="section">
      <Stack gap={4}>
        <Title order={2} fz="lg" id={titleId}>
          {t('poll.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('poll.subtitle')}
        </Text>
      </Stack>
      {questions.map((question) => (
        <Question key={question.id} question={question} onAnswer={(value) => answer(question.id, value)} />
      ))}
      <Stack gap="xs">
        <Button onClick={() => void submit()} disabled={!isPollComplete(questions)} loading={sending}>
          {t('poll.send')}
        </Button>
        <Button variant="subtle" onClick={() => close('cancel', 'skipped')} disabled={sending}>
          {t('poll.skip')}
        </Button>
      </Stack>
    </Stack>
  );
}
