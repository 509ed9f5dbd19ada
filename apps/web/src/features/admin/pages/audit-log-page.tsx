/**
 * Auditoría: every operator action, newest first — who (an operator or the command line's operations
 * token), when, what, and the record before and after. Read-only: the table is append-only.
 */
import { Button, Code, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listQueryOptions, useListState } from '../api/lists.ts';
import type { AuditEntry } from '../api/operations.ts';
import classes from '../components/admin.module.css';
import { AdminList, type Column } from '../components/admin-list.tsx';
import { AdminModal } from '../components/admin-modal.tsx';
import { formatDateTime } from '../components/dates.ts';
import { StateBadge } from '../components/state-badge.tsx';

const TARGETS = [
  'company',
  'policy',
  'coverage',
  'app_version',
  'setting',
  'poll_question',
  'customer',
  'notification',
  'operator',
] as const;

function Snapshot({ label, value }: { label: string; value: unknown }) {
  return (
    <Stack gap={4}>
      <Text fw={600} size="sm">
        {label}
      </Text>
      <Code block className={classes.json}>
        {value === null || value === undefined ? '—' : JSON.stringify(value, null, 2)}
      </Code>
    </Stack>
  );
}

export function AuditLogPage() {
  const { t } = useTranslation();
  const [state, update] = useListState('-id');
  const query = useQuery(listQueryOptions<AuditEntry>('audit-log', state));
  const [open, setOpen] = useState<AuditEntry | null>(null);
  const who = (e: AuditEntry) =>
    e.operator ? `${e.operator.name} (${e.operator.email})` : t('admin.audit.opsToken');
  const columns: Column<AuditEntry>[] = [
    { key: 'at', label: t('admin.audit.at'), sort: 'at', render: (e) => formatDateTime(e.at) },
    { key: 'who', label: t('admin.audit.who'), render: who },
    {
      key: 'action',
      label: t('admin.audit.action'),
      sort: 'action',
      render: (e) => <StateBadge tone="info">{e.action}</StateBadge>,
    },
    {
      key: 'target',
      label: t('admin.audit.target'),
      render: (e) =>
        `${t(`admin.audit.targets.${e.target_type}`, { defaultValue: e.target_type })} ${e.target_id ?? ''}`,
    },
    {
      key: 'detail',
      label: t('admin.audit.detail'),
      render: (e) => (
        <Button
          size="xs"
          variant="subtle"
          onClick={() => setOpen(e)}
          aria-label={t('admin.audit.viewNamed', { id: e.id })}
        >
          {t('admin.audit.view')}
        </Button>
      ),
    },
  ];
  return (
    <>
      <AdminList
        title={t('admin.audit.title')}
        searchLabel={t('admin.audit.search')}
        state={state}
        onChange={update}
        query={query}
        columns={columns}
        rowKey={(e) => e.id}
        emptyText={t('admin.audit.empty')}
        filters={
          <>
            <Select
              label={t('admin.audit.target')}
              data={TARGETS.map((value) => ({ value, label: t(`admin.audit.targets.${value}`) }))}
              value={state.filters.target_type ?? null}
              onChange={(value) => update({ filters: { ...state.filters, target_type: value ?? '' } })}
              clearable
              placeholder={t('admin.all')}
            />
            <Select
              label={t('admin.audit.who')}
              data={[
                { value: 'operator', label: t('admin.audit.operator') },
                { value: 'ops_token', label: t('admin.audit.opsToken') },
              ]}
              value={state.filters.actor ?? null}
              onChange={(value) => update({ filters: { ...state.filters, actor: value ?? '' } })}
              clearable
              placeholder={t('admin.all')}
            />
          </>
        }
      />
      <AdminModal
        opened={open !== null}
        onClose={() => setOpen(null)}
        size="xl"
        title={open ? `${open.action} · ${formatDateTime(open.at)}` : ''}
      >
        {open && (
          <Stack gap="md">
            <Text size="sm">
              {who(open)} · {open.ip ?? '—'}
            </Text>
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              <Snapshot label={t('admin.audit.before')} value={open.before} />
              <Snapshot label={t('admin.audit.after')} value={open.after} />
            </SimpleGrid>
          </Stack>
        )}
      </AdminModal>
    </>
  );
}
