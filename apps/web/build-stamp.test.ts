/** The build stamp (spec §1): what a build says about itself, from git or from the CI's variables. */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { buildStampFile, createBuildStamp } from './build-stamp.ts';

const AT = new Date('2025-10-23T15:00:00Z');

describe('build stamp', () => {
  it('takes version, environment, branch, commit and date from the CI variables', () => {
    const env = {
      BUILD_ENVIRONMENT: 'production',
      BUILD_BRANCH: 'master',
      BUILD_COMMIT: 'abc123def456',
      BUILD_DATE: '2025-10-23',
    };
    expect(createBuildStamp('2.1.11', env, new Date('2026-01-01T00:00:00Z'))).toEqual({
      version: '2.1.11',
      environment: 'production',
      branch: 'master',
      commit: 'abc123def456',
      built_at: '2025-10-23',
    });
  });

  it('reads branch and commit from this repository when the variables are absent, dated today', () => {
    const stamp = createBuildStamp('2.1.11', {}, AT);
    const head = execFileSync('git', ['rev-parse', '--short=12', 'HEAD']).toString().trim();
    expect(stamp.commit).toBe(head);
    expect(stamp.built_at).toBe('2025-10-23');
    expect(stamp.environment).toBeNull();
  });

  it('stops the build on a malformed BUILD_DATE', () => {
    expect(() => createBuildStamp('2.1.11', { BUILD_DATE: '23/10/2025' }, AT)).toThrow(/BUILD_DATE/);
  });

  it('writes build-stamp.json with the build mode as environment when none is given', () => {
    const plugin = buildStampFile(createBuildStamp('2.1.11', { BUILD_BRANCH: 'master' }, AT));
    const emitted: Array<{ fileName: string; source: string }> = [];
    (plugin.configResolved as (config: { mode: string }) => void)({ mode: 'staging' });
    (plugin.generateBundle as (this: unknown) => void).call({
      emitFile: (file: { fileName: string; source: string }) => emitted.push(file),
    });
    expect(emitted).toHaveLength(1);
    expect(emitted[0]?.fileName).toBe('build-stamp.json');
    expect(JSON.parse(emitted[0]?.source ?? '')).toMatchObject({
      version: '2.1.11',
      environment: 'staging',
      branch: 'master',
      built_at: '2025-10-23',
    });
  });
});
