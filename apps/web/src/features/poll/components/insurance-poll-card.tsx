/**
 * The insurance poll after a payment (spec §2 dialog 6, §4 "Poll"), offered below 'Estás cubierto' rather
 * than in front of it (issue 19): it opens on the server, shows the questions in a card and sends the
 * answers; 'Saltar encuesta >' puts it away. A poll that cannot be opened (or has no questions) is not
 * shown: the payment already succeeded. A failed submit shows the error and still closes (spec §8).
 */

import type { PollQuestionResponse } from '@cubierto/contracts';
import { Card, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { handleError } from '../../../shared/errors/error-handler.tsx';
import { openInsurancePoll, sendPollAnswers } from '../api/insurance-poll.ts';
import { PollModal, type PollOutcome } from './poll-modal.tsx';

/** Call site of the central error handler for a failed poll submit. */
const POLL_ERROR_SITE = 31;

export function InsurancePollCard({ insuranceId }: { insuranceId: number }) {
  const { t } = useTranslation();
  const [outcome, setOutcome] = useState<PollOutcome | null>(null);
  const poll = useQuery({
    queryKey: ['insurance-poll', insuranceId],
    queryFn: () => openInsurancePoll(insuranceId),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

  const send = async (answered: PollQuestionResponse[]) => {
    try {
      await sendPollAnswers(insuranceId, {
        responses: answered.map((question) => ({ id: question.id, response: question.response ?? '' })),
      });
    } catch (error) {
      handleError(error, POLL_ERROR_SITE);
    }
  };

  if (outcome === 'sent')
    return (
      <Text role="status" c="dimmed" ta="center">
        {t('poll.thanks')}
      </Text>
    );
  if (outcome === 'skipped' || !poll.data || poll.data.length === 0) return null;
  return (
    <Card withBorder radius="lg" padding="lg">
      <PollModal
        questions={poll.data}
        onSubmit={send}
        close={(_role, data) => setOutcome(data ?? 'skipped')}
      />
    </Card>
  );
}
