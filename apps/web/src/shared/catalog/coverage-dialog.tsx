/**
 * The coverage detail dialog, 'Detalle de la contratación' (spec §2 item 1, §4). When the policy it is
 * given lacks its includes or excludes (an insurance carries only the policy's name and insurer), the
 * whole policy is fetched first under 'Cargando información'; the overlay always goes away, and a failed
 * fetch is shown by the central error handler (code 11) while the dialog still opens with what is known.
 */
import type { Coverage } from '@cubierto/contracts';
import { lazy, Suspense } from 'react';
import { type DialogResult, presentDialog } from '../dialogs/dialogs.tsx';
import { handleError } from '../errors/error-handler.tsx';
import { t } from '../i18n/i18n.ts';
import { showLoading } from '../loading/loading.ts';
import type { PolicyOfCoverage } from './coverage-details.tsx';
import { fetchPolicyDetails } from './policy-details.ts';

const CoverageDialogView = lazy(() => import('./coverage-dialog-view.tsx'));

export type CoverageDialogOptions = {
  coverage: Coverage;
  policy?: PolicyOfCoverage | null | undefined;
  /** A confirming button under the cards ('Contratar'); the dialog then resolves with role 'confirm'. */
  confirmText?: string | undefined;
};

/** Spec §8: the call site of the policy fetch for the central error handler. */
export const POLICY_FETCH_ERROR_SITE = 11;

function lacksTerms(policy: PolicyOfCoverage): boolean {
  return policy.includes == null || policy.excludes == null;
}

export async function openCoverageDialog({
  coverage,
  policy,
  confirmText,
}: CoverageDialogOptions): Promise<DialogResult> {
  let shown = policy ?? null;
  if (shown && lacksTerms(shown)) {
    const hide = showLoading(t('loading.default'));
    try {
      shown = { ...shown, ...(await fetchPolicyDetails(shown.id)) };
    } catch (error) {
      handleError(error, POLICY_FETCH_ERROR_SITE);
    } finally {
      hide();
    }
  }
  return presentDialog({
    size: 'lg',
    render: (close) => (
      <Suspense fallback={null}>
        <CoverageDialogView coverage={coverage} policy={shown} confirmText={confirmText} close={close} />
      </Suspense>
    ),
  });
}
