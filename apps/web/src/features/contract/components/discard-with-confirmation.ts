/**
 * 'Descartar contratación': asks first (the answers are lost), then DELETE …/insurance-processes/{id}.
 * Resolves to whether the process was discarded.
 */
import type { QueryClient } from '@tanstack/react-query';
import { discardProcess } from '../../../shared/api/discard-process.ts';
import { confirmDestructive } from '../../../shared/dialogs/dialogs.tsx';
import { handleError } from '../../../shared/errors/error-handler.tsx';
import { t } from '../../../shared/i18n/i18n.ts';
import { showLoading } from '../../../shared/loading/loading.ts';
import { showToast } from '../../../shared/toasts/toasts.tsx';

export async function discardWithConfirmation(processId: number, queryClient: QueryClient): Promise<boolean> {
  const answer = await confirmDestructive({
    title: t('contract.discard.title'),
    subTitle: t('contract.discard.description'),
    confirmText: t('contract.discard.confirm'),
  });
  if (answer.role !== 'confirm') return false;
  const hide = showLoading(t('contract.discard.loading'));
  try {
    await discardProcess(processId);
    await queryClient.invalidateQueries({ queryKey: ['insurance-processes'], exact: true });
    showToast({ type: 'success', message: t('contract.discard.done') });
    return true;
  } catch (error) {
    handleError(error, 54);
    return false;
  } finally {
    hide();
  }
}
