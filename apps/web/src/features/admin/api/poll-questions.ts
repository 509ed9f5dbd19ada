/** Encuesta: the operator's list of poll questions and their create / edit. */
import { type PollQuestionBody, PollQuestionSchema } from '@cubierto/contracts';
import { queryKeys } from '../../../shared/api/query-keys.ts';
import { recordSaver } from './admin-client.ts';
import { type ListState, listQueryOptions } from './lists.ts';
import { useAdminMutation } from './mutations.ts';

export const pollQuestionsQueryOptions = (state: ListState) =>
  listQueryOptions('poll-questions', PollQuestionSchema, state);

export const savePollQuestion = recordSaver<typeof PollQuestionSchema, PollQuestionBody>(
  'poll-questions',
  PollQuestionSchema,
);

export const useSavePollQuestionMutation = () =>
  useAdminMutation({ mutationFn: savePollQuestion, invalidates: [queryKeys.admin.pollQuestions.all] });
