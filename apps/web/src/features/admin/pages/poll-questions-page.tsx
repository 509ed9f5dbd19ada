/** Encuesta: the questions of the post-purchase poll, each on a 5-step scale (spec §2 dialog 6). */
import { type PollQuestionBody, PollQuestionBodySchema } from '@cubierto/contracts';
import { Button, Group, Select, Stack, Switch, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { handleError } from '../../../shared/errors/error-handler.tsx';
import { applyApiValidations } from '../../../shared/forms/api-validations.ts';
import { listQueryOptions, useListState } from '../api/lists.ts';
import { useAdminMutation } from '../api/mutations.ts';
import { type PollQuestion, savePollQuestion } from '../api/operations.ts';
import { AdminList, type Column } from '../components/admin-list.tsx';
import { AdminModal } from '../components/admin-modal.tsx';
import { bodyResolver } from '../components/body-resolver.ts';
import { StateBadge } from '../components/state-badge.tsx';

type QuestionForm = Omit<PollQuestionBody, 'position'> & { position: string };

function QuestionFormView({ question, onDone }: { question: PollQuestion | null; onDone: () => void }) {
  const { t } = useTranslation();
  const save = useAdminMutation(['poll-questions'], savePollQuestion);
  const form = useForm<QuestionForm, unknown, PollQuestionBody>({
    defaultValues: {
      name: question?.name ?? '',
      values: question?.values ?? '1,2,3,4,5',
      position: String(question?.position ?? 0),
      active: question?.active ?? true,
    },
    resolver: bodyResolver(PollQuestionBodySchema, (v: QuestionForm) => ({
      ...v,
      position: Number(v.position || 0),
    })),
  });
  const submit = form.handleSubmit(async (body) => {
    try {
      await save.mutateAsync({ ...(question ? { id: question.id } : {}), body });
      onDone();
    } catch (error) {
      if (!applyApiValidations(error, form.setError, ['name', 'values'])) handleError(error);
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label={t('admin.polls.form')}>
      <Stack gap="md">
        <TextInput
          label={t('admin.polls.name')}
          {...form.register('name')}
          error={form.formState.errors.name?.message}
        />
        <TextInput
          label={t('admin.polls.values')}
          description={t('admin.polls.valuesHelp')}
          {...form.register('values')}
          error={form.formState.errors.values?.message}
        />
        <TextInput
          label={t('admin.polls.position')}
          inputMode="numeric"
          {...form.register('position')}
          error={form.formState.errors.position?.message}
        />
        <Controller
          control={form.control}
          name="active"
          render={({ field }) => (
            <Switch
              label={t('admin.status.active')}
              checked={field.value}
              onChange={(e) => field.onChange(e.currentTarget.checked)}
            />
          )}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('admin.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('admin.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function PollQuestionsPage() {
  const { t } = useTranslation();
  const [state, update] = useListState('position');
  const query = useQuery(listQueryOptions<PollQuestion>('poll-questions', state));
  const [editing, setEditing] = useState<PollQuestion | 'new' | null>(null);
  const columns: Column<PollQuestion>[] = [
    { key: 'position', label: t('admin.polls.position'), sort: 'position', render: (q) => q.position },
    { key: 'name', label: t('admin.polls.name'), sort: 'name', render: (q) => q.name },
    { key: 'values', label: t('admin.polls.values'), render: (q) => q.values },
    {
      key: 'active',
      label: t('admin.status.label'),
      render: (q) => (
        <StateBadge tone={q.active ? 'ok' : 'off'}>
          {q.active ? t('admin.status.active') : t('admin.status.inactive')}
        </StateBadge>
      ),
    },
    {
      key: 'actions',
      label: t('admin.actions'),
      render: (q) => (
        <Button
          size="xs"
          variant="light"
          onClick={() => setEditing(q)}
          aria-label={t('admin.editNamed', { name: q.name })}
        >
          {t('admin.edit')}
        </Button>
      ),
    },
  ];
  return (
    <>
      <AdminList
        title={t('admin.polls.title')}
        searchLabel={t('admin.polls.search')}
        state={state}
        onChange={update}
        query={query}
        columns={columns}
        rowKey={(q) => q.id}
        emptyText={t('admin.polls.empty')}
        actions={<Button onClick={() => setEditing('new')}>{t('admin.polls.new')}</Button>}
        filters={
          <Select
            label={t('admin.status.label')}
            data={[
              { value: 'true', label: t('admin.status.active') },
              { value: 'false', label: t('admin.status.inactive') },
            ]}
            value={state.filters.active ?? null}
            onChange={(value) => update({ filters: { ...state.filters, active: value ?? '' } })}
            clearable
            placeholder={t('admin.all')}
          />
        }
      />
      <AdminModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t('admin.polls.new') : t('admin.polls.edit')}
      >
        {editing !== null && (
          <QuestionFormView question={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
        )}
      </AdminModal>
    </>
  );
}
