/**
 * Once per test run (Vitest's globalSetup): a folder of the run under the OS temporary folder, shared by
 * every test file and the processes they start (test/server-process.ts): Node's compile cache of the
 * spawned servers and the migrated data folder they start from. Removed when the run ends. Its type in
 * Vitest's ProvidedContext is declared in test/server-process.ts, which every program that reads it compiles.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

export default function setup(project: TestProject): () => void {
  const runDir = mkdtempSync(path.join(tmpdir(), 'cubierto-test-run-'));
  project.provide('runDir', runDir);
  return () => rmSync(runDir, { recursive: true, force: true });
}
