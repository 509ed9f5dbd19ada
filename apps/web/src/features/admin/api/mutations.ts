/**
 * Saving from the back office: every operator write is one `use…Mutation` hook in its resource's API file,
 * built here. It says "Guardado" (or its own text) and makes stale what the write changed — its own
 * resources, and the audit log and the dashboard, which every write feeds.
 */
import type { QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useApiMutation } from '../../../shared/api/mutation.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';
import { showToast } from '../../../shared/toasts/toasts.tsx';

/** Every dashboard, whatever its days: the factory's dashboard key without its parameter. */
const dashboards: QueryKey = queryKeys.admin.dashboard(0).slice(0, -1);

export function useAdminMutation<TInput, TOutput>(options: {
  mutationFn: (input: TInput) => Promise<TOutput>;
  invalidates: readonly QueryKey[];
  /** The toast's text key. */
  success?: string;
}) {
  const { t } = useTranslation();
  return useApiMutation<TOutput, TInput>({
    mutationFn: options.mutationFn,
    invalidates: [...options.invalidates, queryKeys.admin.auditLog.all, dashboards],
    onSuccess: () =>
      showToast({ type: 'success', message: t(options.success ?? 'admin.saved'), duration: 3000 }),
  });
}
