/**
 * Puts a 422's validations (field path → messages, spec §8) on the form's own fields. The form's values
 * have the shape of the step's body, so the API's paths ("insured.dni", "travellers.0.dni",
 * "address.zip_code", "photos") are the form's field names; anything else is shown above the form.
 */
import { ApiError } from '../../../shared/api/api-error.ts';

export type SplitValidations = { fields: Array<{ path: string; message: string }>; general: string[] };

/** Every field name of a form value as react-hook-form writes it: objects and arrays, with their leaves. */
export function fieldPathsOf(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object' || value instanceof Date) return prefix ? [prefix] : [];
  const entries = Array.isArray(value)
    ? value.map((item, index) => [String(index), item] as const)
    : Object.entries(value);
  const nested = entries.flatMap(([key, item]) => fieldPathsOf(item, prefix ? `${prefix}.${key}` : key));
  return prefix ? [prefix, ...nested] : nested;
}

/** `null` when the error is not a 422 with validations (the central error handler shows it instead). */
export function splitApiValidations(error: unknown, values: unknown): SplitValidations | null {
  if (!(error instanceof ApiError) || error.status !== 422 || !error.body?.validations) return null;
  const { validations } = error.body;
  if (typeof validations === 'string') return { fields: [], general: [validations] };
  const known = new Set(fieldPathsOf(values));
  const split: SplitValidations = { fields: [], general: [] };
  for (const [path, messages] of Object.entries(validations)) {
    if (!messages.length) continue;
    if (known.has(path)) split.fields.push({ path, message: messages.join(' ') });
    else split.general.push(...messages);
  }
  return split;
}
