/**
 * Aseguradoras: the insurers with their logo. Create and edit with the API's schema; the logo is sent as a
 * file the API checks by its content; a company with policies cannot be deleted (the API says why).
 */
import { type CompanyBody, CompanyBodySchema, type OperatorCompany } from '@cubierto/contracts';
import { FileInput, Group, Image } from '@mantine/core';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { apiFileUrl } from '../../../shared/api/client.ts';
import { confirmDestructive } from '../../../shared/dialogs/dialogs.tsx';
import { handleError } from '../../../shared/errors/error-handler.tsx';
import {
  companiesQueryOptions,
  useDeleteCompanyMutation,
  useSaveCompanyMutation,
  useUploadCompanyLogoMutation,
} from '../api/companies.ts';
import { fieldError, OperatorForm, TextField, useOperatorForm } from '../components/operator-form.tsx';
import { EditButton, OperatorListPage, RowButton } from '../components/operator-list-page.tsx';

const LOGO_TYPES = 'image/png,image/jpeg,image/webp';

/** The body's fields, and the logo the API checks apart (its messages come under `logo`). */
type CompanyForm = CompanyBody & { logo: File | null };

function CompanyFormView({ company, onDone }: { company: OperatorCompany | null; onDone: () => void }) {
  const { t } = useTranslation();
  // A new company that saved but whose logo was refused is edited on the next submit, not created twice.
  const [savedId, setSavedId] = useState<number | undefined>(company?.id);
  const save = useSaveCompanyMutation();
  const upload = useUploadCompanyLogoMutation();
  const form = useOperatorForm<CompanyForm, CompanyBody>({
    schema: CompanyBodySchema,
    defaultValues: { name: company?.name ?? '', legal_name: company?.legal_name ?? '', logo: null },
    toBody: ({ name, legal_name }) => ({ name, legal_name }),
  });
  const send = async (body: CompanyBody) => {
    const saved = await save.mutateAsync({ id: savedId, body });
    setSavedId(saved.id);
    const logo = form.getValues('logo');
    if (logo) await upload.mutateAsync({ id: saved.id, logo });
  };
  return (
    <OperatorForm
      form={form}
      label={t('admin.companies.form')}
      save={send}
      saving={save.isPending || upload.isPending}
      onDone={onDone}
    >
      <TextField form={form} name="name" label={t('admin.companies.name')} />
      <TextField form={form} name="legal_name" label={t('admin.companies.legalName')} />
      <Controller
        control={form.control}
        name="logo"
        render={({ field }) => (
          <FileInput
            label={t('admin.companies.logo')}
            description={t('admin.companies.logoHelp')}
            accept={LOGO_TYPES}
            value={field.value}
            onChange={(file) => {
              field.onChange(file);
              form.clearErrors('logo');
            }}
            clearable
            clearButtonProps={{ 'aria-label': t('admin.companies.clearLogo') }}
            error={fieldError(form, 'logo')}
          />
        )}
      />
    </OperatorForm>
  );
}

export function CompaniesPage() {
  const { t } = useTranslation();
  const remove = useDeleteCompanyMutation();

  const askDelete = async (company: OperatorCompany) => {
    const answer = await confirmDestructive({
      title: t('admin.companies.deleteTitle', { name: company.name }),
      subTitle: t('admin.companies.deleteText'),
      confirmText: t('admin.delete'),
    });
    if (answer.role !== 'confirm') return;
    remove.mutate(company.id, { onError: (error) => handleError(error) });
  };

  return (
    <OperatorListPage
      list={{ texts: 'admin.companies', sort: 'name', query: companiesQueryOptions }}
      creates
      columns={[
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
        {
          key: 'legal',
          label: t('admin.companies.legalName'),
          sort: 'legal_name',
          render: (c) => c.legal_name,
        },
        { key: 'policies', label: t('admin.companies.policies'), render: (c) => c.policies_count ?? 0 },
      ]}
      actions={(c, open) => (
        <Group gap="xs" wrap="nowrap">
          <EditButton name={c.name} onClick={() => open(c)} />
          <RowButton
            variant="default"
            c="red.9"
            onClick={() => void askDelete(c)}
            aria-label={t('admin.deleteNamed', { name: c.name })}
          >
            {t('admin.delete')}
          </RowButton>
        </Group>
      )}
      dialog={{ render: (c, close) => <CompanyFormView company={c} onDone={close} /> }}
    />
  );
}
