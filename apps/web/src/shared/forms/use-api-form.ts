/**
 * The one form hook of the app: react-hook-form validated with a zod schema (usually the API's own, from
 * contracts), plus `applyApiErrors(error)`, which puts a 422's `validations` (field → messages) under the
 * form's own fields so the user reads the server's reason next to what they typed. Messages under `_` or
 * under a key that is not one of the form's fields become the form-level error (`formError`, kept in
 * react-hook-form's `errors.root.server`, cleared on the next submit).
 *
 *   const form = useApiForm({ schema: ProfileFormSchema, defaultValues });
 *   const onSubmit = form.handleSubmit(async (values) => {
 *     try { await save.mutateAsync(values); }
 *     catch (error) { if (!form.applyApiErrors(error)) handleError(error, 42); }
 *   });
 *
 * The schema is given as is, or as a loader (`schema: () => import('…').then((m) => m.Schema)`) for a page
 * that must not download zod with its first paint: zod and the resolver then load on the first focus
 * (`preload`) or on submit. Either way this file imports neither. (The login page, on a tighter budget
 * still, keeps even react-hook-form off its download and reads the API's messages with
 * `placeApiValidations`, the same decoding this hook uses.)
 */
import { useState } from 'react';
import { type FieldValues, type Path, type UseFormProps, type UseFormReturn, useForm } from 'react-hook-form';
import type { ZodType } from 'zod';
import { placeApiValidations } from './api-validations.ts';
import { lazyZodResolver } from './lazy-zod-resolver.ts';

/** Re-exported for forms that read a refusal before placing it (a rejected link token, say). */
export { apiValidations } from './api-validations.ts';

export type ApiFormOptions<TInput extends FieldValues, TOutput> = Omit<
  UseFormProps<TInput, unknown, TOutput>,
  'resolver'
> & {
  /** The zod schema of the form, or a loader of it (see the header). */
  schema: ZodType<TOutput, TInput> | (() => Promise<ZodType<TOutput, TInput>>);
  /**
   * The fields an API message may land on; by default the keys of `defaultValues`. A key of the API
   * such as `values.1` lands on its field when its first segment is one of these.
   */
  fields?: readonly Path<TInput>[];
};

export type ApiForm<TInput extends FieldValues, TOutput> = UseFormReturn<TInput, unknown, TOutput> & {
  /**
   * Places the messages of an API error (a 422's validations) on the fields, and those of `_` or of any
   * other key as the form-level error. Returns whether a field got a message — when it did, the user
   * already sees why; otherwise the caller usually hands the error to the central handler.
   */
  applyApiErrors: (error: unknown) => boolean;
  /** The API's message that belongs to no field, from the last submit. */
  formError: string | undefined;
  /** Starts loading the schema (a loader given as `schema`) before the first submit. */
  preload: () => void;
};

export function useApiForm<TInput extends FieldValues, TOutput = TInput>({
  schema,
  fields,
  ...options
}: ApiFormOptions<TInput, TOutput>): ApiForm<TInput, TOutput> {
  // One resolver for the form's life: the schema is read once, as react-hook-form reads its resolver.
  const [lazy] = useState(() =>
    lazyZodResolver<TInput, TOutput>(
      typeof schema === 'function' ? (schema as () => Promise<ZodType>) : async () => schema as ZodType,
    ),
  );
  const form = useForm<TInput, unknown, TOutput>({ ...options, resolver: lazy.resolver });
  const known: readonly string[] = fields ?? Object.keys(options.defaultValues ?? {});

  const applyApiErrors = (error: unknown): boolean => {
    const placed = placeApiValidations(error, known);
    placed.fields.forEach(([key, message], index) => {
      // The first field with a message takes the focus, as the schema's own errors do.
      form.setError(key as Path<TInput>, { type: 'server', message }, { shouldFocus: index === 0 });
    });
    if (placed.form) form.setError('root.server', { type: 'server', message: placed.form });
    return placed.fields.length > 0;
  };

  return {
    ...form,
    applyApiErrors,
    formError: form.formState.errors.root?.server?.message,
    preload: lazy.preload,
  };
}
