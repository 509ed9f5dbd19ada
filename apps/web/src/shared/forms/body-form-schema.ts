/**
 * The schema for `useApiForm` when a form's values are not yet the API's body (a choice kept as text, an
 * amount typed in pesos): `toBody` turns the values into the body, the API's own schema checks it, and
 * `rules` add what the API checks beyond its schema (a date within the cover, the reason of a
 * rejection), each beside its field. A rule speaks only where the schema found nothing, so a field shows
 * one reason, the one the API would give first.
 *
 *   const form = useApiForm({
 *     schema: bodyFormSchema(ChangeClaimStatusBodySchema, toBody, (values) => [checkTransition(values)]),
 *     defaultValues,
 *   });
 */
import { z } from 'zod';

/** What a rule found: the field it concerns and the message shown beside it. */
export type FieldProblem = { field: string; message: string };

export function bodyFormSchema<TValues, TBody>(
  schema: z.ZodType<TBody>,
  toBody: (values: TValues) => unknown,
  rules: (values: TValues) => readonly (FieldProblem | null | undefined)[] = () => [],
): z.ZodType<TBody, TValues> {
  return z.custom<TValues>().transform((values, ctx) => {
    const parsed = schema.safeParse(toBody(values));
    const flagged = new Set<PropertyKey>();
    for (const issue of parsed.success ? [] : parsed.error.issues) {
      if (issue.path[0] !== undefined) flagged.add(issue.path[0]);
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    }
    let broken = !parsed.success;
    for (const problem of rules(values)) {
      if (!problem || flagged.has(problem.field)) continue;
      flagged.add(problem.field);
      broken = true;
      ctx.addIssue({ code: 'custom', message: problem.message, path: [problem.field] });
    }
    return parsed.success && !broken ? parsed.data : z.NEVER;
  });
}
