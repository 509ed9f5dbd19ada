/**
 * Planes: the coverages of each policy, with the amounts of its risk type (typed in pesos, stored in
 * centavos), the premium by the way the risk type is priced, surcharges and taxes as percentages. The API
 * refuses to drop a description field from a plan that insurances were sold with.
 */
import {
  type CoverageBody,
  CoverageBodySchema,
  type OperatorCoverage,
  type Pricing,
  RISK_TYPES,
  type RiskTypeCode,
} from '@cubierto/contracts';
import { Fieldset, SimpleGrid } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { premiumFromText } from '../../../shared/catalog/public-policies.ts';
import { coveragesQueryOptions, useSaveCoverageMutation } from '../api/coverages.ts';
import { allPoliciesQueryOptions } from '../api/policies.ts';
import { centsToPesos, percentToBps, pesosToCents } from '../components/amounts.ts';
import {
  RecordForm,
  SelectField,
  TextareaField,
  TextField,
  useOperatorForm,
} from '../components/operator-form.tsx';
import { activeOptions, EditButton, OperatorListPage } from '../components/operator-list-page.tsx';
import { StateBadge } from '../components/state-badge.tsx';

type CoverageForm = {
  policy_id: string;
  public_name: string;
  public_description: string;
  description: Record<string, string>;
  pricing: {
    monthly_cents: string;
    monthly_rate_per_mille: string;
    min_insured_cents: string;
    max_insured_cents: string;
    daily_cents: { one_trip: string; multi_trip: string; long_stay: string };
  };
  /** Percentages as typed; the body carries basis points. */
  surcharge_bps: string;
  tax_bps: string;
  status: 'active' | 'inactive';
  sort_order: string;
};

type PolicyOption = { id: number; name: string; short_code: string };

function pricingOf(kind: string, p: CoverageForm['pricing']): Pricing | { kind: string } {
  switch (kind) {
    case 'fixed_monthly':
      return { kind, monthly_cents: pesosToCents(p.monthly_cents) };
    case 'by_insured_amount':
      return {
        kind,
        monthly_rate_per_mille: Number(p.monthly_rate_per_mille.replace(',', '.') || Number.NaN),
        min_insured_cents: pesosToCents(p.min_insured_cents),
        max_insured_cents: pesosToCents(p.max_insured_cents),
      };
    case 'travel_by_days':
      return {
        kind,
        daily_cents: {
          one_trip: pesosToCents(p.daily_cents.one_trip),
          multi_trip: pesosToCents(p.daily_cents.multi_trip),
          long_stay: pesosToCents(p.daily_cents.long_stay),
        },
      };
    default:
      return { kind };
  }
}

/** `policies` is read at submit time: the list may arrive after the form was created. */
function makeToBody(policies: () => PolicyOption[]) {
  return (values: CoverageForm) => {
    const policy = policies().find((p) => String(p.id) === values.policy_id);
    const rule = policy ? RISK_TYPES[policy.short_code as RiskTypeCode] : undefined;
    const description: Record<string, number | string> = {};
    for (const field of rule?.descriptionFields ?? []) {
      const raw = values.description?.[field.key] ?? '';
      description[field.key] =
        field.kind === 'amount'
          ? pesosToCents(raw)
          : field.kind === 'count'
            ? Number(raw || Number.NaN)
            : raw;
    }
    return {
      policy_id: policy?.id,
      public_name: values.public_name,
      public_description: values.public_description,
      description,
      description_more: {},
      pricing: pricingOf(rule?.pricing ?? '', values.pricing),
      surcharge_bps: percentToBps(values.surcharge_bps),
      tax_bps: percentToBps(values.tax_bps),
      status: values.status,
      sort_order: Number(values.sort_order || 0),
    };
  };
}

function defaults(coverage: OperatorCoverage | null): CoverageForm {
  const description: Record<string, string> = {};
  for (const [key, value] of Object.entries(coverage?.description ?? {})) {
    if (key.endsWith('_nice')) continue;
    const rule = coverage ? RISK_TYPES[coverage.risk_type.short_code as RiskTypeCode] : undefined;
    const kind = rule?.descriptionFields.find((f) => f.key === key)?.kind;
    description[key] = kind === 'amount' && typeof value === 'number' ? centsToPesos(value) : String(value);
  }
  const p = coverage?.pricing;
  return {
    policy_id: coverage ? String(coverage.policy_id) : '',
    public_name: coverage?.public_name ?? '',
    public_description: coverage?.public_description ?? '',
    description,
    pricing: {
      monthly_cents: p?.kind === 'fixed_monthly' ? centsToPesos(p.monthly_cents) : '',
      monthly_rate_per_mille: p?.kind === 'by_insured_amount' ? String(p.monthly_rate_per_mille) : '',
      min_insured_cents: p?.kind === 'by_insured_amount' ? centsToPesos(p.min_insured_cents) : '',
      max_insured_cents: p?.kind === 'by_insured_amount' ? centsToPesos(p.max_insured_cents) : '',
      daily_cents: {
        one_trip: p?.kind === 'travel_by_days' ? centsToPesos(p.daily_cents.one_trip) : '',
        multi_trip: p?.kind === 'travel_by_days' ? centsToPesos(p.daily_cents.multi_trip) : '',
        long_stay: p?.kind === 'travel_by_days' ? centsToPesos(p.daily_cents.long_stay) : '',
      },
    },
    surcharge_bps: coverage ? String(coverage.surcharge_bps / 100) : '0',
    tax_bps: coverage ? String(coverage.tax_bps / 100) : '21',
    status: coverage?.status === 'inactive' ? 'inactive' : 'active',
    sort_order: String(coverage?.sort_order ?? 0),
  };
}

type MoneyPath =
  | 'monthly_cents'
  | 'min_insured_cents'
  | 'max_insured_cents'
  | `daily_cents.${'one_trip' | 'multi_trip' | 'long_stay'}`;

/** The premium's fields of each way of pricing, as [path, label key]. */
const PRICE_FIELDS: Record<Pricing['kind'], [MoneyPath | 'monthly_rate_per_mille', string][]> = {
  fixed_monthly: [['monthly_cents', 'monthly']],
  by_insured_amount: [
    ['monthly_rate_per_mille', 'rate'],
    ['min_insured_cents', 'min'],
    ['max_insured_cents', 'max'],
  ],
  travel_by_days: [
    ['daily_cents.one_trip', 'oneTrip'],
    ['daily_cents.multi_trip', 'multiTrip'],
    ['daily_cents.long_stay', 'longStay'],
  ],
};

function CoverageFormView({ coverage, onDone }: { coverage: OperatorCoverage | null; onDone: () => void }) {
  const { t } = useTranslation();
  const policiesQuery = useQuery(allPoliciesQueryOptions);
  const policies: PolicyOption[] = (policiesQuery.data ?? []).map((p) => ({
    id: p.id,
    name: `${p.name} — ${p.company?.name ?? ''}`,
    short_code: p.risk_type.short_code,
  }));
  const policiesRef = useRef(policies);
  policiesRef.current = policies;
  const save = useSaveCoverageMutation();
  const form = useOperatorForm<CoverageForm, CoverageBody>({
    schema: CoverageBodySchema,
    defaultValues: defaults(coverage),
    toBody: makeToBody(() => policiesRef.current),
  });
  const policyId = useWatch({ control: form.control, name: 'policy_id' });
  const policy = policies.find((p) => String(p.id) === policyId);
  const rule = policy ? RISK_TYPES[policy.short_code as RiskTypeCode] : undefined;

  return (
    <RecordForm
      form={form}
      label={t('admin.coverages.form')}
      mutation={save}
      id={coverage?.id}
      onDone={onDone}
    >
      <SelectField
        form={form}
        name="policy_id"
        label={t('admin.coverages.policy')}
        data={policies.map((p) => ({ value: String(p.id), label: p.name }))}
        searchable
      />
      <TextField form={form} name="public_name" label={t('admin.coverages.publicName')} />
      <TextareaField form={form} name="public_description" label={t('admin.coverages.publicDescription')} />
      {rule && (
        <Fieldset legend={t('admin.coverages.amounts', { riskType: rule.name })}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {rule.descriptionFields.map((field) => (
              <TextField
                key={field.key}
                form={form}
                name={`description.${field.key}`}
                label={field.label}
                inputMode={field.kind === 'text' ? 'text' : 'decimal'}
                leftSection={field.kind === 'amount' ? '$' : undefined}
              />
            ))}
          </SimpleGrid>
        </Fieldset>
      )}
      {rule && (
        <Fieldset legend={t(`admin.coverages.pricing.${rule.pricing}`)}>
          {/* The form's pricing fields carry the body's own paths, so the schema's messages land on them. */}
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {PRICE_FIELDS[rule.pricing].map(([path, label]) => (
              <TextField
                key={path}
                form={form}
                name={`pricing.${path}`}
                label={t(`admin.coverages.${label}`)}
                inputMode="decimal"
                leftSection={path === 'monthly_rate_per_mille' ? undefined : '$'}
              />
            ))}
          </SimpleGrid>
        </Fieldset>
      )}
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {(['surcharge', 'tax'] as const).map((rate) => (
          <TextField
            key={rate}
            form={form}
            name={`${rate}_bps`}
            label={t(`admin.coverages.${rate}`)}
            inputMode="decimal"
            rightSection="%"
          />
        ))}
        <TextField form={form} name="sort_order" label={t('admin.coverages.sortOrder')} inputMode="numeric" />
      </SimpleGrid>
      <SelectField
        form={form}
        name="status"
        label={t('admin.status.label')}
        data={activeOptions(t)}
        allowDeselect={false}
      />
    </RecordForm>
  );
}

export function CoveragesPage() {
  const { t } = useTranslation();
  const policies = useQuery(allPoliciesQueryOptions);
  return (
    <OperatorListPage
      list={{ texts: 'admin.coverages', sort: 'policy', query: coveragesQueryOptions }}
      creates
      filters={[
        {
          name: 'policy',
          label: t('admin.coverages.policy'),
          options: (policies.data ?? []).map((p) => ({ value: String(p.id), label: p.name })),
          searchable: true,
        },
        { name: 'status', label: t('admin.status.label'), options: activeOptions(t) },
      ]}
      columns={[
        { key: 'id', label: t('admin.id'), sort: 'id', render: (c) => c.id },
        {
          key: 'name',
          label: t('admin.coverages.publicName'),
          sort: 'public_name',
          render: (c) => c.public_name,
        },
        { key: 'policy', label: t('admin.coverages.policy'), sort: 'policy', render: (c) => c.policy_name },
        {
          key: 'risk',
          label: t('admin.policies.riskType'),
          render: (c) => RISK_TYPES[c.risk_type.short_code as RiskTypeCode]?.name,
        },
        {
          key: 'from',
          label: t('admin.coverages.from'),
          render: (c) => premiumFromText(c),
        },
        {
          key: 'rates',
          label: t('admin.coverages.rates'),
          render: (c) => `${c.surcharge_bps / 100} % · ${c.tax_bps / 100} %`,
        },
        {
          key: 'status',
          label: t('admin.status.label'),
          render: (c) => (
            <StateBadge tone={c.status === 'active' ? 'ok' : 'off'}>
              {t(`admin.status.${c.status}`)}
            </StateBadge>
          ),
        },
      ]}
      actions={(c, open) => <EditButton name={c.public_name} onClick={() => open(c)} />}
      dialog={{ size: 'lg', render: (c, close) => <CoverageFormView coverage={c} onDone={close} /> }}
    />
  );
}
