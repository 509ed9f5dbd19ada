/**
 * The storefront's catalogue call (GET /applications/{applicationId}/public-policies, spec §7, no sign-in
 * needed) without its schema: the login page shows the catalogue and must not load zod for it (its 170 KiB
 * budget, README), so it checks the answer by hand (catalogue-products.ts); the other pages parse the same
 * answer with the contracts' schema (public-policies.ts).
 */
import { api } from '../api/client.ts';
import { getAppConfig } from '../config/app-config.ts';

/** The public catalogue's path, or one policy's, under the configured application (spec §7). */
export async function publicPoliciesPath(policyId?: number): Promise<string> {
  const { application_id } = await getAppConfig();
  const path = `/applications/${application_id}/public-policies`;
  return policyId === undefined ? path : `${path}/${policyId}`;
}

/** The catalogue, or one risk type's part of it, as the API answers it: every policy with company, risk type and coverages. */
export async function getPublicPolicies(riskType?: string): Promise<unknown> {
  return api.get(await publicPoliciesPath(), {
    auth: false,
    query: { per_page: 100, 'filter[risk_type][eq]': riskType },
  });
}
