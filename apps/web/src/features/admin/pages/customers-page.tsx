/**
 * Clientes: search by name, e-mail or DNI; lock (every session ends, sign-in is refused with a message)
 * or unlock, always with a reason that goes to the audit log.
 */
import { type AdminCustomer, type CustomerLockBody, CustomerLockBodySchema } from '@cubierto/contracts';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { customersQueryOptions, useLockCustomerMutation } from '../api/customers.ts';
import { formatDateTime } from '../components/dates.ts';
import { OperatorForm, TextareaField, useOperatorForm } from '../components/operator-form.tsx';
import { OperatorListPage, RowButton } from '../components/operator-list-page.tsx';
import { StateBadge } from '../components/state-badge.tsx';

function LockForm({ customer, onDone }: { customer: AdminCustomer; onDone: () => void }) {
  const { t } = useTranslation();
  const locking = customer.locked_at === null;
  const action = locking ? t('admin.customers.lock') : t('admin.customers.unlock');
  const save = useLockCustomerMutation();
  const form = useOperatorForm<CustomerLockBody, CustomerLockBody>({
    schema: CustomerLockBodySchema,
    defaultValues: { reason: '' },
  });
  return (
    <OperatorForm
      form={form}
      label={action}
      save={({ reason }) => save.mutateAsync({ id: customer.id, locked: locking, reason })}
      saving={save.isPending}
      onDone={onDone}
      submit={{ label: action, color: locking ? 'red' : 'teal' }}
    >
      <Text size="sm">
        {t(locking ? 'admin.customers.lockText' : 'admin.customers.unlockText', { name: customer.name })}
      </Text>
      <TextareaField form={form} name="reason" label={t('admin.customers.reason')} />
    </OperatorForm>
  );
}

export function CustomersPage() {
  const { t } = useTranslation();
  const lockOrUnlock = (c: AdminCustomer) =>
    c.locked_at ? t('admin.customers.unlock') : t('admin.customers.lock');
  return (
    <OperatorListPage
      list={{ texts: 'admin.customers', sort: '-id', query: customersQueryOptions }}
      filters={[
        {
          name: 'locked',
          label: t('admin.status.label'),
          options: [
            { value: 'true', label: t('admin.customers.locked') },
            { value: 'false', label: t('admin.customers.unlocked') },
          ],
        },
      ]}
      columns={[
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
      ]}
      actions={(c, open) => (
        <RowButton
          variant="default"
          c={c.locked_at ? '#1e6b30' : 'red.9'}
          onClick={() => open(c)}
          aria-label={`${lockOrUnlock(c)} ${c.email}`}
        >
          {lockOrUnlock(c)}
        </RowButton>
      )}
      dialog={{
        title: (c) => (c ? lockOrUnlock(c) : ''),
        render: (c, close) => c && <LockForm customer={c} onDone={close} />,
      }}
    />
  );
}
