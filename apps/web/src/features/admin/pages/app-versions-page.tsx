/**
 * Versiones de la app: the version each platform should run. The newest active one of a platform is what
 * the app compares itself with: publishing a higher one makes older installs show 'Cuidado app
 * desactualizada' (the force-update lever).
 */
import { type AppVersion, type AppVersionBody, AppVersionBodySchema } from '@cubierto/contracts';
import { Button, Checkbox, Group, Select, Stack, Switch, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { handleError } from '../../../shared/errors/error-handler.tsx';
import { applyApiValidations } from '../../../shared/forms/api-validations.ts';
import { listQueryOptions, useListState } from '../api/lists.ts';
import { useAdminMutation } from '../api/mutations.ts';
import { saveAppVersion } from '../api/operations.ts';
import { AdminList, type Column } from '../components/admin-list.tsx';
import { AdminModal } from '../components/admin-modal.tsx';
import { bodyResolver } from '../components/body-resolver.ts';
import { formatDateTime } from '../components/dates.ts';
import { StateBadge } from '../components/state-badge.tsx';

const PLATFORMS = ['web', 'android', 'ios'] as const;

function VersionForm({ version, onDone }: { version: AppVersion | null; onDone: () => void }) {
  const { t } = useTranslation();
  const save = useAdminMutation(['app-versions'], saveAppVersion);
  const form = useForm<AppVersionBody>({
    defaultValues: {
      version: version?.version ?? '',
      platform: version?.platform ?? 'android',
      active: version?.active ?? true,
      social: version?.social ?? { google: true, facebook: true, apple: true },
    },
    resolver: bodyResolver(AppVersionBodySchema, (values) => values),
  });
  const submit = form.handleSubmit(async (body) => {
    try {
      await save.mutateAsync({ ...(version ? { id: version.id } : {}), body });
      onDone();
    } catch (error) {
      if (!applyApiValidations(error, form.setError, ['version'])) handleError(error);
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label={t('admin.versions.form')}>
      <Stack gap="md">
        <TextInput
          label={t('admin.versions.version')}
          placeholder="2.1.11"
          {...form.register('version')}
          error={form.formState.errors.version?.message}
        />
        <Controller
          control={form.control}
          name="platform"
          render={({ field }) => (
            <Select
              label={t('admin.versions.platform')}
              data={PLATFORMS.map((p) => ({ value: p, label: t(`admin.versions.platforms.${p}`) }))}
              allowDeselect={false}
              value={field.value}
              onChange={(value) => field.onChange(value ?? 'android')}
            />
          )}
        />
        <Controller
          control={form.control}
          name="active"
          render={({ field }) => (
            <Switch
              label={t('admin.versions.active')}
              checked={field.value}
              onChange={(e) => field.onChange(e.currentTarget.checked)}
            />
          )}
        />
        <Group gap="lg">
          {(['google', 'facebook', 'apple'] as const).map((provider) => (
            <Controller
              key={provider}
              control={form.control}
              name={`social.${provider}`}
              render={({ field }) => (
                <Checkbox
                  label={t(`admin.versions.social.${provider}`)}
                  checked={field.value}
                  onChange={(e) => field.onChange(e.currentTarget.checked)}
                />
              )}
            />
          ))}
        </Group>
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

export function AppVersionsPage() {
  const { t } = useTranslation();
  const [state, update] = useListState('-id');
  const query = useQuery(listQueryOptions<AppVersion>('app-versions', state));
  const [editing, setEditing] = useState<AppVersion | 'new' | null>(null);
  const columns: Column<AppVersion>[] = [
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
      render: (v) => (
        <StateBadge tone={v.active ? 'ok' : 'off'}>
          {v.active ? t('admin.status.active') : t('admin.status.inactive')}
        </StateBadge>
      ),
    },
    {
      key: 'social',
      label: t('admin.versions.socialLabel'),
      render: (v) =>
        (['google', 'facebook', 'apple'] as const)
          .filter((p) => v.social[p])
          .map((p) => t(`admin.versions.social.${p}`))
          .join(', ') || '—',
    },
    {
      key: 'created',
      label: t('admin.createdAt'),
      sort: 'created_at',
      render: (v) => formatDateTime(v.created_at),
    },
    {
      key: 'actions',
      label: t('admin.actions'),
      render: (v) => (
        <Button
          size="xs"
          variant="light"
          onClick={() => setEditing(v)}
          aria-label={t('admin.editNamed', { name: `${v.platform} ${v.version}` })}
        >
          {t('admin.edit')}
        </Button>
      ),
    },
  ];
  return (
    <>
      <AdminList
        title={t('admin.versions.title')}
        searchLabel={t('admin.versions.search')}
        state={state}
        onChange={update}
        query={query}
        columns={columns}
        rowKey={(v) => v.id}
        emptyText={t('admin.versions.empty')}
        actions={<Button onClick={() => setEditing('new')}>{t('admin.versions.new')}</Button>}
        filters={
          <>
            <Select
              label={t('admin.versions.platform')}
              data={PLATFORMS.map((p) => ({ value: p, label: t(`admin.versions.platforms.${p}`) }))}
              value={state.filters.platform ?? null}
              onChange={(value) => update({ filters: { ...state.filters, platform: value ?? '' } })}
              clearable
              placeholder={t('admin.all')}
            />
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
          </>
        }
      />
      <AdminModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t('admin.versions.new') : t('admin.versions.edit')}
      >
        {editing !== null && (
          <VersionForm version={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
        )}
      </AdminModal>
    </>
  );
}
