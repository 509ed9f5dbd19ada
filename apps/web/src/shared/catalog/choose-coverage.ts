/**
 * What choosing a coverage does. A product sold on the insurer's own site warns first with 'Aviso de
 * redireccionamiento' (spec §2 item 9) and opens the site in a new tab; otherwise a signed-in customer
 * starts contracting it, and an anonymous visitor registers first with the product kept (register-risk).
 */

import type { Coverage } from '@cubierto/contracts';
import { openExternalLink } from '../native/permissions.ts';
import { getSessionState } from '../session/session-store.ts';
import { contractPathOf, registerRiskPathOf } from './choose-coverage-paths.ts';
import type { PolicyOfCoverage } from './coverage-details.tsx';

export { contractPathOf, registerRiskPathOf } from './choose-coverage-paths.ts';

/** Asks before leaving the app for another site; true when the site was opened. */
export const openExternalSite = (url: string): Promise<boolean> => openExternalLink(url);

export async function chooseCoverage(
  { coverage, policy }: { coverage: Coverage; policy: PolicyOfCoverage },
  navigate: (to: string) => void,
): Promise<void> {
  if (policy.external_url) {
    await openExternalSite(policy.external_url);
    return;
  }
  const signedIn = getSessionState().status === 'authenticated';
  navigate(signedIn ? contractPathOf(coverage.id) : registerRiskPathOf(coverage.id));
}
