/** Pólizas: the operator's list, create / edit, and linking one to this application's storefront. */
import { OperatorPolicySchema, type PolicyBody } from '@cubierto/contracts';
import { queryKeys } from '../../../shared/api/query-keys.ts';
import { getAppConfig } from '../../../shared/config/app-config.ts';
import { adminApi, recordSaver } from './admin-client.ts';
import { type ListState, listQueryOptions, optionsQueryOptions } from './lists.ts';
import { useAdminMutation } from './mutations.ts';

const keys = queryKeys.admin.policies;

export const policiesQueryOptions = (state: ListState) =>
  listQueryOptions('policies', OperatorPolicySchema, state);

/** Every policy, for the coverage form's select and the coverages' filter. */
export const allPoliciesQueryOptions = optionsQueryOptions('policies', OperatorPolicySchema);

export const savePolicy = recordSaver<typeof OperatorPolicySchema, PolicyBody>(
  'policies',
  OperatorPolicySchema,
);

/** Link or unlink a policy to this deployment's application (the storefront customers see). */
export async function setPolicyLinked(input: { policyId: number; linked: boolean }) {
  const { application_id } = await getAppConfig();
  await adminApi.send(
    'POST',
    `/applications/${application_id}/policies/${input.policyId}/${input.linked ? 'link' : 'unlink'}`,
  );
}

/** A policy's company counts it. */
export const useSavePolicyMutation = () =>
  useAdminMutation({ mutationFn: savePolicy, invalidates: [keys.all, queryKeys.admin.companies.all] });

export const useLinkPolicyMutation = () =>
  useAdminMutation({ mutationFn: setPolicyLinked, invalidates: [keys.all] });
