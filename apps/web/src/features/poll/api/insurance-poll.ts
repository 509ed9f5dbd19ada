/**
 * The post-purchase poll of an insurance (spec §7): POST with an empty body opens it and answers the
 * questions; PUT sends every answer. The path carries the fixed entity type id (spec §9, from the app
 * configuration); the insurance travels in the query.
 */
import {
  dataOf,
  InsurancePollSchema,
  type PollAnswersBody,
  type PollQuestionResponse,
} from '@cubierto/contracts';
import { api } from '../../../shared/api/client.ts';
import { getAppConfig } from '../../../shared/config/app-config.ts';

async function pollPath(): Promise<string> {
  const { entity_type_id } = await getAppConfig();
  return `/customers/poll-question-response/${entity_type_id}/insurance-poll`;
}

export async function openInsurancePoll(insuranceId: number): Promise<PollQuestionResponse[]> {
  const answer = await api.post(await pollPath(), undefined, { query: { insurance_id: insuranceId } });
  return dataOf(InsurancePollSchema).parse(answer).data;
}

export async function sendPollAnswers(insuranceId: number, body: PollAnswersBody): Promise<void> {
  await api.put(await pollPath(), body, { query: { insurance_id: insuranceId } });
}
