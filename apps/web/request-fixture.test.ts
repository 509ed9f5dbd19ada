/**
 * bench:api replays the requests a real browser sent (bench/fixtures/browser-requests.json, recorded by
 * bench/record-requests.ts). When the web's request-building code (the `api/` folders of apps/web/src)
 * changes, the recording may no longer be what the browser sends: this test fails until it is recorded again.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { webRequestCode } from '../../bench/web-request-code.ts';

const repoDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

type Fixture = {
  web_request_code: { sha256: string; files: number };
  requests: { method: string; url: string; kind: string; status: number }[];
};

const fixture = JSON.parse(
  readFileSync(path.join(repoDir, 'bench/fixtures/browser-requests.json'), 'utf8'),
) as Fixture;

describe('the recorded browser requests (bench/fixtures/browser-requests.json)', () => {
  it('were recorded from the web request code as it is now', () => {
    const code = webRequestCode(repoDir);
    expect(code.files.length).toBeGreaterThan(0);
    expect(
      code.sha256,
      "the web's request code (apps/web/src/**/api/) changed since the fixture was recorded: regenerate with " +
        'npm run build -w apps/web && npm run bench:record, and commit bench/fixtures/browser-requests.json',
    ).toBe(fixture.web_request_code.sha256);
  });

  it('hold the journeys the bench measures: reads and writes, all answered without an error', () => {
    const reads = fixture.requests.filter((r) => r.kind === 'read');
    const writes = fixture.requests.filter((r) => r.kind === 'write');
    expect(reads.length).toBeGreaterThan(10);
    expect(writes.map((w) => `${w.method} ${w.url.split('?')[0]}`)).toEqual(
      expect.arrayContaining([
        'POST /api/v4/customers/insurance-processes/{insuranceProcessId}/quote',
        'POST /api/v4/customers/payments',
        'POST /api/v4/customers/claims',
      ]),
    );
    expect(fixture.requests.filter((r) => r.status >= 400)).toEqual([]);
  });
});
