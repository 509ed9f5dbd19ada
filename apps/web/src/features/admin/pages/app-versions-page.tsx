/**
 * Versiones de la app: the version each platform should run. The newest active one of a platform is what
 * the app compares itself with: publishing a higher one makes older installs show 'Cuidado app
 * desactualizada' (the force-update lever).
 */
import { type AppVersion, type AppVersionBody, AppVersionBodySchema } from '@cubierto/contracts';
import { Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { appVersionsQueryOptions, useSaveAppVersionMutation } from '../api/app-versions.ts';
import { formatDateTime } from '../components/dates.ts';
import {
  CheckField,
  RecordForm,
  SelectField,
  TextField,
  useOperatorForm,
} from '../components/operator-form.tsx';
import { activeOptions, EditButton, OperatorListPage } from '../components/operator-list-page.tsx';
import { ActiveBadge } from '../components/state-badge.tsx';

const PLATFORMS = ['web', 'android', 'ios'] as const;
const PROVIDERS = ['google', 'facebook', 'apple'] as const;

function usePlatformOptions() {
  const { t } = useTranslation();
  return PLATFORMS.map((p) => ({ value: p, label: t(`admin.versions.platforms.${p}`) }));
}

function VersionForm({ version, onDone }: { version: AppVersion | null; onDone: () => void }) {
  const { t } = useTranslation();
  const save = useSaveAppVersionMutation();
  const form = useOperatorForm<AppVersionBody, AppVersionBody>({
    schema: AppVersionBodySchema,
    defaultValues: {
      version: version?.version ?? '',
      platform: version?.platform ?? 'android',
      active: version?.active ?? true,
      social: version?.social ?? { google: true, facebook: true, apple: true },
    },
  });
  return (
    <RecordForm form={form} label={t('admin.versions.form')} mutation={save} id={version?.id} onDone={onDone}>
      <TextField form={form} name="version" label={t('admin.versions.version')} placeholder="2.1.11" />
      <SelectField
        form={form}
        name="platform"
        label={t('admin.versions.platform')}
        data={usePlatformOptions()}
        allowDeselect={false}
      />
      <CheckField form={form} name="active" label={t('admin.versions.active')} />
      <Group gap="lg">
        {PROVIDERS.map((provider) => (
          <CheckField
            key={provider}
            form={form}
            name={`social.${provider}`}
            label={t(`admin.versions.social.${provider}`)}
            as="checkbox"
          />
        ))}
      </Group>
    </RecordForm>
  );
}

export function AppVersionsPage() {
  const { t } = useTranslation();
  return (
    <OperatorListPage
      list={{ texts: 'admin.versions', sort: '-id', query: appVersionsQueryOptions }}
      creates
      filters={[
        { name: 'platform', label: t('admin.versions.platform'), options: usePlatformOptions() },
        { name: 'active', label: t('admin.status.label'), options: activeOptions(t, ['true', 'false']) },
      ]}
      columns={[
        { key: 'version', label: t('admin.versions.version'), sort: 'version', render: (v) => v.version },
        {
          key: 'platform',
          label: t('admin.versions.platform'),
          sort: 'platform',
          render: (v) => t(`admin.versions.platforms.${v.platform}`),
        },
        {
          key: 'active',
          label: t('admin.status.label'),
          render: (v) => <ActiveBadge active={v.active} />,
        },
        {
          key: 'social',
          label: t('admin.versions.socialLabel'),
          render: (v) =>
            PROVIDERS.filter((p) => v.social[p])
              .map((p) => t(`admin.versions.social.${p}`))
              .join(', ') || '—',
        },
        {
          key: 'created',
          label: t('admin.createdAt'),
          sort: 'created_at',
          render: (v) => formatDateTime(v.created_at),
        },
      ]}
      actions={(v, open) => <EditButton name={`${v.platform} ${v.version}`} onClick={() => open(v)} />}
      dialog={{ render: (v, close) => <VersionForm version={v} onDone={close} /> }}
    />
  );
}
