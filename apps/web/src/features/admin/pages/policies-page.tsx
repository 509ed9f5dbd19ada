/**
 * Pólizas: each insurer's products by risk type, with 'Inclusiones' and 'Exclusiones'. Linking a policy
 * to the application puts it on the storefront customers browse; unlinking takes it off.
 */
import {
  type OperatorPolicy,
  type PolicyBody,
  PolicyBodySchema,
  RISK_TYPE_CODES,
  RISK_TYPES,
  type RiskTypeCode,
} from '@cubierto/contracts';
import { Switch } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { handleError } from '../../../shared/errors/error-handler.tsx';
import { allCompaniesQueryOptions } from '../api/companies.ts';
import { policiesQueryOptions, useLinkPolicyMutation, useSavePolicyMutation } from '../api/policies.ts';
import {
  type LabelledRow,
  LabelledTextsField,
  recordToRows,
  rowsToRecord,
} from '../components/labelled-texts-field.tsx';
import {
  fieldError,
  RecordForm,
  SelectField,
  TextareaField,
  TextField,
  useOperatorForm,
} from '../components/operator-form.tsx';
import { activeOptions, EditButton, OperatorListPage } from '../components/operator-list-page.tsx';
import { ActiveBadge } from '../components/state-badge.tsx';

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

function useCompanyOptions() {
  const companies = useQuery(allCompaniesQueryOptions);
  return (companies.data ?? []).map((c) => ({ value: String(c.id), label: c.name }));
}

function PolicyFormView({ policy, onDone }: { policy: OperatorPolicy | null; onDone: () => void }) {
  const { t } = useTranslation();
  const companies = useCompanyOptions();
  const save = useSavePolicyMutation();
  const form = useOperatorForm<PolicyForm, PolicyBody>({
    schema: PolicyBodySchema,
    toBody,
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
  });
  return (
    <RecordForm form={form} label={t('admin.policies.form')} mutation={save} id={policy?.id} onDone={onDone}>
      <SelectField
        form={form}
        name="company_id"
        label={t('admin.policies.company')}
        data={companies}
        searchable
      />
      <SelectField form={form} name="risk_type" label={t('admin.policies.riskType')} data={riskTypeOptions} />
      <TextField form={form} name="name" label={t('admin.policies.name')} />
      <SelectField
        form={form}
        name="status"
        label={t('admin.status.label')}
        data={activeOptions(t)}
        allowDeselect={false}
      />
      {(['includes', 'excludes'] as const).map((name) => (
        <LabelledTextsField
          key={name}
          name={name}
          legend={t(`admin.policies.${name}`)}
          control={form.control}
          register={form.register}
          error={fieldError(form, name)}
        />
      ))}
      <TextField
        form={form}
        name="external_url"
        label={t('admin.policies.externalUrl')}
        description={t('admin.policies.externalUrlHelp')}
      />
      <TextareaField form={form} name="special_clauses" label={t('admin.policies.specialClauses')} />
    </RecordForm>
  );
}

export function PoliciesPage() {
  const { t } = useTranslation();
  const companies = useCompanyOptions();
  const link = useLinkPolicyMutation();

  return (
    <OperatorListPage
      list={{ texts: 'admin.policies', sort: '-id', query: policiesQueryOptions }}
      creates
      filters={[
        { name: 'company', label: t('admin.policies.company'), options: companies },
        { name: 'risk_type', label: t('admin.policies.riskType'), options: riskTypeOptions },
        { name: 'status', label: t('admin.status.label'), options: activeOptions(t) },
      ]}
      columns={[
        { key: 'id', label: t('admin.id'), sort: 'id', render: (p) => p.id },
        { key: 'name', label: t('admin.policies.name'), sort: 'name', render: (p) => p.name },
        {
          key: 'company',
          label: t('admin.policies.company'),
          sort: 'company',
          render: (p) => p.company?.name,
        },
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
          render: (p) => <ActiveBadge active={p.status === 'active'} />,
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
      ]}
      actions={(p, open) => <EditButton name={p.name} onClick={() => open(p)} />}
      dialog={{ size: 'lg', render: (p, close) => <PolicyFormView policy={p} onDone={close} /> }}
    />
  );
}
