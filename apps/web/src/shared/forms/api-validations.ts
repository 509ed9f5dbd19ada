/**
 * The one reading of an API error's `validations` (spec §8: field → messages, or one text): which
 * messages belong to which of a form's fields, and which to the form as a whole (`_`, or a key that is
 * none of its fields). `useApiForm` applies it to react-hook-form; the login page, which keeps that
 * library off the first page's download, applies it to its own two fields. Free of zod and of any form
 * library on purpose.
 */
import { ApiError } from '../api/api-error.ts';

/** The key under which the API puts a message that belongs to no field. */
export const FORM_LEVEL_KEY = '_';

/** The validations of an API error as field → messages (empty for any other error or a plain text). */
export function apiValidations(error: unknown): Record<string, string[]> {
  if (!(error instanceof ApiError)) return {};
  const validations = error.body?.validations;
  return validations && typeof validations === 'object' ? validations : {};
}

export type PlacedValidations = {
  /** Key as the API gave it (`email`, `values.1`) → its messages joined, in the form's field order. */
  fields: [key: string, message: string][];
  /** Messages that belong to no field, joined; undefined when there are none. */
  form: string | undefined;
};

/**
 * Splits an error's validations over the form's fields. A key lands on a field when it is the field's
 * name or starts with it (`values.1` on `values`).
 */
export function placeApiValidations(error: unknown, fieldNames: readonly string[]): PlacedValidations {
  const rank = (key: string) => fieldNames.indexOf(key.split('.')[0] ?? key);
  const fields: [string, string][] = [];
  const formLevel: string[] = [];
  for (const [key, messages] of Object.entries(apiValidations(error))) {
    if (!messages.length) continue;
    if (key !== FORM_LEVEL_KEY && rank(key) >= 0) fields.push([key, messages.join(' ')]);
    else formLevel.push(...messages);
  }
  fields.sort(([a], [b]) => rank(a) - rank(b));
  return { fields, form: formLevel.length ? formLevel.join(' ') : undefined };
}
