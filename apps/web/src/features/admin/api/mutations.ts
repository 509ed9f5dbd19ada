/** Saving from the back office: one mutation shape for every resource, refreshing its lists after. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../shared/toasts/toasts.tsx';

export function useAdminMutation<TInput, TOutput>(
  resources: readonly string[],
  run: (input: TInput) => Promise<TOutput>,
  successKey = 'admin.saved',
) {
  const client = useQueryClient();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: run,
    onSuccess: async () => {
      showToast({ type: 'success', message: t(successKey), duration: 3000 });
      await Promise.all(
        [...resources, 'audit-log', 'dashboard'].map((resource) =>
          client.invalidateQueries({ queryKey: ['admin', resource] }),
        ),
      );
    },
  });
}
