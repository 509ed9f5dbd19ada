/** The search box of the operator lists as a safe "contains" pattern. */

/** A case-insensitive "contains" pattern for ilike, with the user's % and _ taken literally. */
export function searchPattern(value: string | string[] | undefined): string | undefined {
  const raw = Array.isArray(value) ? value[value.length - 1] : value;
  const trimmed = raw?.trim();
  return trimmed ? `%${trimmed.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
}
