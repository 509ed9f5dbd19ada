import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { stableUseId } from './build-stable-ids.ts';

/** The installed @mantine/hooks' use-id module, as the build reads it. */
function installedUseId(): string {
  const cjsEntry = createRequire(import.meta.url).resolve('@mantine/hooks');
  const packageDir = path.resolve(path.dirname(cjsEntry), '..');
  return readFileSync(path.join(packageDir, 'esm/use-id/use-id.mjs'), 'utf8');
}

/** The rewritten hook, run with a stand-in for React's useId. */
function rewrittenHook(reactId: string): (staticId?: string) => string {
  const code = stableUseId(installedUseId())
    .replace(/^import .*$/m, '')
    .replace(/^export .*$/m, 'return useId;');
  return new Function('useReactId', code)(() => reactId);
}

describe('stableUseId (Mantine’s ids kept from React’s, no second render on mounting)', () => {
  it('rewrites the installed version, which still randomises its id after mounting', () => {
    const code = stableUseId(installedUseId());
    expect(code).not.toContain('randomId');
    expect(code).not.toMatch(/useState|useLayoutEffect|useIsomorphicEffect/);
  });

  it('gives React’s id with Mantine’s prefix, or the id passed in', () => {
    const useId = rewrittenHook('_r_1a_');
    expect(useId()).toBe('mantine-_r_1a_');
    expect(useId('email')).toBe('email');
  });

  it('refuses a version that no longer randomises, rather than replace what it does not know', () => {
    expect(() => stableUseId('export function useId() {}')).toThrow(/use-id no longer contains/);
  });
});
