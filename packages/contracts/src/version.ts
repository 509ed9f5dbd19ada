/**
 * App version comparison, numeric part by part (spec §5): '2.10.0' is newer than '2.9.9'.
 */

export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map((part) => Number.parseInt(part, 10) || 0);
  const pb = b.split('.').map((part) => Number.parseInt(part, 10) || 0);
  const length = Math.max(pa.length, pb.length);
  for (let i = 0; i < length; i++) {
    const diff = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (diff !== 0) return diff > 0 ? 1 : -1;
  }
  return 0;
}

/** The update alert appears only when the server's version is higher than the installed one. */
export function isUpdateRequired(installed: string, server: string | null | undefined): boolean {
  if (!server) return false;
  return compareVersions(server, installed) > 0;
}
