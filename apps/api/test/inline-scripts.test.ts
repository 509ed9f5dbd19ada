/**
 * The inline script of the prerendered public pages (the hold of early input, apps/web/build-prerender.ts)
 * is allowed by the Content-Security-Policy through the hash the build lists, and nothing else inline is.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { inlineScriptHashes } from '../src/lib/inline-scripts.ts';
import { createTestApp } from './harness.ts';

const HASH = "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='";
const dirs: string[] = [];

function dist(manifest?: object): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'cubierto-inline-'));
  dirs.push(dir);
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  if (manifest) writeFileSync(path.join(dir, 'prerendered.json'), JSON.stringify(manifest));
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('the inline scripts the policy allows', () => {
  it('are the hashes the build listed; none without a build, a list or hashes', () => {
    expect(inlineScriptHashes(dist({ pages: [], script_hashes: [HASH] }))).toEqual([HASH]);
    expect(inlineScriptHashes(dist({ pages: [] }))).toEqual([]);
    expect(inlineScriptHashes(dist())).toEqual([]);
    expect(inlineScriptHashes(undefined)).toEqual([]);
  });

  it('refuse a list that is not only sha256 hashes', () => {
    expect(() => inlineScriptHashes(dist({ pages: [], script_hashes: ["'unsafe-inline'"] }))).toThrow();
  });

  it("reach the script-src the server sends, with 'self' and never 'unsafe-inline'", async () => {
    const t = await createTestApp({ env: { WEB_DIST_DIR: dist({ pages: [], script_hashes: [HASH] }) } });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/login' });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain(`script-src 'self' ${HASH}`);
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    } finally {
      await t.close();
    }
    // An app's start (migrations on PGlite) alone can take several seconds on a loaded machine.
  }, 60_000);
});
