/** The first message found anywhere under a react-hook-form error node (records and arrays included). */
export function firstErrorMessage(node: unknown): string | undefined {
  if (!node || typeof node !== 'object') return undefined;
  const record = node as Record<string, unknown>;
  if (typeof record.message === 'string') return record.message;
  for (const value of Object.values(record)) {
    const found = firstErrorMessage(value);
    if (found) return found;
  }
  return undefined;
}
