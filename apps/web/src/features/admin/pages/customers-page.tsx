/**
 * Clientes: search by name, e-mail or DNI; lock (every session ends, sign-in is refused with a message)
 * or unlock, always with a reason that goes to the audit log.
 */
import { CustomerLockBodySchema } from '@cubierto/contracts';
import { Button, Group, Select, Stack, Text, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { handleError } from '../../../shared/errors/error-handler.tsx';
import { listQueryOptions, useListState } from '../api/lists.ts';
import { useAdminMutation } from '../api/mutations.ts';
import { type AdminCustomer, setCustomerLocked } from '../api/operations.ts';
import { AdminList, type Column } from '../components/admin-list.tsx';
import { AdminModal } from '../components/admin-modal.tsx';
import { formatDateTime } from '../components/dates.ts';
import { StateBadge } from '../components/state-badge.tsx';

function LockForm({ customer, onDone }: { customer: AdminCustomer; onDone: () => void }) {
  const { t } = useTranslation();
  const locking = customer.locked_at === null;
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = useAdminMutation(['customers'], setCustomerLocked);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = CustomerLockBodySchema.safeParse({ reason });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? null);
    try {
      await save.mutateAsync({ id: customer.id, locked: locking, reason: parsed.data.reason });
      onDone();
    } catch (e) {
      handleError(e);
    }
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={locking ? t('admin.customers.lock') : t('admin.customers.unlock')}
    >
      <Stack gap="md">
        <Text size="sm">
          {locking
            ? t('admin.customers.lockText', { name: customer.name })
            : t('admin.customers.unlockText', { name: customer.name })}
        </Text>
        <Textarea
          label={t('admin.customers.reason')}
          value={reason}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setError(null);
          }}
          error={error}
          autosize
          minRows={2}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('admin.cancel')}
          </Button>
          <Button type="submit" color={locking ? 'red' : 'teal'} loading={save.isPending}>
            {locking ? t('admin.customers.lock') : t('admin.customers.unlock')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function CustomersPage() {
  const { t } = useTranslation();
  const [state, update] = useListState('-id');
  const query = useQuery(listQueryOptions<AdminCustomer>('customers', state, ['locked']));
  const [target, setTarget] = useState<AdminCustomer | null>(null);
  const columns: Column<AdminCustomer>[] = [
    { key: 'id', label: t('admin.id'), sort: 'id', render: (c) => c.id },
    { key: 'name', label: t('admin.customers.name'), sort: 'name', render: (c) => c.name },
    { key: 'email', label: t('admin.customers.email'), sort: 'email', render: (c) => c.email },
    { key: 'dni', label: t('admin.customers.dni'), render: (c) => c.dni ?? '—' },
    { key: 'insurances', label: t('admin.customers.insurances'), render: (c) => c.insurances_count },
    {
      key: 'created',
      label: t('admin.customers.since'),
      sort: 'created_at',
      render: (c) => formatDateTime(c.created_at),
    },
    {
      key: 'seen',
      label: t('admin.customers.lastSession'),
      render: (c) => formatDateTime(c.last_session_at),
    },
    {
      key: 'state',
      label: t('admin.status.label'),
      render: (c) => (
        <StateBadge tone={c.locked_at ? 'bad' : 'ok'}>
          {c.locked_at ? t('admin.customers.locked') : t('admin.customers.unlocked')}
        </StateBadge>
      ),
    },
    {
      key: 'actions',
      label: t('admin.actions'),
      render: (c) => (
        <Button
          size="xs"
          variant="default"
          c={c.locked_at ? '#1e6b30' : 'red.9'}
          onClick={() => setTarget(c)}
          aria-label={`${c.locked_at ? t('admin.customers.unlock') : t('admin.customers.lock')} ${c.email}`}
        >
          {c.locked_at ? t('admin.customers.unlock') : t('admin.customers.lock')}
        </Button>
      ),
    },
  ];
  return (
    <>
      <AdminList
        title={t('admin.customers.title')}
        searchLabel={t('admin.customers.search')}
        state={state}
        onChange={update}
        query={query}
        columns={columns}
        rowKey={(c) => c.id}
        emptyText={t('admin.customers.empty')}
        filters={
          <Select
            label={t('admin.status.label')}
            data={[
              { value: 'true', label: t('admin.customers.locked') },
              { value: 'false', label: t('admin.customers.unlocked') },
            ]}
            value={state.filters.locked ?? null}
            onChange={(value) => update({ filters: { ...state.filters, locked: value ?? '' } })}
            clearable
            placeholder={t('admin.all')}
          />
        }
      />
      <AdminModal
        opened={target !== null}
        onClose={() => setTarget(null)}
        title={target?.locked_at ? t('admin.customers.unlock') : t('admin.customers.lock')}
      >
        {target && <LockForm customer={target} onDone={() => setTarget(null)} />}
      </AdminModal>
    </>
  );
}
