/**
 * Forms of the back office validate with the API's own Zod schemas (packages/contracts). A form may hold
 * its values the way a person types them (pesos, one row per item); `toBody` turns them into the API's
 * body, the schema checks that, and each issue goes back under the form field of the same path.
 */
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';

function setPath(target: Record<string, unknown>, path: readonly PropertyKey[], value: unknown): void {
  let node = target;
  path.forEach((key, index) => {
    const name = String(key);
    if (index === path.length - 1) {
      if (node[name] === undefined) node[name] = value;
      return;
    }
    node[name] ??= {};
    node = node[name] as Record<string, unknown>;
  });
}

export function bodyResolver<TForm extends FieldValues, TBody>(
  schema: ZodType<TBody>,
  toBody: (values: TForm) => unknown,
): Resolver<TForm, unknown, TBody> {
  return async (values) => {
    const parsed = schema.safeParse(toBody(values));
    if (parsed.success) return { values: parsed.data, errors: {} };
    const errors: Record<string, unknown> = {};
    for (const issue of parsed.error.issues) {
      setPath(errors, issue.path.length ? issue.path : ['root'], {
        type: 'validate',
        message: issue.message,
      });
    }
    return { values: {}, errors: errors as FieldErrors<TForm> };
  };
}

/** '1.234,50' or '1234.5' (pesos, as typed) → centavos; NaN when it is not a number. */
export function pesosToCents(value: string | number | undefined): number {
  if (typeof value === 'number') return Math.round(value * 100);
  const text = (value ?? '').trim();
  if (!text) return Number.NaN;
  const normalised = text.includes(',') ? text.replace(/\./g, '').replace(',', '.') : text;
  const n = Number(normalised);
  return Number.isFinite(n) ? Math.round(n * 100) : Number.NaN;
}

export function centsToPesos(cents: number | undefined): string {
  return cents === undefined ? '' : String(cents / 100);
}

/** Percent as typed ('21' or '10,5') ↔ basis points. */
export function percentToBps(value: string): number {
  const n = Number(value.trim().replace(',', '.'));
  return value.trim() && Number.isFinite(n) ? Math.round(n * 100) : Number.NaN;
}
