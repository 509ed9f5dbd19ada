/**
 * Asks the insurance poll after a payment: opens it on the server, shows the modal and sends the answers.
 * A poll that cannot be opened (or has no questions) is skipped quietly: the payment already succeeded.
 */
import type { PollQuestionResponse } from '@cubierto/contracts';
import { presentDialog } from '../../../shared/dialogs/dialogs.tsx';
import { handleError } from '../../../shared/errors/error-handler.tsx';
import { openInsurancePoll, sendPollAnswers } from '../api/insurance-poll.ts';
import { PollModal, type PollOutcome } from './poll-modal.tsx';

/** Call site of the central error handler for a failed poll submit. */
const POLL_ERROR_SITE = 31;

export async function runInsurancePoll(insuranceId: number): Promise<PollOutcome> {
  let questions: PollQuestionResponse[];
  try {
    questions = await openInsurancePoll(insuranceId);
  } catch {
    return 'skipped';
  }
  if (questions.length === 0) return 'skipped';

  const send = async (answered: PollQuestionResponse[]) => {
    try {
      await sendPollAnswers(insuranceId, {
        responses: answered.map((question) => ({ id: question.id, response: question.response ?? '' })),
      });
    } catch (error) {
      // Spec §8: a failed submit shows the error and still closes the modal.
      handleError(error, POLL_ERROR_SITE);
    }
  };

  const result = await presentDialog<PollOutcome>({
    size: 'md',
    dismissible: false,
    render: (close) => <PollModal questions={questions} onSubmit={send} close={close} />,
  });
  return result.data ?? 'skipped';
}
