/**
 * Operadores: the back-office accounts. A new operator gets a password here and enrols the TOTP second
 * factor at the first sign-in on admin-login.
 */
import { type OperatorCreateBody, OperatorCreateBodySchema } from '@cubierto/contracts';
import { PasswordInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { operatorsQueryOptions, useCreateOperatorMutation } from '../api/operators.ts';
import { formatDateTime } from '../components/dates.ts';
import { fieldError, OperatorForm, TextField, useOperatorForm } from '../components/operator-form.tsx';
import { OperatorListPage } from '../components/operator-list-page.tsx';
import { StateBadge } from '../components/state-badge.tsx';

function OperatorFormView({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const save = useCreateOperatorMutation();
  const form = useOperatorForm<OperatorCreateBody, OperatorCreateBody>({
    schema: OperatorCreateBodySchema,
    defaultValues: { name: '', email: '', password: '' },
  });
  return (
    <OperatorForm
      form={form}
      label={t('admin.operators.form')}
      save={save.mutateAsync}
      saving={save.isPending}
      onDone={onDone}
    >
      <TextField form={form} name="name" label={t('admin.operators.name')} />
      <TextField form={form} name="email" label={t('admin.operators.email')} type="email" />
      <PasswordInput
        label={t('admin.operators.password')}
        description={t('admin.operators.passwordHelp')}
        autoComplete="new-password"
        {...form.register('password')}
        error={fieldError(form, 'password')}
      />
    </OperatorForm>
  );
}

export function OperatorsPage() {
  const { t } = useTranslation();
  return (
    <OperatorListPage
      list={{ texts: 'admin.operators', sort: '-id', query: operatorsQueryOptions }}
      creates
      columns={[
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
        {
          key: 'created',
          label: t('admin.createdAt'),
          sort: 'id',
          render: (o) => formatDateTime(o.created_at),
        },
      ]}
      dialog={{ render: (_none, close) => <OperatorFormView onDone={close} /> }}
    />
  );
}
