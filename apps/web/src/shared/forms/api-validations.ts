/**
 * Puts the API's 422 validations (field → messages) under the form's own fields, so the user sees the
 * server's reason next to what they typed. Returns whether any field got a message.
 */
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../api/api-error.ts';

export function applyApiValidations<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  if (!(error instanceof ApiError)) return false;
  let applied = false;
  for (const field of fields) {
    const messages = error.validationsOf(field);
    if (messages.length) {
      setError(field, { type: 'server', message: messages.join(' ') }, { shouldFocus: !applied });
      applied = true;
    }
  }
  return applied;
}
