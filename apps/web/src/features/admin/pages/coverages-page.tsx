/**
 * Planes: the coverages of each policy, with the amounts of its risk type (typed in pesos, stored in
 * centavos), the premium by the way the risk type is priced, surcharges and taxes as percentages. The API
 * refuses to drop a description field from a plan that insurances were sold with.
 */
import {
  type CoverageBody,
  CoverageBodySchema,
  type Pricing,
  RISK_TYPES,
  type RiskTypeCode,
} from '@cubierto/contracts';
import { Button, Fieldset, Group, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-error.ts';
import { handleError } from '../../../shared/errors/error-handler.tsx';
import { type AdminCoverage, allPoliciesQueryOptions, saveCoverage } from '../api/catalog.ts';
import { listQueryOptions, useListState } from '../api/lists.ts';
import { useAdminMutation } from '../api/mutations.ts';
import { AdminList, type Column } from '../components/admin-list.tsx';
import { AdminModal } from '../components/admin-modal.tsx';
import { bodyResolver, centsToPesos, percentToBps, pesosToCents } from '../components/body-resolver.ts';
import { firstErrorMessage } from '../components/error-text.ts';
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

function defaults(coverage: AdminCoverage | null): CoverageForm {
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
    status: coverage?.status ?? 'active',
    sort_order: String(coverage?.sort_order ?? 0),
  };
}

function CoverageFormView({ coverage, onDone }: { coverage: AdminCoverage | null; onDone: () => void }) {
  const { t } = useTranslation();
  const policiesQuery = useQuery(allPoliciesQueryOptions);
  const policies: PolicyOption[] = (policiesQuery.data ?? []).map((p) => ({
    id: p.id,
    name: `${p.name} — ${p.company?.name ?? ''}`,
    short_code: p.risk_type.short_code,
  }));
  const policiesRef = useRef(policies);
  policiesRef.current = policies;
  const save = useAdminMutation(['coverages', 'policies'], saveCoverage);
  const form = useForm<CoverageForm, unknown, CoverageBody>({
    defaultValues: defaults(coverage),
    resolver: bodyResolver(
      CoverageBodySchema,
      makeToBody(() => policiesRef.current),
    ),
  });
  const errors = form.formState.errors;
  const policyId = useWatch({ control: form.control, name: 'policy_id' });
  const policy = policies.find((p) => String(p.id) === policyId);
  const rule = policy ? RISK_TYPES[policy.short_code as RiskTypeCode] : undefined;
  // The form's pricing fields carry the body's own paths, so the schema's messages land on them.
  const priceError = (path: string) =>
    firstErrorMessage(
      path
        .split('.')
        .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], errors.pricing),
    );

  const submit = form.handleSubmit(async (body) => {
    try {
      await save.mutateAsync({ ...(coverage ? { id: coverage.id } : {}), body });
      onDone();
    } catch (error) {
      let applied = false;
      if (
        error instanceof ApiError &&
        error.body?.validations &&
        typeof error.body.validations === 'object'
      ) {
        for (const [field, messages] of Object.entries(error.body.validations)) {
          const name =
            field === 'policy_id' || field.startsWith('description.') || field === 'public_name'
              ? field
              : null;
          if (name) {
            form.setError(name as never, { type: 'server', message: messages.join(' ') });
            applied = true;
          }
        }
      }
      if (!applied) handleError(error);
    }
  });

  const money = (
    path:
      | 'monthly_cents'
      | 'min_insured_cents'
      | 'max_insured_cents'
      | `daily_cents.${'one_trip' | 'multi_trip' | 'long_stay'}`,
    label: string,
  ) => (
    <TextInput
      label={label}
      inputMode="decimal"
      leftSection="$"
      {...form.register(`pricing.${path}`)}
      error={priceError(path)}
    />
  );

  return (
    <form onSubmit={submit} noValidate aria-label={t('admin.coverages.form')}>
      <Stack gap="md">
        <Controller
          control={form.control}
          name="policy_id"
          render={({ field }) => (
            <Select
              label={t('admin.coverages.policy')}
              data={policies.map((p) => ({ value: String(p.id), label: p.name }))}
              searchable
              value={field.value || null}
              onChange={(value) => field.onChange(value ?? '')}
              error={errors.policy_id?.message}
            />
          )}
        />
        <TextInput
          label={t('admin.coverages.publicName')}
          {...form.register('public_name')}
          error={errors.public_name?.message}
        />
        <Textarea
          label={t('admin.coverages.publicDescription')}
          autosize
          minRows={2}
          {...form.register('public_description')}
          error={errors.public_description?.message}
        />
        {rule && (
          <Fieldset legend={t('admin.coverages.amounts', { riskType: rule.name })}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {rule.descriptionFields.map((field) => (
                <TextInput
                  key={field.key}
                  label={field.label}
                  inputMode={field.kind === 'text' ? 'text' : 'decimal'}
                  leftSection={field.kind === 'amount' ? '$' : undefined}
                  {...form.register(`description.${field.key}`)}
                  error={
                    firstErrorMessage(
                      (errors.description as Record<string, unknown> | undefined)?.[field.key],
                    ) ?? firstErrorMessage((errors as Record<string, unknown>)[`description.${field.key}`])
                  }
                />
              ))}
            </SimpleGrid>
          </Fieldset>
        )}
        {rule && (
          <Fieldset legend={t(`admin.coverages.pricing.${rule.pricing}`)}>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              {rule.pricing === 'fixed_monthly' && money('monthly_cents', t('admin.coverages.monthly'))}
              {rule.pricing === 'by_insured_amount' && (
                <>
                  <TextInput
                    label={t('admin.coverages.rate')}
                    inputMode="decimal"
                    {...form.register('pricing.monthly_rate_per_mille')}
                    error={priceError('monthly_rate_per_mille')}
                  />
                  {money('min_insured_cents', t('admin.coverages.min'))}
                  {money('max_insured_cents', t('admin.coverages.max'))}
                </>
              )}
              {rule.pricing === 'travel_by_days' && (
                <>
                  {money('daily_cents.one_trip', t('admin.coverages.oneTrip'))}
                  {money('daily_cents.multi_trip', t('admin.coverages.multiTrip'))}
                  {money('daily_cents.long_stay', t('admin.coverages.longStay'))}
                </>
              )}
            </SimpleGrid>
          </Fieldset>
        )}
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label={t('admin.coverages.surcharge')}
            inputMode="decimal"
            rightSection="%"
            {...form.register('surcharge_bps')}
            error={errors.surcharge_bps?.message}
          />
          <TextInput
            label={t('admin.coverages.tax')}
            inputMode="decimal"
            rightSection="%"
            {...form.register('tax_bps')}
            error={errors.tax_bps?.message}
          />
          <TextInput
            label={t('admin.coverages.sortOrder')}
            inputMode="numeric"
            {...form.register('sort_order')}
          />
        </SimpleGrid>
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
        {firstErrorMessage(errors.root) && (
          <Text c="red.8" size="sm" role="alert">
            {firstErrorMessage(errors.root)}
          </Text>
        )}
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

export function CoveragesPage() {
  const { t } = useTranslation();
  const [state, update] = useListState('policy');
  const query = useQuery(listQueryOptions<AdminCoverage>('coverages', state));
  const policies = useQuery(allPoliciesQueryOptions);
  const [editing, setEditing] = useState<AdminCoverage | 'new' | null>(null);

  const columns: Column<AdminCoverage>[] = [
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
      render: (c) => `${c.premium_from.amount_nice} / ${c.premium_from.period}`,
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
        <StateBadge tone={c.status === 'active' ? 'ok' : 'off'}>{t(`admin.status.${c.status}`)}</StateBadge>
      ),
    },
    {
      key: 'actions',
      label: t('admin.actions'),
      render: (c) => (
        <Button
          size="xs"
          variant="light"
          onClick={() => setEditing(c)}
          aria-label={t('admin.editNamed', { name: c.public_name })}
        >
          {t('admin.edit')}
        </Button>
      ),
    },
  ];

  return (
    <>
      <AdminList
        title={t('admin.coverages.title')}
        searchLabel={t('admin.coverages.search')}
        state={state}
        onChange={update}
        query={query}
        columns={columns}
        rowKey={(c) => c.id}
        emptyText={t('admin.coverages.empty')}
        actions={<Button onClick={() => setEditing('new')}>{t('admin.coverages.new')}</Button>}
        filters={
          <>
            <Select
              label={t('admin.coverages.policy')}
              data={(policies.data ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
              value={state.filters.policy ?? null}
              onChange={(value) => update({ filters: { ...state.filters, policy: value ?? '' } })}
              searchable
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
              onChange={(value) => update({ filters: { ...state.filters, status: value ?? '' } })}
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
        title={editing === 'new' ? t('admin.coverages.new') : t('admin.coverages.edit')}
      >
        {editing !== null && (
          <CoverageFormView coverage={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
        )}
      </AdminModal>
    </>
  );
}
