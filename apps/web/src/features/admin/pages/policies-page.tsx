/**
 * Pólizas: each insurer's products by risk type, with 'Inclusiones' and 'Exclusiones'. Linking a policy
 * to the application puts it on the storefront customers browse; unlinking takes it off.
 */
import {
  type PolicyBody,
  PolicyBodySchema,
  RISK_TYPE_CODES,
  RISK_TYPES,
  type RiskTypeCode,
} from '@cubierto/contracts';
import { Button, Group, Select, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { handleError } from '../../../shared/errors/error-handler.tsx';
import { applyApiValidations } from '../../../shared/forms/api-validations.ts';
import { type AdminPolicy, allCompaniesQueryOptions, savePolicy, setPolicyLinked } from '../api/catalog.ts';
import { listQueryOptions, useListState } from '../api/lists.ts';
import { useAdminMutation } from '../api/mutations.ts';
import { AdminList, type Column } from '../components/admin-list.tsx';
import { AdminModal } from '../components/admin-modal.tsx';
import { bodyResolver } from '../components/body-resolver.ts';
import { firstErrorMessage } from '../components/error-text.ts';
import {
  type LabelledRow,
  LabelledTextsField,
  recordToRows,
  rowsToRecord,
} from '../components/labelled-texts-field.tsx';
import { StateBadge } from '../components/state-badge.tsx';

type PolicyForm = {
  company_id: string;
  risk_type: string;
  name: string;
  status: 'active' | 'inactive';
  includes: LabelledRow[];
  excludes: LabelledRow[];
  external_url: string;
  special_clauses: string;
};

export const riskTypeOptions = RISK_TYPE_CODES.map((code) => ({ value: code, label: RISK_TYPES[code].name }));

function toBody(values: PolicyForm) {
  return {
    company_id: values.company_id ? Number(values.company_id) : undefined,
    risk_type: values.risk_type || undefined,
    name: values.name,
    status: values.status,
    includes: rowsToRecord(values.includes),
    excludes: rowsToRecord(values.excludes),
    external_url: values.external_url.trim() || null,
    special_clauses: values.special_clauses.trim() || null,
  };
}

function PolicyFormView({ policy, onDone }: { policy: AdminPolicy | null; onDone: () => void }) {
  const { t } = useTranslation();
  const companies = useQuery(allCompaniesQueryOptions);
  const save = useAdminMutation(['policies', 'companies'], savePolicy);
  const form = useForm<PolicyForm, unknown, PolicyBody>({
    defaultValues: {
      company_id: policy?.company ? String(policy.company.id) : '',
      risk_type: policy?.risk_type.short_code ?? '',
      name: policy?.name ?? '',
      status: policy?.status === 'inactive' ? 'inactive' : 'active',
      includes: recordToRows(policy?.includes),
      excludes: recordToRows(policy?.excludes),
      external_url: policy?.external_url ?? '',
      special_clauses: policy?.special_clauses ?? '',
    },
    resolver: bodyResolver(PolicyBodySchema, toBody),
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (body) => {
    try {
      await save.mutateAsync({ ...(policy ? { id: policy.id } : {}), body });
      onDone();
    } catch (error) {
      if (!applyApiValidations(error, form.setError, ['company_id', 'risk_type', 'name', 'external_url']))
        handleError(error);
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label={t('admin.policies.form')}>
      <Stack gap="md">
        <Controller
          control={form.control}
          name="company_id"
          render={({ field }) => (
            <Select
              label={t('admin.policies.company')}
              data={(companies.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
              searchable
              value={field.value || null}
              onChange={(value) => field.onChange(value ?? '')}
              error={errors.company_id?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="risk_type"
          render={({ field }) => (
            <Select
              label={t('admin.policies.riskType')}
              data={riskTypeOptions}
              value={field.value || null}
              onChange={(value) => field.onChange(value ?? '')}
              error={errors.risk_type?.message}
            />
          )}
        />
        <TextInput label={t('admin.policies.name')} {...form.register('name')} error={errors.name?.message} />
        <Controller
          control={form.control}
          name="status"
          render={({ field }) => (
            <Select
              label={t('admin.status.label')}
              data={[
                { value: 'active', label: t('admin.status.active') },
                { value: 'inactive', label: t('admin.status.inactive') },
              ]}
              allowDeselect={false}
              value={field.value}
              onChange={(value) => field.onChange(value ?? 'active')}
            />
          )}
        />
        <LabelledTextsField
          name="includes"
          legend={t('admin.policies.includes')}
          control={form.control}
          register={form.register}
          error={firstErrorMessage(errors.includes)}
        />
        <LabelledTextsField
          name="excludes"
          legend={t('admin.policies.excludes')}
          control={form.control}
          register={form.register}
          error={firstErrorMessage(errors.excludes)}
        />
        <TextInput
          label={t('admin.policies.externalUrl')}
          description={t('admin.policies.externalUrlHelp')}
          {...form.register('external_url')}
          error={errors.external_url?.message}
        />
        <Textarea
          label={t('admin.policies.specialClauses')}
          autosize
          minRows={2}
          {...form.register('special_clauses')}
          error={errors.special_clauses?.message}
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

export function PoliciesPage() {
  const { t } = useTranslation();
  const [state, update] = useListState('-id');
  const query = useQuery(listQueryOptions<AdminPolicy>('policies', state));
  const companies = useQuery(allCompaniesQueryOptions);
  const [editing, setEditing] = useState<AdminPolicy | 'new' | null>(null);
  const link = useAdminMutation(['policies'], setPolicyLinked);

  const columns: Column<AdminPolicy>[] = [
    { key: 'id', label: t('admin.id'), sort: 'id', render: (p) => p.id },
    { key: 'name', label: t('admin.policies.name'), sort: 'name', render: (p) => p.name },
    { key: 'company', label: t('admin.policies.company'), sort: 'company', render: (p) => p.company?.name },
    {
      key: 'risk',
      label: t('admin.policies.riskType'),
      sort: 'risk_type',
      render: (p) => RISK_TYPES[p.risk_type.short_code as RiskTypeCode]?.name ?? p.risk_type.short_code,
    },
    { key: 'coverages', label: t('admin.policies.coverages'), render: (p) => p.coverages_count ?? 0 },
    {
      key: 'status',
      label: t('admin.status.label'),
      render: (p) => (
        <StateBadge tone={p.status === 'active' ? 'ok' : 'off'}>
          {t(`admin.status.${p.status === 'active' ? 'active' : 'inactive'}`)}
        </StateBadge>
      ),
    },
    {
      key: 'linked',
      label: t('admin.policies.linked'),
      render: (p) => (
        <Switch
          checked={p.linked ?? false}
          disabled={link.isPending}
          aria-label={t('admin.policies.linkNamed', { name: p.name })}
          onChange={(event) =>
            link.mutate(
              { policyId: p.id, linked: event.currentTarget.checked },
              { onError: (error) => handleError(error) },
            )
          }
        />
      ),
    },
    {
      key: 'actions',
      label: t('admin.actions'),
      render: (p) => (
        <Button
          size="xs"
          variant="light"
          onClick={() => setEditing(p)}
          aria-label={t('admin.editNamed', { name: p.name })}
        >
          {t('admin.edit')}
        </Button>
      ),
    },
  ];

  const filter = (name: string) => (value: string | null) =>
    update({ filters: { ...state.filters, [name]: value ?? '' } });

  return (
    <>
      <AdminList
        title={t('admin.policies.title')}
        searchLabel={t('admin.policies.search')}
        state={state}
        onChange={update}
        query={query}
        columns={columns}
        rowKey={(p) => p.id}
        emptyText={t('admin.policies.empty')}
        actions={<Button onClick={() => setEditing('new')}>{t('admin.policies.new')}</Button>}
        filters={
          <>
            <Select
              label={t('admin.policies.company')}
              data={(companies.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
              value={state.filters.company ?? null}
              onChange={filter('company')}
              clearable
              placeholder={t('admin.all')}
            />
            <Select
              label={t('admin.policies.riskType')}
              data={riskTypeOptions}
              value={state.filters.risk_type ?? null}
              onChange={filter('risk_type')}
              clearable
              placeholder={t('admin.all')}
            />
            <Select
              label={t('admin.status.label')}
              data={[
                { value: 'active', label: t('admin.status.active') },
                { value: 'inactive', label: t('admin.status.inactive') },
              ]}
              value={state.filters.status ?? null}
              onChange={filter('status')}
              clearable
              placeholder={t('admin.all')}
            />
          </>
        }
      />
      <AdminModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        size="lg"
        title={editing === 'new' ? t('admin.policies.new') : t('admin.policies.edit')}
      >
        {editing !== null && (
          <PolicyFormView policy={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
        )}
      </AdminModal>
    </>
  );
}
