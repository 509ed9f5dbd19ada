/**
 * A react-hook-form resolver whose zod schema (and zod itself) loads on first use or on `preload()`, so a
 * page can show its form before the contracts arrive. The first page (login) stays small this way; its
 * form preloads the schema as soon as the user focuses it, so validation never waits in practice.
 */
import type { FieldValues, Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';

export function lazyZodResolver<TInput extends FieldValues, TOutput = TInput>(
  loadSchema: () => Promise<ZodType>,
) {
  type Loaded = Resolver<TInput, unknown, TOutput>;
  let loaded: Promise<Loaded> | undefined;

  const load = (): Promise<Loaded> => {
    loaded ??= Promise.all([loadSchema(), import('@hookform/resolvers/zod')]).then(
      ([schema, { zodResolver }]) => zodResolver(schema as never) as unknown as Loaded,
      (error: unknown) => {
        loaded = undefined;
        throw error;
      },
    );
    return loaded;
  };

  const resolver: Loaded = async (values, context, options) => (await load())(values, context, options);

  return {
    resolver,
    preload(): void {
      load().catch(() => {
        // Retried on submit, where a failure is shown.
      });
    },
  };
}
