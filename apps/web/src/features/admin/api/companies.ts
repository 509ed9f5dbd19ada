/** Aseguradoras: the operator's list, create / edit, the logo (sent as a file) and delete. */
import { type CompanyBody, dataOf, OperatorCompanySchema } from '@cubierto/contracts';
import { queryKeys } from '../../../shared/api/query-keys.ts';
import { adminApi, recordSaver } from './admin-client.ts';
import { type ListState, listQueryOptions, optionsQueryOptions } from './lists.ts';
import { useAdminMutation } from './mutations.ts';

const keys = queryKeys.admin.companies;

export const companiesQueryOptions = (state: ListState) =>
  listQueryOptions('companies', OperatorCompanySchema, state);

/** Every company, for the policy form's select and the policies' filter. */
export const allCompaniesQueryOptions = optionsQueryOptions('companies', OperatorCompanySchema);

export const saveCompany = recordSaver<typeof OperatorCompanySchema, CompanyBody>(
  'companies',
  OperatorCompanySchema,
);

/** The logo goes as a file; the API checks it by its content (JPG, PNG or WEBP) and size. */
export async function uploadCompanyLogo(input: { id: number; logo: File }) {
  const form = new FormData();
  form.append('logo', input.logo);
  return (await adminApi.post(dataOf(OperatorCompanySchema), `/admin/companies/${input.id}/logo`, form)).data;
}

export const deleteCompany = (id: number) => adminApi.send('DELETE', `/admin/companies/${id}`);

/** A company's name shows in the policies' lists too. */
export const useSaveCompanyMutation = () =>
  useAdminMutation({ mutationFn: saveCompany, invalidates: [keys.all, queryKeys.admin.policies.all] });

export const useUploadCompanyLogoMutation = () =>
  useAdminMutation({ mutationFn: uploadCompanyLogo, invalidates: [keys.all, queryKeys.admin.policies.all] });

export const useDeleteCompanyMutation = () =>
  useAdminMutation({ mutationFn: deleteCompany, invalidates: [keys.all], success: 'admin.deleted' });
