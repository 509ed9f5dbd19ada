/**
 * 'Descartar contratación': asks first (the answers are lost), then DELETE …/insurance-processes/{id}.
 * The returned function resolves to whether the process was discarded.
 */
import { confirmDestructive } from '../../../shared/dialogs/dialogs.tsx';
import { handleError } from '../../../shared/errors/error-handler.tsx';
import { t } from '../../../shared/i18n/i18n.ts';
import { showLoading } from '../../../shared/loading/loading.ts';
import { showToast } from '../../../shared/toasts/toasts.tsx';
import { useDiscardProcessMutation } from '../api/discard-process.ts';

export function useDiscardWithConfirmation(): (processId: number) => Promise<boolean> {
  const discard = useDiscardProcessMutation();
  return async (processId) => {
    const answer = await confirmDestructive({
      title: t('contract.discard.title'),
      subTitle: t('contract.discard.description'),
      confirmText: t('contract.discard.confirm'),
    });
    if (answer.role !== 'confirm') return false;
    const hide = showLoading(t('contract.discard.loading'));
    try {
      await discard.mutateAsync(processId);
      showToast({ type: 'success', message: t('contract.discard.done') });
      return true;
    } catch (error) {
      handleError(error, 54);
      return false;
    } finally {
      hide();
    }
  };
}
