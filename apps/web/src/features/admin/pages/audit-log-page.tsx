/**
 * Auditoría: every operator action, newest first — who (an operator or the command line's operations
 * token), when, what, and the record before and after. Read-only: the table is append-only.
 */
import type { AuditEntry } from '@cubierto/contracts';
import { Code, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { auditLogQueryOptions } from '../api/audit-log.ts';
import classes from '../components/admin.module.css';
import { formatDateTime } from '../components/dates.ts';
import { OperatorListPage, RowButton } from '../components/operator-list-page.tsx';
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
  const who = (e: AuditEntry) =>
    e.operator ? `${e.operator.name} (${e.operator.email})` : t('admin.audit.opsToken');
  return (
    <OperatorListPage
      list={{ texts: 'admin.audit', sort: '-id', query: auditLogQueryOptions }}
      filters={[
        {
          name: 'target_type',
          label: t('admin.audit.target'),
          options: TARGETS.map((value) => ({ value, label: t(`admin.audit.targets.${value}`) })),
        },
        {
          name: 'actor',
          label: t('admin.audit.who'),
          options: [
            { value: 'operator', label: t('admin.audit.operator') },
            { value: 'ops_token', label: t('admin.audit.opsToken') },
          ],
        },
      ]}
      columns={[
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
      ]}
      actionsLabel={t('admin.audit.detail')}
      actions={(e, open) => (
        <RowButton
          variant="subtle"
          onClick={() => open(e)}
          aria-label={t('admin.audit.viewNamed', { id: e.id })}
        >
          {t('admin.audit.view')}
        </RowButton>
      )}
      dialog={{
        size: 'xl',
        title: (e) => (e ? `${e.action} · ${formatDateTime(e.at)}` : ''),
        render: (e) =>
          e && (
            <Stack gap="md">
              <Text size="sm">
                {who(e)} · {e.ip ?? '—'}
              </Text>
              <SimpleGrid cols={{ base: 1, md: 2 }}>
                <Snapshot label={t('admin.audit.before')} value={e.before} />
                <Snapshot label={t('admin.audit.after')} value={e.after} />
              </SimpleGrid>
            </Stack>
          ),
      }}
    />
  );
}
