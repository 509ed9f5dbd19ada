/** /common/app-config reports the build stamp (spec §1) the web build wrote beside itself. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

const webVersion = (
  JSON.parse(readFileSync(new URL('../../../../web/package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

const opened: TestApp[] = [];
const folders: string[] = [];
afterAll(async () => {
  for (const t of opened) await t.close();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

async function buildOf(env: Record<string, string> = {}) {
  const t = await createTestApp({ env });
  opened.push(t);
  const res = await t.app.inject({ method: 'GET', url: '/api/v4/common/app-config' });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: { build: Record<string, unknown> } }>().data.build;
}

describe('build stamp in /common/app-config', () => {
  it("serves the web build's stamp: version, environment, branch, commit and date", async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'cubierto-dist-'));
    folders.push(dist);
    const stamp = {
      version: '2.1.11',
      environment: 'production',
      branch: 'master',
      commit: 'abc123def456',
      built_at: '2025-10-23',
    };
    writeFileSync(path.join(dist, 'build-stamp.json'), JSON.stringify(stamp));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Cubierto</title>');
    expect(await buildOf({ WEB_DIST_DIR: dist })).toEqual(stamp);
  }, 120_000);

  it("without a web build, says the app's version and the server's environment only", async () => {
    expect(await buildOf()).toEqual({
      version: webVersion,
      environment: 'test',
      branch: null,
      commit: null,
      built_at: null,
    });
  }, 120_000);
});
