/**
 * The post-purchase poll of an insurance (spec §7): POST with an empty body opens it and answers the
 * questions; PUT sends every answer.
 */
import { InsurancePollSchema, type PollAnswersBody, type PollQuestionResponse } from '@cubierto/contracts';
import { z } from 'zod';
import { api } from '../../../shared/api/client.ts';

const pollPath = (insuranceId: number) => `/customers/poll-question-response/${insuranceId}/insurance-poll`;

export async function openInsurancePoll(insuranceId: number): Promise<PollQuestionResponse[]> {
  const answer = await api.post(pollPath(insuranceId));
  return z.object({ data: InsurancePollSchema }).parse(answer).data;
}

export async function sendPollAnswers(insuranceId: number, body: PollAnswersBody): Promise<void> {
  await api.put(pollPath(insuranceId), body);
}
