/** The side menu's footer line: the build stamp baked into the bundle (spec §1, §2). */
import { describe, expect, it, vi } from 'vitest';
import { formatBuildStamp, getBuildStamp } from './app-info.ts';

describe('build stamp in the bundle', () => {
  it('carries the installed version, the mode as environment when the build named none, and the date', () => {
    const stamp = getBuildStamp();
    expect(stamp.version).toBe(__APP_VERSION__);
    expect(stamp.environment).toBe(__BUILD_STAMP__.environment ?? 'test');
    expect(stamp.built_at).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(stamp.commit).toBe(__BUILD_STAMP__.commit);
  });

  it('follows VITE_APP_VERSION like the version check does', () => {
    vi.stubEnv('VITE_APP_VERSION', '9.9.9');
    expect(getBuildStamp().version).toBe('9.9.9');
  });

  it('reads as the spec writes it, leaving out what the build did not know', () => {
    const base = { version: '2.1.11', environment: 'production', commit: 'abc', built_at: '2025-10-23' };
    expect(formatBuildStamp({ ...base, branch: 'master' })).toBe('2.1.11 · production · master · 2025-10-23');
    expect(formatBuildStamp({ ...base, branch: null })).toBe('2.1.11 · production · 2025-10-23');
  });
});
