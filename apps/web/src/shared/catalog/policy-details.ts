/**
 * The coverage dialog's policy fetch (spec §4, §7): the whole policy, with includes, excludes, company and
 * risk type (`load[Policy]=*,company,riskType`). A signed-in customer reads it as a policy their
 * application links; an anonymous visitor from the public catalogue.
 */
import { dataOf, type Policy, PolicySchema } from '@cubierto/contracts';
import { api } from '../api/client.ts';
import { getAppConfig } from '../config/app-config.ts';
import { getSessionState } from '../session/session-store.ts';
import { publicPoliciesPath } from './public-policies.ts';

const PolicyAnswerSchema = dataOf(PolicySchema);

export async function fetchPolicyDetails(policyId: number): Promise<Policy> {
  const query = { 'load[Policy]': '*,company,riskType' };
  if (getSessionState().status === 'authenticated') {
    const { application_id } = await getAppConfig();
    const path = `/customers/linked-applications/${application_id}/policies/${policyId}`;
    return PolicyAnswerSchema.parse(await api.get(path, { query })).data;
  }
  const path = await publicPoliciesPath(policyId);
  return PolicyAnswerSchema.parse(await api.get(path, { auth: false, query })).data;
}
