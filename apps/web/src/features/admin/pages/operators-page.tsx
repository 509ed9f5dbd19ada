/**
 * Operadores: the back-office accounts. A new operator gets a password here and enrols the TOTP second
 * factor at the first sign-in on admin-login.
 */
import { type Operator, type OperatorCreateBody, OperatorCreateBodySchema } from '@cubierto/contracts';
import { Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { handleError } from '../../../shared/errors/error-handler.tsx';
import { applyApiValidations } from '../../../shared/forms/api-validations.ts';
import { listQueryOptions, useListState } from '../api/lists.ts';
import { useAdminMutation } from '../api/mutations.ts';
import { createOperator } from '../api/operations.ts';
import { AdminList, type Column } from '../components/admin-list.tsx';
import { AdminModal } from '../components/admin-modal.tsx';
import { bodyResolver } from '../components/body-resolver.ts';
import { formatDateTime } from '../components/dates.ts';
import { StateBadge } from '../components/state-badge.tsx';

function OperatorForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const save = useAdminMutation(['operators'], createOperator);
  const form = useForm<OperatorCreateBody>({
    defaultValues: { name: '', email: '', password: '' },
    resolver: bodyResolver(OperatorCreateBodySchema, (values) => values),
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (body) => {
    try {
      await save.mutateAsync(body);
      onDone();
    } catch (error) {
      if (!applyApiValidations(error, form.setError, ['name', 'email', 'password'])) handleError(error);
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label={t('admin.operators.form')}>
      <Stack gap="md">
        <TextInput
          label={t('admin.operators.name')}
          {...form.register('name')}
          error={errors.name?.message}
        />
        <TextInput
          label={t('admin.operators.email')}
          type="email"
          {...form.register('email')}
          error={errors.email?.message}
        />
        <PasswordInput
          label={t('admin.operators.password')}
          description={t('admin.operators.passwordHelp')}
          autoComplete="new-password"
          {...form.register('password')}
          error={errors.password?.message}
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

export function OperatorsPage() {
  const { t } = useTranslation();
  const [state, update] = useListState('-id');
  const query = useQuery(listQueryOptions<Operator>('operators', state));
  const [creating, setCreating] = useState(false);
  const columns: Column<Operator>[] = [
    { key: 'name', label: t('admin.operators.name'), sort: 'name', render: (o) => o.name },
    { key: 'email', label: t('admin.operators.email'), sort: 'email', render: (o) => o.email },
    {
      key: 'totp',
      label: t('admin.operators.totp'),
      render: (o) => (
        <StateBadge tone={o.totp_enabled ? 'ok' : 'warn'}>
          {o.totp_enabled ? t('admin.operators.enrolled') : t('admin.operators.pending')}
        </StateBadge>
      ),
    },
    {
      key: 'locked',
      label: t('admin.status.label'),
      render: (o) =>
        o.locked_until
          ? t('admin.operators.lockedUntil', { when: formatDateTime(o.locked_until) })
          : t('admin.status.active'),
    },
    { key: 'created', label: t('admin.createdAt'), sort: 'id', render: (o) => formatDateTime(o.created_at) },
  ];
  return (
    <>
      <AdminList
        title={t('admin.operators.title')}
        searchLabel={t('admin.operators.search')}
        state={state}
        onChange={update}
        query={query}
        columns={columns}
        rowKey={(o) => o.id}
        emptyText={t('admin.operators.empty')}
        actions={<Button onClick={() => setCreating(true)}>{t('admin.operators.new')}</Button>}
      />
      <AdminModal opened={creating} onClose={() => setCreating(false)} title={t('admin.operators.new')}>
        {creating && <OperatorForm onDone={() => setCreating(false)} />}
      </AdminModal>
    </>
  );
}
