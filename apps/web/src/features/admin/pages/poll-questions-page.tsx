/** Encuesta: the questions of the post-purchase poll, each on a 5-step scale (spec §2 dialog 6). */
import { type PollQuestion, type PollQuestionBody, PollQuestionBodySchema } from '@cubierto/contracts';
import { useTranslation } from 'react-i18next';
import { pollQuestionsQueryOptions, useSavePollQuestionMutation } from '../api/poll-questions.ts';
import { CheckField, RecordForm, TextField, useOperatorForm } from '../components/operator-form.tsx';
import { activeOptions, EditButton, OperatorListPage } from '../components/operator-list-page.tsx';
import { ActiveBadge } from '../components/state-badge.tsx';

type QuestionForm = Omit<PollQuestionBody, 'position'> & { position: string };

function QuestionFormView({ question, onDone }: { question: PollQuestion | null; onDone: () => void }) {
  const { t } = useTranslation();
  const save = useSavePollQuestionMutation();
  const form = useOperatorForm<QuestionForm, PollQuestionBody>({
    schema: PollQuestionBodySchema,
    defaultValues: {
      name: question?.name ?? '',
      values: question?.values ?? '1,2,3,4,5',
      position: String(question?.position ?? 0),
      active: question?.active ?? true,
    },
    toBody: (v) => ({ ...v, position: Number(v.position || 0) }),
  });
  return (
    <RecordForm form={form} label={t('admin.polls.form')} mutation={save} id={question?.id} onDone={onDone}>
      <TextField form={form} name="name" label={t('admin.polls.name')} />
      <TextField
        form={form}
        name="values"
        label={t('admin.polls.values')}
        description={t('admin.polls.valuesHelp')}
      />
      <TextField form={form} name="position" label={t('admin.polls.position')} inputMode="numeric" />
      <CheckField form={form} name="active" label={t('admin.status.active')} />
    </RecordForm>
  );
}

export function PollQuestionsPage() {
  const { t } = useTranslation();
  return (
    <OperatorListPage
      list={{ texts: 'admin.polls', sort: 'position', query: pollQuestionsQueryOptions }}
      creates
      filters={[
        { name: 'active', label: t('admin.status.label'), options: activeOptions(t, ['true', 'false']) },
      ]}
      columns={[
        { key: 'position', label: t('admin.polls.position'), sort: 'position', render: (q) => q.position },
        { key: 'name', label: t('admin.polls.name'), sort: 'name', render: (q) => q.name },
        { key: 'values', label: t('admin.polls.values'), render: (q) => q.values },
        { key: 'active', label: t('admin.status.label'), render: (q) => <ActiveBadge active={q.active} /> },
      ]}
      actions={(q, open) => <EditButton name={q.name} onClick={() => open(q)} />}
      dialog={{ render: (q, close) => <QuestionFormView question={q} onDone={close} /> }}
    />
  );
}
