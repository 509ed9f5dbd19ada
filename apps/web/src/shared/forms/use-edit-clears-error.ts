/**
 * For a form whose messages stand until the next try instead of being checked again as the user types
 * (give `useApiForm` `reValidateMode: 'onSubmit'`): a change of a field takes that field's message away,
 * and `onEdit` hears which field changed (a new attempt may need a new Idempotency-Key, say).
 */
import { useEffect, useRef } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';

export function useEditClearsError<TValues extends FieldValues>(
  form: Pick<UseFormReturn<TValues, unknown, unknown>, 'watch' | 'clearErrors'>,
  onEdit?: (field: Path<TValues>) => void,
): void {
  const { watch, clearErrors } = form;
  const latestOnEdit = useRef(onEdit);
  latestOnEdit.current = onEdit;
  useEffect(() => {
    const subscription = watch((_values, { name }) => {
      if (!name) return;
      clearErrors(name);
      latestOnEdit.current?.(name);
    });
    return () => subscription.unsubscribe();
  }, [watch, clearErrors]);
}
