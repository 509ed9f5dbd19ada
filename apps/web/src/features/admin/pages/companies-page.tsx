/**
 * Aseguradoras: the insurers with their logo. Create and edit with the API's schema; the logo is sent as a
 * file the API checks by its content; a company with policies cannot be deleted (the API says why).
 */
import { type CompanyBody, CompanyBodySchema } from '@cubierto/contracts';
import { Button, FileInput, Group, Image, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-error.ts';
import { apiFileUrl } from '../../../shared/api/client.ts';
import { confirmDestructive } from '../../../shared/dialogs/dialogs.tsx';
import { handleError } from '../../../shared/errors/error-handler.tsx';
import { applyApiValidations } from '../../../shared/forms/api-validations.ts';
import { type AdminCompany, deleteCompany, saveCompany, uploadCompanyLogo } from '../api/catalog.ts';
import { listQueryOptions, useListState } from '../api/lists.ts';
import { useAdminMutation } from '../api/mutations.ts';
import { AdminList, type Column } from '../components/admin-list.tsx';
import { AdminModal } from '../components/admin-modal.tsx';
import { bodyResolver } from '../components/body-resolver.ts';

const LOGO_TYPES = 'image/png,image/jpeg,image/webp';

function CompanyForm({ company, onDone }: { company: AdminCompany | null; onDone: () => void }) {
  const { t } = useTranslation();
  const [logo, setLogo] = useState<File | null>(null);
  const [logoError, setLogoError] = useState<string | null>(null);
  // A new company that saved but whose logo was refused is edited on the next submit, not created twice.
  const [savedId, setSavedId] = useState<number | undefined>(company?.id);
  const save = useAdminMutation(['companies', 'policies'], saveCompany);
  const upload = useAdminMutation(['companies', 'policies'], uploadCompanyLogo);
  const form = useForm<CompanyBody>({
    defaultValues: { name: company?.name ?? '', legal_name: company?.legal_name ?? '' },
    resolver: bodyResolver(CompanyBodySchema, (values) => values),
  });
  const submit = form.handleSubmit(async (body) => {
    try {
      const saved = await save.mutateAsync({ id: savedId, body });
      setSavedId(saved.id);
      if (logo) await upload.mutateAsync({ id: saved.id, logo });
      onDone();
    } catch (error) {
      const logoMessages = error instanceof ApiError ? error.validationsOf('logo') : [];
      if (logoMessages.length) setLogoError(logoMessages.join(' '));
      if (!applyApiValidations(error, form.setError, ['name', 'legal_name']) && !logoMessages.length)
        handleError(error);
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label={t('admin.companies.form')}>
      <Stack gap="md">
        <TextInput
          label={t('admin.companies.name')}
          {...form.register('name')}
          error={form.formState.errors.name?.message}
        />
        <TextInput
          label={t('admin.companies.legalName')}
          {...form.register('legal_name')}
          error={form.formState.errors.legal_name?.message}
        />
        <FileInput
          label={t('admin.companies.logo')}
          description={t('admin.companies.logoHelp')}
          accept={LOGO_TYPES}
          value={logo}
          onChange={(file) => {
            setLogo(file);
            setLogoError(null);
          }}
          clearable
          clearButtonProps={{ 'aria-label': t('admin.companies.clearLogo') }}
          error={logoError}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('admin.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending || upload.isPending}>
            {t('admin.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function CompaniesPage() {
  const { t } = useTranslation();
  const [state, update] = useListState('name');
  const query = useQuery(listQueryOptions<AdminCompany>('companies', state));
  const [editing, setEditing] = useState<AdminCompany | 'new' | null>(null);
  const remove = useAdminMutation(['companies'], deleteCompany, 'admin.deleted');

  const askDelete = async (company: AdminCompany) => {
    const answer = await confirmDestructive({
      title: t('admin.companies.deleteTitle', { name: company.name }),
      subTitle: t('admin.companies.deleteText'),
      confirmText: t('admin.delete'),
    });
    if (answer.role !== 'confirm') return;
    remove.mutate(company.id, { onError: (error) => handleError(error) });
  };

  const columns: Column<AdminCompany>[] = [
    {
      key: 'logo',
      label: t('admin.companies.logo'),
      render: (c) =>
        c.logo_url ? (
          <Image src={apiFileUrl(c.logo_url)} alt={c.legal_name} h={32} w={80} fit="contain" />
        ) : (
          '—'
        ),
    },
    { key: 'name', label: t('admin.companies.name'), sort: 'name', render: (c) => c.name },
    { key: 'legal', label: t('admin.companies.legalName'), sort: 'legal_name', render: (c) => c.legal_name },
    { key: 'policies', label: t('admin.companies.policies'), render: (c) => c.policies_count ?? 0 },
    {
      key: 'actions',
      label: t('admin.actions'),
      render: (c) => (
        <Group gap="xs" wrap="nowrap">
          <Button
            size="xs"
            variant="light"
            onClick={() => setEditing(c)}
            aria-label={t('admin.editNamed', { name: c.name })}
          >
            {t('admin.edit')}
          </Button>
          <Button
            size="xs"
            variant="default"
            c="red.9"
            onClick={() => void askDelete(c)}
            aria-label={t('admin.deleteNamed', { name: c.name })}
          >
            {t('admin.delete')}
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <>
      <AdminList
        title={t('admin.companies.title')}
        searchLabel={t('admin.companies.search')}
        state={state}
        onChange={update}
        query={query}
        columns={columns}
        rowKey={(c) => c.id}
        emptyText={t('admin.companies.empty')}
        actions={<Button onClick={() => setEditing('new')}>{t('admin.companies.new')}</Button>}
      />
      <AdminModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t('admin.companies.new') : t('admin.companies.edit')}
      >
        {editing !== null && (
          <CompanyForm company={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
        )}
      </AdminModal>
    </>
  );
}
