/** The back office's catalogue calls: companies (and their logo), policies, coverages, link / unlink. */
import type {
  Company,
  CompanyBody,
  Coverage,
  CoverageBody,
  Policy,
  PolicyBody,
  Pricing,
} from '@cubierto/contracts';
import { queryOptions } from '@tanstack/react-query';
import { getAppConfig } from '../../../shared/config/app-config.ts';
import { adminApi } from './admin-client.ts';

export type AdminCompany = Company & { policies_count?: number };
export type AdminPolicy = Policy & { linked?: boolean; coverages_count?: number };
export type AdminCoverage = Coverage & {
  policy_name: string;
  pricing: Pricing;
  surcharge_bps: number;
  tax_bps: number;
  status: 'active' | 'inactive';
  sort_order: number;
};

type Data<T> = { data: T };

export async function saveCompany(input: { id?: number | undefined; body: CompanyBody }) {
  return input.id
    ? (await adminApi.put<Data<AdminCompany>>(`/admin/companies/${input.id}`, input.body)).data
    : (await adminApi.post<Data<AdminCompany>>('/admin/companies', input.body)).data;
}

/** The logo goes as a file; the API checks it by its content (JPG, PNG or WEBP) and size. */
export async function uploadCompanyLogo(input: { id: number; logo: File }) {
  const form = new FormData();
  form.append('logo', input.logo);
  return (await adminApi.post<Data<AdminCompany>>(`/admin/companies/${input.id}/logo`, form)).data;
}

export const deleteCompany = (id: number) => adminApi.delete<null>(`/admin/companies/${id}`);

/** Every company, for the policy form's select (a back office has tens, not thousands). */
export const allCompaniesQueryOptions = queryOptions({
  queryKey: ['admin', 'companies', 'all'],
  queryFn: async () =>
    (await adminApi.get<{ data: AdminCompany[] }>('/admin/companies', { per_page: 100, sort_by: 'name' }))
      .data,
});

export async function savePolicy(input: { id?: number; body: PolicyBody }) {
  return input.id
    ? (await adminApi.put<Data<AdminPolicy>>(`/admin/policies/${input.id}`, input.body)).data
    : (await adminApi.post<Data<AdminPolicy>>('/admin/policies', input.body)).data;
}

export const allPoliciesQueryOptions = queryOptions({
  queryKey: ['admin', 'policies', 'all'],
  queryFn: async () =>
    (await adminApi.get<{ data: AdminPolicy[] }>('/admin/policies', { per_page: 100, sort_by: 'name' })).data,
});

/** Link or unlink a policy to this deployment's application (the storefront customers see). */
export async function setPolicyLinked(input: { policyId: number; linked: boolean }) {
  const { application_id } = await getAppConfig();
  await adminApi.post(
    `/applications/${application_id}/policies/${input.policyId}/${input.linked ? 'link' : 'unlink'}`,
  );
}

export async function saveCoverage(input: { id?: number; body: CoverageBody }) {
  return input.id
    ? (await adminApi.put<Data<AdminCoverage>>(`/admin/coverages/${input.id}`, input.body)).data
    : (await adminApi.post<Data<AdminCoverage>>('/admin/coverages', input.body)).data;
}
